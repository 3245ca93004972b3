/**
 * The provider API's check of the second factor (ADR 036, issue 30 finding 2): a token of a user who must have
 * two-step verification but has none is refused 403 on every operation but `getCurrentUser`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, type TestApi } from "../testing/harness.js";
import type { IdentityAdmin, SecondFactorState } from "./identity-admin.js";
import { createSecondFactorCheck, SECOND_FACTOR_REQUIRED_MESSAGE } from "./second-factor.js";
import type { Caller } from "./auth.js";

/** The user pool's per-user MFA settings, as a stand-in: userId → state (absent: no authenticator). */
const pool = new Map<string, SecondFactorState>();
const asked: string[] = [];
const identity: IdentityAdmin = {
  createUser: async () => {},
  setRole: async () => {},
  deleteUser: async () => {},
  signOut: async () => {},
  resetMfa: async (user) => void pool.set(user, { enabled: false, external: false }),
  secondFactor: async (user) => {
    asked.push(user);
    return pool.get(user) ?? { enabled: false, external: false };
  },
};

let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi({ secondFactorCacheSeconds: 60 }, { identity });
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());
beforeEach(async () => {
  // The API's own reset forgets what its check cached of each user.
  for (const u of [fx.productAdmin, fx.support, fx.adminA, fx.practitionerA1]) await api.services.identity!.resetMfa(u.userId);
  pool.clear();
  asked.length = 0;
  await api.db.query("UPDATE organizations SET mfa_required = false, mfa_required_since = NULL WHERE id = $1", [fx.orgA.id]);
});

const refused = { message: SECOND_FACTOR_REQUIRED_MESSAGE, status: 403 };
const as = (u: { userId: string; groups: string[] }) => ({ userId: u.userId, groups: u.groups });

describe("who must have a second factor", () => {
  it("product staff without an authenticator are refused everywhere but their own profile", async () => {
    for (const staff of [fx.productAdmin, fx.support]) {
      const list = await api.request("GET", "/v2/admin/organizations", { as: as(staff) });
      expect(list.status).toBe(403);
      expect(list.body).toEqual(refused);
      expect((await api.request("GET", "/v2/patients/pages", { as: as(staff) })).status).toBe(403);
      expect((await api.request("GET", "/v2/users/current", { as: as(staff) })).status).toBe(200);
    }
  });

  it("product staff with an authenticator are let in", async () => {
    pool.set(fx.productAdmin.userId, { enabled: true, external: false });
    expect((await api.request("GET", "/v2/admin/organizations", { as: as(fx.productAdmin) })).status).toBe(200);
  });

  it("a provider of an organization that requires it is refused without one, let in with one; not required: let in", async () => {
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(200);
    expect(asked).toEqual([]);
    await api.db.query("UPDATE organizations SET mfa_required = true WHERE id = $1", [fx.orgA.id]);
    const list = await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) });
    expect(list.status).toBe(403);
    expect(list.body).toEqual(refused);
    // A change too, before anything is looked up.
    const create = await api.request("POST", "/v2/locations", { as: as(fx.adminA), body: { name: "Refused", timezone: "America/Denver" } });
    expect(create.status).toBe(403);
    expect((await api.request("GET", "/v2/users/current", { as: as(fx.practitionerA1) })).status).toBe(200);
    pool.set(fx.practitionerA1.userId, { enabled: true, external: false });
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(200);
  });

  it("a session that began before the organization started requiring it runs to its end; a later sign-in is refused; staff have no such grace", async () => {
    // The requirement starts an hour from now: tokens minted now began before it.
    await api.db.query("UPDATE organizations SET mfa_required = true, mfa_required_since = now() + interval '1 hour' WHERE id = $1", [fx.orgA.id]);
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(200);
    // It started an hour ago: a token minted now is a later sign-in.
    await api.db.query("UPDATE organizations SET mfa_required_since = now() - interval '1 hour' WHERE id = $1", [fx.orgA.id]);
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(403);
    await api.db.query("UPDATE organizations SET mfa_required_since = NULL WHERE id = $1", [fx.orgA.id]);
  });

  it("turning the requirement on records since when; turning it off clears it", async () => {
    pool.set(fx.adminA.userId, { enabled: true, external: false });
    const on = await api.request("PUT", `/v2/organizations/${fx.orgA.id}/mfa-requirement`, { as: as(fx.adminA), body: { mfaRequired: true } });
    expect(on.status).toBe(200);
    const first = await api.db.one<{ since: Date }>("SELECT mfa_required_since AS since FROM organizations WHERE id = $1", [fx.orgA.id]);
    expect(first?.since).toBeInstanceOf(Date);
    // Again while it holds: kept.
    await api.request("PUT", `/v2/organizations/${fx.orgA.id}/mfa-requirement`, { as: as(fx.adminA), body: { mfaRequired: true } });
    expect((await api.db.one<{ since: Date }>("SELECT mfa_required_since AS since FROM organizations WHERE id = $1", [fx.orgA.id]))?.since).toEqual(first?.since);
    await api.request("PUT", `/v2/organizations/${fx.orgA.id}/mfa-requirement`, { as: as(fx.adminA), body: { mfaRequired: false } });
    expect((await api.db.one<{ since: Date | null }>("SELECT mfa_required_since AS since FROM organizations WHERE id = $1", [fx.orgA.id]))?.since).toBeNull();
  });

  it("a user of an external identity provider is left to it (the pool's MFA does not apply to them)", async () => {
    await api.db.query("UPDATE organizations SET mfa_required = true WHERE id = $1", [fx.orgA.id]);
    pool.set(fx.practitionerA1.userId, { enabled: false, external: true });
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(200);
  });
});

