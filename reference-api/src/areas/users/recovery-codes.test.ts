/** Recovery codes of two-step verification (ADR 027): made once, stored hashed, used once, at sign-in without a token. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IdentityAdmin } from "../../core/identity-admin.js";
import { createFixture, type Fixture } from "../../testing/fixture.js";
import { createTestApi, type TestApi } from "../../testing/harness.js";
import { RECOVERY_CODE_INVALID } from "./handlers.js";
import { newRecoveryCode, normalizeRecoveryCode } from "./recovery-codes.js";

let api: TestApi;
let fx: Fixture;
const resets: string[] = [];
const identity: IdentityAdmin = {
  createUser: async () => {},
  setRole: async () => {},
  deleteUser: async () => {},
  signOut: async () => {},
  resetMfa: async (user) => void resets.push(user),
  secondFactor: async () => ({ enabled: true, external: false }),
};

beforeAll(async () => {
  api = await createTestApi({}, { identity });
  fx = await createFixture(api.db);
});
afterAll(async () => api?.close());

const make = async (as: { userId: string; groups: string[] }) => {
  const res = await api.request("POST", "/v2/users/current/mfa-recovery-codes", { as, body: { reason: "renewed" } });
  expect(res.status).toBe(201);
  return res.body.codes as string[];
};
const redeem = (userId: string, recoveryCode: string, headers: Record<string, string> = {}) =>
  api.request("POST", "/v2/mfa-recovery", { body: { userId, recoveryCode }, headers });

describe("recovery codes", () => {
  it("makes 10 distinct codes of 80 bits, stores only their hashes, and a new set replaces the old", async () => {
    const codes = await make(fx.practitionerA1);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const rows = await api.db.query<{ code_hash: Buffer }>("SELECT code_hash FROM mfa_recovery_codes WHERE user_id = $1", [fx.practitionerA1.userId]);
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows.map((r) => Buffer.from(r.code_hash).toString("hex")));
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(Buffer.from(normalizeRecoveryCode(c)!).toString("hex"));
    }
    const again = await make(fx.practitionerA1);
    expect((await redeem(fx.practitionerA1.userId, codes[0]!)).status).toBe(400);
    expect(again).not.toContain(codes[0]);
  });

  it("uses a code once, as typed (case, spaces, dashes), turns the authenticator off and records it", async () => {
    const codes = await make(fx.practitionerA2);
    resets.length = 0;
    const typed = codes[3]!.toLowerCase().replace(/-/g, " ");
    const res = await redeem(fx.practitionerA2.userId, typed, { "x-request-id": "req-recovery-1" });
    expect(res.status).toBe(204);
    expect(resets).toEqual([fx.practitionerA2.userId]);
    const log = await api.db.query("SELECT event, subject_user_id, user_id, practitioner_id::text AS p, status FROM account_security_log WHERE request_id = 'req-recovery-1'");
    expect(log).toEqual([{ event: "mfa-recovered", subject_user_id: fx.practitionerA2.userId, user_id: fx.practitionerA2.userId, p: fx.practitionerA2.practitionerId, status: 204 }]);
    const used = await redeem(fx.practitionerA2.userId, codes[3]!);
    expect(used.status).toBe(400);
    expect(used.body.message).toBe(RECOVERY_CODE_INVALID);
  });

  it("answers one message for a wrong code, another user's code, an unknown user and garbage; changes nothing", async () => {
    const codes = await make(fx.adminA);
    resets.length = 0;
    for (const [user, code] of [
      [fx.adminA.userId, newRecoveryCode()],
      [fx.adminB.userId, codes[0]!],
      ["no-such-user", codes[1]!],
      [fx.adminA.userId, "not a code"],
    ] as const) {
      const res = await redeem(user, code);
      expect(res.status, `${user} ${code}`).toBe(400);
      expect(res.body.message).toBe(RECOVERY_CODE_INVALID);
    }
    expect(resets).toEqual([]);
    expect((await redeem(fx.adminA.userId, codes[0]!)).status).toBe(204);
  });

  it("keeps the code when the identity service refuses (the user can try again)", async () => {
    const codes = await make(fx.adminB);
    const original = identity.resetMfa;
    identity.resetMfa = async () => { throw new Error("identity service unavailable"); };
    try {
      expect((await redeem(fx.adminB.userId, codes[0]!)).status).toBe(500);
    } finally {
      identity.resetMfa = original;
    }
    expect((await redeem(fx.adminB.userId, codes[0]!)).status).toBe(204);
  });

  it("needs a provider account and a role to make codes; an admin's reset deletes them", async () => {
    expect((await api.request("POST", "/v2/users/current/mfa-recovery-codes", { as: { userId: "nobody-here", groups: ["PORTAL_PRACTITIONER"] }, body: { reason: "renewed" } })).status).toBe(403);
    expect((await api.request("POST", "/v2/users/current/mfa-recovery-codes", { as: { userId: fx.practitionerA1.userId, groups: [] }, body: { reason: "renewed" } })).status).toBe(403);
    expect((await api.request("POST", "/v2/users/current/mfa-recovery-codes", { body: { reason: "renewed" } })).status).toBe(401);
    const codes = await make(fx.practitionerB);
    expect((await api.request("POST", `/v2/practitioners/${fx.practitionerB.practitionerId}/mfa-reset`, { as: fx.adminB })).status).toBe(204);
    expect((await redeem(fx.practitionerB.userId, codes[0]!)).status).toBe(400);
  });
});

describe("the account's security history (ADR 034)", () => {
  const history = async (as: { userId: string; groups: string[] }) => {
    const res = await api.request("GET", "/v2/users/current/security-events", { as });
    expect(res.status).toBe(200);
    return res.body.items as { event: string; at: string; bySelf: boolean }[];
  };

  it("records why codes were made (an enrolment, a replacement, new codes) and shows the user their own events, newest first", async () => {
    const me = fx.adminB;
    const before = (await history(me)).length;
    for (const reason of ["enrolled", "replaced", "renewed"] as const) {
      const res = await api.request("POST", "/v2/users/current/mfa-recovery-codes", { as: me, body: { reason } });
      expect(res.status).toBe(201);
    }
    const items = await history(me);
    expect(items.slice(0, 3).map((i) => [i.event, i.bySelf])).toEqual([
      ["mfa-recovery-codes", true],
      ["mfa-replaced", true],
      ["mfa-enrolled", true],
    ]);
    expect(items.length).toBe(before + 3);
    for (const i of items) expect(Number.isNaN(Date.parse(i.at))).toBe(false);
    // Another user's history does not hold them.
    expect((await history(fx.practitionerB)).some((i) => i.event === "mfa-replaced")).toBe(false);
  });

  it("an admin's reset shows as not made by the user; an unknown reason is refused (400) and records nothing", async () => {
    const me = fx.practitionerA1;
    await make(me);
    const reset = await api.request("POST", `/v2/practitioners/${me.practitionerId}/mfa-reset`, { as: fx.adminA });
    expect(reset.status).toBe(204);
    expect((await history(me))[0]).toMatchObject({ event: "mfa-reset", bySelf: false });
    const count = (await history(me)).length;
    const bad = await api.request("POST", "/v2/users/current/mfa-recovery-codes", { as: me, body: { reason: "stolen" } });
    expect(bad.status).toBe(400);
    expect((await history(me)).length).toBe(count);
  });

  it("needs a provider account and a role", async () => {
    expect((await api.request("GET", "/v2/users/current/security-events", { as: { userId: fx.practitionerA1.userId, groups: [] } })).status).toBe(403);
    expect((await api.request("GET", "/v2/users/current/security-events", {})).status).toBe(401);
  });
});
