import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFixture, createPatient, type Fixture } from "../../testing/fixture.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";

let api: TestApi;
let fx: Fixture;
const as = (u: { userId: string; groups: string[] }) => ({ as: { userId: u.userId, groups: u.groups } });
const DAY = 86_400_000;

beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

type Row = { id: string; name: string; disabled: boolean; activePatients: number; sessionsLast30Days: number; cyclesReadyToBill: number };

describe("admin insights", () => {
  it("counts active patients, sessions of the last 30 days and cycles ready to bill per organization", async () => {
    const orgId = randomUUID();
    const locId = randomUUID();
    await api.db.query("INSERT INTO organizations (id, name, products, disabled) VALUES ($1, 'Aaa Insights Org', '{HEALTH,GAIT,SCAN}', true)", [orgId]);
    await api.db.query("INSERT INTO locations (id, organization_id, name, timezone) VALUES ($1, $2, 'Main', 'America/Denver')", [locId, orgId]);
    const pid = fx.practitionerA1.practitionerId;
    const active = await createPatient(api.db, { organizationId: orgId, locationId: locId, practitionerId: pid });
    const discharged = await createPatient(api.db, { organizationId: orgId, locationId: locId, practitionerId: pid });
    const hidden = await createPatient(api.db, { organizationId: orgId, locationId: locId, practitionerId: pid });
    await api.db.query("UPDATE patient_records SET discharge_date = current_date - 10 WHERE id = $1", [discharged]);
    await api.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [hidden]);
    const now = Date.now();
    // Health sessions: two inside the window (one of a discharged patient still counts), one older.
    for (const [patient, at] of [[active, now - 2 * DAY], [discharged, now - 29 * DAY], [active, now - 31 * DAY]] as const) {
      await api.db.query("INSERT INTO health_sessions (id, patient_record_id, date) VALUES ($1, $2, $3)", [randomUUID(), patient, new Date(at).toISOString()]);
    }
    await api.db.query(
      `INSERT INTO gait_sessions (id, organization_id, patient_record_id, session_uuid, session_schema, captured_date) VALUES ($1, $2, $3, $4, 'GAIT_SA_2', $5)`,
      [randomUUID(), orgId, active, randomUUID(), new Date(now - 3 * DAY).toISOString()],
    );
    await api.db.query(
      `INSERT INTO scan_sessions (id, organization_id, session_uuid, assessment_id, scan_version, participant_uid, created_date, updated_date)
       VALUES ($1, $2, $3, 'AST-0018', '2.18.3', 'P-1', $4, $4)`,
      [randomUUID(), orgId, randomUUID(), new Date(now - 1 * DAY).toISOString()],
    );
    for (const status of ["READY_TO_BILL", "READY_TO_BILL", "BILLED", "IN_PROGRESS"]) {
      await api.db.query(
        "INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date) VALUES ($1, $2, 'PATIENT_SETUP', $3, current_date - 40, current_date - 10)",
        [randomUUID(), active, status],
      );
    }

    const r = await api.request("GET", "/v2/admin/insights", as(fx.support));
    expect(r.status).toBe(200);
    const body = r.body as { since: string; organizations: Row[] };
    expect(Math.abs(Date.parse(body.since) - (now - 30 * DAY))).toBeLessThan(60_000);
    const names = body.organizations.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const row = body.organizations.find((o) => o.id === orgId);
    expect(row).toMatchObject({ name: "Aaa Insights Org", disabled: true, activePatients: 1, sessionsLast30Days: 4, cyclesReadyToBill: 2 });
    // The fixture's organization A: four patients with open plans, nothing else.
    expect(body.organizations.find((o) => o.id === fx.orgA.id)).toMatchObject({ disabled: false, activePatients: 4, sessionsLast30Days: 0, cyclesReadyToBill: 0 });
  });

  it("is for product staff only", async () => {
    expect((await api.request("GET", "/v2/admin/insights", as(fx.adminA))).status).toBe(403);
    expect((await api.request("GET", "/v2/admin/insights", as(fx.productAdmin))).status).toBe(200);
  });
});
