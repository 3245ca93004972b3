import { afterAll, beforeAll, expect, it } from "vitest";
import { createFixture, createPatient, type Fixture } from "../testing/fixture.js";
import { createTestApi, type TestApi } from "../testing/harness.js";

let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());

it("keeps the patient list's total exact across writes (cached counts are checked against the table version)", async () => {
  const total = async () => (await api.request("GET", "/v2/patients/pages?limit=1", { as: fx.adminA })).body.metadata.totalItems as number;
  expect(await total()).toBe(4);
  expect(await total()).toBe(4); // served from the cache
  const id = await createPatient(api.db, { organizationId: fx.orgA.id, locationId: fx.orgA.locations[0], practitionerId: fx.practitionerA1.practitionerId });
  expect(await total()).toBe(5);
  await api.db.query("UPDATE patient_records SET discharge_date = current_date - 2 WHERE id = $1", [id]);
  expect(await total()).toBe(4);
  await api.db.query("DELETE FROM patient_records WHERE id = $1", [id]);
  expect(await total()).toBe(4);
});

it("versions a count over several tables by all of them, and never reuses a count without a version", async () => {
  const { CountCache } = await import("./count-cache.js");
  const cache = new CountCache();
  const tables = ["patient_records", "rtm_cycles"];
  const sql = "SELECT count(*) FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id WHERE pr.organization_id = $1 AND NOT pr.hidden";
  const count = async (t: string | string[], q = sql) => {
    const v = (await api.db.one<{ v: string | null }>(`SELECT ${CountCache.versionSql(t)} AS v`))!.v;
    return cache.count(api.db, t, v, q, [fx.orgA.id]);
  };
  const patient = fx.patients.a1[0]!;
  expect(await count(tables)).toBe(0);
  await api.db.query("INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date) VALUES (gen_random_uuid(), $1, 'PATIENT_SETUP', 'IN_PROGRESS', current_date, current_date + 29)", [patient]);
  expect(await count(tables)).toBe(1); // rtm_cycles changed
  await api.db.query("UPDATE patient_records SET hidden = true WHERE id = $1", [patient]);
  expect(await count(tables)).toBe(0); // patient_records changed
  await api.db.query("UPDATE patient_records SET hidden = false WHERE id = $1", [patient]);
  // A table without a version row (plans_of_care): the count is taken afresh every time.
  const plans = "SELECT count(*) FROM plans_of_care c JOIN patient_records pr ON pr.id = c.patient_record_id WHERE pr.organization_id = $1";
  expect(CountCache.versionSql(["patient_records", "plans_of_care"])).toContain("count(*) = 2");
  const before = await count(["patient_records", "plans_of_care"], plans);
  await api.db.query("INSERT INTO plans_of_care (id, patient_record_id, start_date) VALUES (gen_random_uuid(), $1, current_date)", [patient]);
  expect(await count(["patient_records", "plans_of_care"], plans)).toBe(before + 1);
  expect(await count("plans_of_care", plans)).toBe(before + 1);
  await api.db.query("INSERT INTO plans_of_care (id, patient_record_id, start_date) VALUES (gen_random_uuid(), $1, current_date)", [patient]);
  expect(await count("plans_of_care", plans)).toBe(before + 2);
});
