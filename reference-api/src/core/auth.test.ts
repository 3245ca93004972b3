import { afterAll, beforeAll, expect, it } from "vitest";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, type TestApi } from "../testing/harness.js";
import { resolveCaller } from "./auth.js";

let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi();
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());

it("resolves the caller with the organization's today in one query, and nothing about access is cached", async () => {
  await api.db.query("UPDATE organizations SET timezone = 'Pacific/Kiritimati' WHERE id = $1", [fx.orgA.id]); // UTC+14
  const token = { userId: fx.adminA.userId, groups: fx.adminA.groups };
  const caller = await resolveCaller(api.db, token);
  const expected = (await api.db.one<{ d: string }>("SELECT ((now() AT TIME ZONE 'Pacific/Kiritimati')::date)::text AS d"))!.d;
  expect(caller).toMatchObject({ practitionerId: fx.adminA.practitionerId, organizationId: fx.orgA.id, role: "PORTAL_PROVIDER_ADMIN", today: expected });
  expect(caller.locationIds.sort()).toEqual([...fx.orgA.locations].sort());
  // Changes take effect on the next request: locations, the time zone, a disabled organization.
  await api.db.query("DELETE FROM practitioner_locations WHERE practitioner_id = $1 AND location_id = $2", [fx.adminA.practitionerId, fx.orgA.locations[1]]);
  await api.db.query("UPDATE organizations SET timezone = 'Pacific/Pago_Pago' WHERE id = $1", [fx.orgA.id]); // UTC-11
  const again = await resolveCaller(api.db, token);
  expect(again.locationIds).toEqual([fx.orgA.locations[0]]);
  expect(again.today).toBe((await api.db.one<{ d: string }>("SELECT ((now() AT TIME ZONE 'Pacific/Pago_Pago')::date)::text AS d"))!.d);
  await api.db.query("UPDATE organizations SET disabled = true WHERE id = $1", [fx.orgA.id]);
  await expect(resolveCaller(api.db, token)).rejects.toMatchObject({ status: 403 });
  // A user without a practitioner row: no organization, no today.
  expect((await resolveCaller(api.db, { userId: "nobody", groups: [] })).today).toBeUndefined();
});
