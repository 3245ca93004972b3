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