describe("what is cached", () => {
  it("only 'has one', per user; a reset through the API forgets it at once", async () => {
    await api.db.query("UPDATE organizations SET mfa_required = true WHERE id = $1", [fx.orgA.id]);
    pool.set(fx.practitionerA1.userId, { enabled: true, external: false });
    pool.set(fx.adminA.userId, { enabled: true, external: false });
    for (let i = 0; i < 3; i++) expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(200);
    expect(asked.filter((u) => u === fx.practitionerA1.userId)).toHaveLength(1);
    const reset = await api.request("POST", `/v2/practitioners/${fx.practitionerA1.practitionerId}/mfa-reset`, { as: as(fx.adminA) });
    expect(reset.status).toBe(204);
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(403);
  });

  it("a refusal is not cached: the user who has just enrolled is let in on the next call", async () => {
    await api.db.query("UPDATE organizations SET mfa_required = true WHERE id = $1", [fx.orgA.id]);
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(403);
    pool.set(fx.practitionerA1.userId, { enabled: true, external: false });
    expect((await api.request("GET", "/v2/patients/pages", { as: as(fx.practitionerA1) })).status).toBe(200);
  });

  it("'has one' runs out after its time, and an identity service that cannot be asked fails closed", async () => {
    let now = 0;
    let state: SecondFactorState | Error = { enabled: true, external: false };
    const check = createSecondFactorCheck(
      { ...identity, secondFactor: async () => { if (state instanceof Error) throw state; return state; } },
      { ttlMs: 1000, now: () => now },
    );
    const caller = { userId: "u1", groups: ["EXER_ADMIN"], role: "EXER_ADMIN" } as Caller;
    await expect(check.check("listOrganizations", caller)).resolves.toBeUndefined();
    state = { enabled: false, external: false };
    now = 999;
    await expect(check.check("listOrganizations", caller)).resolves.toBeUndefined();
    now = 1001;
    await expect(check.check("listOrganizations", caller)).rejects.toMatchObject({ status: 403 });
    state = new Error("unavailable");
    await expect(check.check("listOrganizations", caller)).rejects.toThrow("unavailable");
    await expect(check.check("getCurrentUser", caller)).resolves.toBeUndefined();
  });
});
