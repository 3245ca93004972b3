/** The API keeps a provider's role and the identity service's groups in step (sign-up, role changes). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Role } from "./auth.js";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, type TestApi } from "../testing/harness.js";

const calls: [string, Role][] = [];
/** The accounts the API made (ADR 042), by username; `failNext` makes the next creation fail as the identity service would. */
const accounts = new Map<string, { email: string; password: string }>();
let failNext: string | undefined;
let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi({}, {
    identity: {
      createUser: async (u) => {
        const fail = failNext;
        failNext = undefined;
        if (fail) throw Object.assign(new Error(fail), { name: fail });
        await new Promise((r) => setTimeout(r, 20)); // the identity service takes a while: concurrent posts overlap here
        accounts.set(u.username, { email: u.email, password: u.password });
      },
      setRole: async (u, r) => void calls.push([u, r]),
      deleteUser: async () => {},
      signOut: async () => {},
      resetMfa: async () => {},
      secondFactor: async () => ({ enabled: true, external: false }),
    },
  });
  fx = await createFixture(api.db);
});

async function invite(role: Role = "PORTAL_PRACTITIONER") {
  const email = `invitee-${randomUUID().slice(0, 8)}@test.example`;
  const created = (await api.request("POST", "/v2/practitioners", { as: fx.adminA, body: { firstName: "Noor", lastName: "Haddad", email, role, locationIds: [fx.orgA.locations[0]], useSSO: false } })).body;
  if (!created?.id) throw new Error(`invite: ${JSON.stringify(created)}`);
  const code = (await api.db.one<{ invite_code: string }>("SELECT invite_code FROM practitioners WHERE id = $1", [created.id]))!.invite_code;
  return { id: created.id as string, email, code };
}
const accountsOf = (email: string) => [...accounts.values()].filter((a) => a.email === email).length;

it("signs an invitee up through the API: one account with the invitation's e-mail and role, linked at once; no token needed", async () => {
  const { id, email, code } = await invite("PORTAL_PROVIDER_ADMIN");
  const res = await api.request("POST", `/v2/sign-up/${code}`, { body: { password: "lantern tidal harbour" } });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ userId: id, email });
  expect(accounts.get(id)).toEqual({ email, password: "lantern tidal harbour" });
  expect(calls).toContainEqual([id, "PORTAL_PROVIDER_ADMIN"]);
  const row = await api.db.one<{ user_id: string }>("SELECT user_id FROM practitioners WHERE id = $1", [id]);
  expect(row?.user_id).toBe(id);
});

it("makes one account for concurrent and repeated posts of one invitation; every later post gets the unknown code's answer", async () => {
  const { email, code } = await invite();
  const answers = await Promise.all([1, 2, 3].map(() => api.request("POST", `/v2/sign-up/${code}`, { body: { password: "lantern tidal harbour" } })));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 404, 404]);
  expect(accountsOf(email)).toBe(1);
  const again = await api.request("POST", `/v2/sign-up/${code}`, { body: { password: "another long password" } });
  const unknown = await api.request("POST", "/v2/sign-up/NO-SUCH-CODE", { body: { password: "another long password" } });
  expect([again.status, again.body]).toEqual([404, unknown.body]);
  expect(accountsOf(email)).toBe(1);
});

it("checks the password rule before anything is made (the spec's messages, the common-password list)", async () => {
  const { email, code } = await invite();
  for (const [password, message] of [["password1234", "This password is too common and easy to guess. Please choose another."], ["short pw", "Password must be at least 12 characters."]] as const) {
    const res = await api.request("POST", `/v2/sign-up/${code}`, { body: { password } });
    expect([res.status, res.body.message]).toEqual([400, message]);
  }
  expect(accountsOf(email)).toBe(0);
  expect((await api.request("GET", `/v2/sign-up/${code}`)).status).toBe(200);
});

it("leaves the invitation unused when the identity service refuses; an e-mail with another account is a 409", async () => {
  const { id, email, code } = await invite();
  failNext = "InternalErrorException";
  expect((await api.request("POST", `/v2/sign-up/${code}`, { body: { password: "lantern tidal harbour" } })).status).toBe(500);
  expect((await api.db.one<{ user_id: string | null }>("SELECT user_id FROM practitioners WHERE id = $1", [id]))?.user_id).toBeNull();
  failNext = "AliasExistsException";
  const taken = await api.request("POST", `/v2/sign-up/${code}`, { body: { password: "lantern tidal harbour" } });
  expect(taken.status).toBe(409);
  // The retry makes the account under the same username (the invitation's), so a half-made one is finished, not doubled.
  expect((await api.request("POST", `/v2/sign-up/${code}`, { body: { password: "lantern tidal harbour" } })).status).toBe(201);
  expect(accountsOf(email)).toBe(1);
});

it("a used, unknown or withdrawn code answers the same 404 at the look-up: nothing about the invitee", async () => {
  const used = await invite();
  expect((await api.request("POST", `/v2/sign-up/${used.code}`, { body: { password: "lantern tidal harbour" } })).status).toBe(201);
  const withdrawn = await invite();
  expect((await api.request("DELETE", `/v2/practitioners/${withdrawn.id}`, { as: fx.adminA })).status).toBe(204);
  const answers = await Promise.all([used.code, withdrawn.code, "NO-SUCH-CODE"].map((code) => api.request("GET", `/v2/sign-up/${code}`)));
  for (const res of answers) expect([res.status, res.body]).toEqual([404, answers[2]!.body]);
  expect(JSON.stringify(answers.map((a) => a.body))).not.toMatch(/Noor|Haddad|invitee-/);
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
