/** The API keeps a provider's role and the identity service's groups in step (sign-up, role changes). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Role } from "./auth.js";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, type TestApi } from "../testing/harness.js";

const calls: [string, Role][] = [];
let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi({}, { identity: { setRole: async (u, r) => void calls.push([u, r]), deleteUser: async () => {}, signOut: async () => {}, resetMfa: async () => {}, secondFactor: async () => ({ enabled: true, external: false }) } });
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());

it("gives an invited provider their role as a group when they complete sign-up, and the profile answers it", async () => {
  const invite = (await api.request("POST", "/v2/practitioners", { as: fx.adminA, body: { firstName: "Ines", lastName: "Moreau", email: `ines-${randomUUID().slice(0, 6)}@test.example`, role: "PORTAL_PROVIDER_ADMIN", locationIds: [], useSSO: false } })).body;
  const code = (await api.db.one<{ invite_code: string }>("SELECT invite_code FROM practitioners WHERE id = $1", [invite.id]))!.invite_code;
  const newUser = { userId: randomUUID(), groups: [] };
  const res = await api.request("POST", `/v2/users/${newUser.userId}/complete-sign-up`, { as: newUser, body: { userId: newUser.userId, firstName: "Ines", lastName: "Moreau", inviteCode: code } });
  expect(res.status).toBe(200);
  expect(calls).toContainEqual([newUser.userId, "PORTAL_PROVIDER_ADMIN"]);
  expect(res.body.role).toBe("PORTAL_PROVIDER_ADMIN");
});

it("moves a provider with an account to the new role's group when an admin changes the role", async () => {
  calls.length = 0;
  const res = await api.request("PATCH", `/v2/practitioners/${fx.practitionerA2.practitionerId}`, { as: fx.adminA, body: { role: "PORTAL_PROVIDER_ADMIN" } });
  expect(res.status).toBe(200);
  expect(calls).toEqual([[fx.practitionerA2.userId, "PORTAL_PROVIDER_ADMIN"]]);
});
