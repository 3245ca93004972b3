/**
 * A small world for tests, inserted directly: two organizations (A with two locations, B with one), their
 * provider admins and practitioners, product staff, and patients at each location. Users are given as
 * `{userId, groups}` so tests pass them to `api.request(..., { as })`.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db/db.js";

export interface FixtureUser {
  userId: string;
  groups: string[];
  practitionerId: string;
  organizationId: string;
}

export interface Fixture {
  orgA: { id: string; locations: [string, string] };
  orgB: { id: string; locations: [string] };
  internalOrg: { id: string };
  /** Provider admin of A. */
  adminA: FixtureUser;
  /** Practitioner of A at A's first location only. */
  practitionerA1: FixtureUser;
  /** Practitioner of A at A's second location only. */
  practitionerA2: FixtureUser;
  adminB: FixtureUser;
  practitionerB: FixtureUser;
  productAdmin: FixtureUser;
  support: FixtureUser;
  /** Patients: two at each of A's locations, two at B's; all HEALTH+GAIT with a current plan of care. */
  patients: { a1: string[]; a2: string[]; b: string[] };
}

async function org(db: Db, name: string, products: string[], internal = false): Promise<string> {
  const id = randomUUID();
  await db.query("INSERT INTO organizations (id, name, products, is_internal) VALUES ($1, $2, $3, $4)", [id, name, products, internal]);
  return id;
}

async function location(db: Db, organizationId: string, name: string): Promise<string> {
  const id = randomUUID();
  await db.query("INSERT INTO locations (id, organization_id, name, city, state_code) VALUES ($1, $2, $3, 'Denver', 'CO')", [id, organizationId, name]);
  return id;
}

async function user(db: Db, organizationId: string, role: string, locationIds: string[], label: string): Promise<FixtureUser> {
  const practitionerId = randomUUID();
  const userId = randomUUID();
  await db.query(
    "INSERT INTO practitioners (id, organization_id, user_id, first_name, last_name, email, role, added_as_role) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    [practitionerId, organizationId, userId, label, "Tester", `${label.toLowerCase()}-${userId.slice(0, 8)}@test.example`, role],
  );
  for (const loc of locationIds) await db.query("INSERT INTO practitioner_locations (practitioner_id, location_id) VALUES ($1, $2)", [practitionerId, loc]);
  return { userId, groups: [role], practitionerId, organizationId };
}

export async function createPatient(
  db: Db,
  p: { organizationId: string; locationId: string; practitionerId: string; firstName?: string; lastName?: string; products?: string[]; hasAccount?: boolean; email?: string | null; phoneNumber?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO patient_records (id, organization_id, location_id, practitioner_id, first_name, last_name, email, phone_number, products, has_account, injured_side_of_body, injured_body_part, gait_uid)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'LEFT', 'Knee', $11)`,
    [id, p.organizationId, p.locationId, p.practitionerId, p.firstName ?? "Pat", p.lastName ?? `Patient-${id.slice(0, 6)}`, p.email === undefined ? `pat-${id.slice(0, 8)}@test.example` : p.email, p.phoneNumber === undefined ? "+13035550100" : p.phoneNumber, p.products ?? ["HEALTH", "GAIT"], p.hasAccount ?? true, `GT-${id.slice(0, 6).toUpperCase()}`],
  );
  await db.query("INSERT INTO plans_of_care (id, patient_record_id, start_date, products) VALUES ($1, $2, current_date - 30, $3)", [randomUUID(), id, p.products ?? ["HEALTH", "GAIT"]]);
  return id;
}

export async function createFixture(db: Db): Promise<Fixture> {
  const a = await org(db, "Org A", ["HEALTH", "GAIT", "PRO", "SCAN"]);
  const b = await org(db, "Org B", ["HEALTH", "GAIT", "PRO", "SCAN"]);
  const internal = await org(db, "Exer Internal", [], true);
  const a1 = await location(db, a, "A North");
  const a2 = await location(db, a, "A South");
  const b1 = await location(db, b, "B Main");
  const adminA = await user(db, a, "PORTAL_PROVIDER_ADMIN", [a1, a2], "AdminA");
  const practitionerA1 = await user(db, a, "PORTAL_PRACTITIONER", [a1], "PractA1");
  const practitionerA2 = await user(db, a, "PORTAL_PRACTITIONER", [a2], "PractA2");
  const adminB = await user(db, b, "PORTAL_PROVIDER_ADMIN", [b1], "AdminB");
  const practitionerB = await user(db, b, "PORTAL_PRACTITIONER", [b1], "PractB");
  const productAdmin = await user(db, internal, "EXER_ADMIN", [], "Staff");
  const support = await user(db, internal, "EXER_SUPPORT", [], "Support");
  const mk = (organizationId: string, locationId: string, practitionerId: string) => createPatient(db, { organizationId, locationId, practitionerId });
  return {
    orgA: { id: a, locations: [a1, a2] },
    orgB: { id: b, locations: [b1] },
    internalOrg: { id: internal },
    adminA,
    practitionerA1,
    practitionerA2,
    adminB,
    practitionerB,
    productAdmin,
    support,
    patients: {
      a1: [await mk(a, a1, practitionerA1.practitionerId), await mk(a, a1, practitionerA1.practitionerId)],
      a2: [await mk(a, a2, practitionerA2.practitionerId), await mk(a, a2, practitionerA2.practitionerId)],
      b: [await mk(b, b1, practitionerB.practitionerId), await mk(b, b1, practitionerB.practitionerId)],
    },
  };
}
