import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/harness.js";
import type { Db } from "../db/db.js";
import { createRng, type CoreWorld } from "./context.js";
import { buildCoreWorld, DEMO_INVITE_CODE, DEMO_INVITEE, seedCore, stableUuid } from "./core.js";
import { demoAccounts } from "./demo-accounts.js";

const today = new Date("2026-03-15T00:00:00.000Z");
const streams = (seed: number) => (s: string) => createRng(seed + s.length);
const TABLES = ["organizations", "locations", "practitioners", "practitioner_locations", "patient_records", "plans_of_care"];

/** A digest of every row of the core tables (deterministic order), to compare two databases. */
async function digest(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    const order = t === "practitioner_locations" ? "t.practitioner_id, t.location_id" : "t.id";
    const row = await db.one<{ d: string }>(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY ${order}), '')) AS d FROM ${t} t`);
    out[t] = row!.d;
  }
  return out;
}

let api1: TestApi;
let api2: TestApi;
let world1: CoreWorld;
let world2: CoreWorld;

beforeAll(async () => {
  api1 = await createTestApi();
  api2 = await createTestApi();
  const ctx = (api: TestApi) => ({ db: api.db, files: api.services.files, world: "demo" as const, today, rng: streams(20261122), log: () => {} });
  world1 = await seedCore(ctx(api1));
  world2 = await seedCore(ctx(api2));
});
afterAll(async () => {
  await api1?.close();
  await api2?.close();
});

describe("seedCore determinism", () => {
  it("two runs produce identical worlds and identical tables", async () => {
    expect(world2).toEqual(world1);
    expect(await digest(api2.db)).toEqual(await digest(api1.db));
    const counts = await api1.db.one<{ p: number; poc: number }>("SELECT (SELECT count(*)::int FROM patient_records) AS p, (SELECT count(*)::int FROM plans_of_care) AS poc");
    expect(counts!.p).toBe(world1.patients.length);
    expect(counts!.poc).toBeGreaterThanOrEqual(world1.patients.length);
  });

  it("another seed gives other patients but the same organizations, locations and demo accounts", () => {
    const other = buildCoreWorld({ rng: createRng(1), today, world: "demo" });
    expect(other.core.patients[0]!.id).not.toBe(world1.patients[0]!.id);
    expect(other.core.organizations).toEqual(world1.organizations);
    expect(other.core.locations).toEqual(world1.locations);
    for (const a of demoAccounts) {
      expect(other.core.practitioners.find((p) => p.userId === a.userId)!.id).toBe(world1.practitioners.find((p) => p.userId === a.userId)!.id);
    }
  });

  it("the database rows match the returned world", async () => {
    const p = world1.patients[17]!;
    const row = await api1.db.one<Record<string, unknown>>(
      `SELECT organization_id, location_id, practitioner_id, first_name, last_name, email, phone_number, products, has_account, gait_uid,
              injured_side_of_body, injured_body_part, discharge_date::text AS discharge_date, to_json(created_at)#>>'{}' AS created_at,
              (SELECT start_date::text FROM plans_of_care WHERE patient_record_id = pr.id ORDER BY start_date DESC LIMIT 1) AS plan_start
         FROM patient_records pr WHERE id = $1`,
      [p.id],
    );
    expect(row).toEqual({
      organization_id: p.organizationId, location_id: p.locationId, practitioner_id: p.practitionerId, first_name: p.firstName, last_name: p.lastName,
      email: p.email, phone_number: p.phoneNumber, products: p.products, has_account: p.hasAccount, gait_uid: p.gaitUid,
      injured_side_of_body: p.injuredSideOfBody, injured_body_part: p.injuredBodyPart, discharge_date: p.dischargeDate,
      created_at: expect.any(String), plan_start: p.planStart,
    });
    expect(Date.parse(row!.created_at as string)).toBe(Date.parse(p.createdAt));
  });
});

describe("the demo world", () => {
  const org = (key: string) => world1.organizations.find((o) => o.id === stableUuid(`organization:${key}`))!;

  it("has the five organizations of the demo accounts", () => {
    expect(world1.organizations).toHaveLength(5);
    expect(org("frontRange")).toMatchObject({ products: ["HEALTH", "GAIT", "PRO", "SCAN"], disabled: false, isResearch: false, isInternal: false });
    expect(org("scanOnly")).toMatchObject({ products: ["SCAN"], disabled: false });
    expect(org("research")).toMatchObject({ isResearch: true });
    expect([...org("research").products].sort()).toEqual(["GAIT", "SCAN"]);
    expect(org("disabled")).toMatchObject({ products: ["HEALTH"], disabled: true });
    expect(org("internal")).toMatchObject({ isInternal: true });
    const frontRangeLocations = world1.locations.filter((l) => l.organizationId === org("frontRange").id);
    expect(frontRangeLocations.length).toBeGreaterThanOrEqual(4);
    expect(new Set(frontRangeLocations.map((l) => l.timezone)).size).toBe(frontRangeLocations.length);
    for (const l of world1.locations) expect(l.timezone).toMatch(/^America\//);
  });

  it("has every demo account exactly, with its highest group as role", async () => {
    for (const a of demoAccounts) {
      const p = world1.practitioners.find((x) => x.userId === a.userId);
      const expectedRole = ["EXER_ADMIN", "EXER_SUPPORT", "PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"].find((r) => a.groups.includes(r)) ?? "PORTAL_PRACTITIONER";
      expect(p, a.email).toMatchObject({ email: a.email, firstName: a.firstName, lastName: a.lastName, role: expectedRole, organizationId: org(a.organization).id });
      const row = await api1.db.one<{ role: string; email: string }>("SELECT role, email FROM practitioners WHERE user_id = $1", [a.userId]);
      expect(row).toEqual({ role: expectedRole, email: a.email });
    }
    const maya = world1.practitioners.find((p) => p.email === "practitioner@frontrange.example")!;
    expect(maya.locationIds).toHaveLength(2);
    // Through the API: the demo practitioner's profile shows exactly her two locations.
    const me = await api1.request("GET", "/v2/users/current", { as: { userId: maya.userId!, groups: ["PORTAL_PRACTITIONER"] } });
    expect(me.status).toBe(200);
    expect(me.body.locations).toHaveLength(2);
  });

  it("has ~10 more providers per organization, some only invited, and the fixed demo invite", async () => {
    for (const o of world1.organizations) {
      const extra = world1.practitioners.filter((p) => p.organizationId === o.id && !demoAccounts.some((a) => a.userId === p.userId));
      expect(extra.length, o.name).toBeGreaterThanOrEqual(10);
      expect(extra.filter((p) => p.userId === null).length, o.name).toBeGreaterThanOrEqual(1);
      for (const p of extra.filter((x) => x.userId === null)) expect(p.inviteCode).toBeTruthy();
    }
    const emails = world1.practitioners.map((p) => p.email.toLowerCase());
    expect(new Set(emails).size).toBe(emails.length);
    const lookup = await api1.request("GET", `/v2/sign-up/${DEMO_INVITE_CODE}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ ...DEMO_INVITEE, inviteCode: DEMO_INVITE_CODE, hasAccount: false, organizationName: "Front Range Physical Therapy" });
    // Every practitioner at a location; every location with a current provider for its patients.
    for (const p of world1.practitioners.filter((x) => x.role === "PORTAL_PRACTITIONER")) expect(p.locationIds.length).toBeGreaterThanOrEqual(1);
  });

  it("has 500+ patients with the product mixes, states and formats the areas need", () => {
    const pts = world1.patients;
    expect(pts.length).toBeGreaterThanOrEqual(500);
    const mixes = new Set(pts.map((p) => [...p.products].sort().join("+")));
    for (const m of ["HEALTH", "GAIT", "GAIT+HEALTH", "PRO", "HEALTH+PRO"]) expect(mixes, m).toContain(m);
    const todayStr = today.toISOString().slice(0, 10);
    const limit = new Date(today.getTime() - 120 * 86_400_000).toISOString();
    const practitionerIds = new Set(world1.practitioners.filter((p) => p.userId).map((p) => p.id));
    for (const p of pts) {
      if (p.phoneNumber !== null) expect(p.phoneNumber).toMatch(/^\+1\d{10}$/);
      if (p.products.includes("PRO") && !p.products.includes("HEALTH")) expect(p.phoneNumber).not.toBeNull();
      if (p.products.includes("HEALTH")) {
        expect(p.email).not.toBeNull();
        expect(["LEFT", "RIGHT", "BOTH"]).toContain(p.injuredSideOfBody);
        expect(["SHOULDER", "HIP", "KNEE", "SPINE", "MULTIPLE"]).toContain(p.injuredBodyPart);
      } else expect(p.hasAccount).toBe(false);
      if (p.products.includes("GAIT")) expect(p.gaitUid).toMatch(/^GT-\d{4,}$/);
      else expect(p.gaitUid).toBeNull();
      expect(p.createdAt >= limit && p.createdAt < today.toISOString()).toBe(true);
      expect(p.planStart <= todayStr).toBe(true);
      if (p.dischargeDate) expect(p.dischargeDate > p.planStart).toBe(true);
      expect(practitionerIds.has(p.practitionerId)).toBe(true);
      const loc = world1.locations.find((l) => l.id === p.locationId)!;
      expect(loc.organizationId).toBe(p.organizationId);
    }
    const health = pts.filter((p) => p.products.includes("HEALTH") && p.organizationId === org("frontRange").id);
    expect(health.some((p) => p.hasAccount)).toBe(true);
    expect(health.some((p) => !p.hasAccount)).toBe(true);
    expect(pts.some((p) => p.dischargeDate !== null && p.dischargeDate < todayStr)).toBe(true);
    expect(pts.some((p) => p.dischargeDate !== null && p.dischargeDate > todayStr)).toBe(true);
    expect(pts.filter((p) => p.organizationId === org("disabled").id).every((p) => p.dischargeDate !== null && p.dischargeDate < todayStr)).toBe(true);
    expect(pts.filter((p) => p.organizationId === org("scanOnly").id)).toHaveLength(0);
    // The demo practitioner has patients of her own at both her locations.
    const maya = world1.practitioners.find((p) => p.email === "practitioner@frontrange.example")!;
    expect(new Set(pts.filter((p) => p.practitionerId === maya.id).map((p) => p.locationId)).size).toBe(2);
  });
});

describe("the large world", () => {
  it("has the same organizations and providers and 100,000 patients spread over the locations", () => {
    const large = buildCoreWorld({ rng: streams(20261122)("core"), today, world: "large" });
    const demo = buildCoreWorld({ rng: streams(20261122)("core"), today, world: "demo" });
    expect(large.core.patients).toHaveLength(100_000);
    expect(large.core.organizations).toEqual(demo.core.organizations);
    expect(large.core.practitioners).toEqual(demo.core.practitioners);
    const perLocation = new Map<string, number>();
    for (const p of large.core.patients) perLocation.set(p.locationId, (perLocation.get(p.locationId) ?? 0) + 1);
    const withPatients = world1.locations.filter((l) => !l.name.startsWith("Summit"));
    for (const l of withPatients) expect(perLocation.get(l.id) ?? 0, l.name).toBeGreaterThan(500);
    expect(new Set(large.core.patients.map((p) => p.id)).size).toBe(100_000);
  });
});
