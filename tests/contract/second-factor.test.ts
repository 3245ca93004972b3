/**
 * ADR 036 (issue 30, finding 2): a token of a user who must have two-step verification but signed in with the
 * password alone is refused by the API — 403 with the API's `{message, status}` — on every operation but
 * `getCurrentUser` (the portal learns at sign-in that the user must enrol). Product staff always; a provider of an
 * organization that requires it, for a sign-in after the requirement began (the session that turned it on runs to
 * its end) — a new organization, so the demo organizations' accounts are left as they are.
 * Before: `GET /v2/patients/pages` answered 200.
 */
import { describe, expect, it } from "vitest";
import { call, describeRes, expectError, hasRole, type J } from "./lib/client.js";
import { target } from "./lib/env.js";
import { signIn } from "../../scripts/identity/sign-in.js";
import { fileWorld, organizationBody } from "./lib/world.js";

const w = fileWorld();

const REFUSED = "Two-step verification is required for this account and it has none set up. Sign in again and set up an authenticator app.";

function expectRefused(res: Awaited<ReturnType<typeof call>>) {
  expectError(res, 403);
  expect(res.body, describeRes(res)).toEqual({ message: REFUSED, status: 403 });
}

describe("the second factor at the API", () => {
  it("staff without an authenticator (password sign-in): refused everywhere but getCurrentUser", async (ctx) => {
    if (!hasRole("STAFF_NO_MFA")) ctx.skip();
    expectRefused(await call({ op: "adminListOrganizations", as: "STAFF_NO_MFA", kind: "role" }));
    expectRefused(await call({ op: "listPatientRecords", as: "STAFF_NO_MFA", kind: "role" }));
    expectRefused(await call({ op: "adminGetInsights", as: "STAFF_NO_MFA", kind: "role" }));
    const current = await call({ op: "getCurrentUser", as: "STAFF_NO_MFA", kind: "role" });
    expect(current.status, describeRes(current)).not.toBe(403);
    // The enrolled staff accounts are let in.
    expect((await call({ op: "adminListOrganizations", as: "SUPPORT", kind: "success" })).status).toBe(200);
  });

  it("a provider of an organization that requires it, without an authenticator: the session that turned it on goes on; a password-only sign-in after it is refused", async (ctx) => {
    if (!hasRole("SIGNUP3") || !target().signInAgain?.users.SIGNUP3) ctx.skip();
    const body = organizationBody(w, ["HEALTH"]);
    const created = await call({ op: "adminCreateOrganization", as: "PRODUCT_ADMIN", body, kind: "setup" });
    expect(created.status, describeRes(created)).toBe(201);
    const invite = (await call({ op: "adminGetInviteCode", as: "PRODUCT_ADMIN", query: { email: body.practitioner.email }, kind: "setup" })).body as J;
    const userId = target().userIds.SIGNUP3!;
    const signedUp = await call({ op: "completeSignUp", as: "SIGNUP3", params: { id: userId }, body: { firstName: "Contract", lastName: `Second Factor ${w.unique()}`, inviteCode: invite.inviteCode }, kind: "setup" });
    expect(signedUp.status, describeRes(signedUp)).toBe(200);
    const organizationId = signedUp.body.organization.id;
    expect((await call({ op: "listPatientRecords", as: "SIGNUP3", kind: "success" })).status).toBe(200);

    const required = await call({ op: "setOrganizationMfaRequirement", as: "SIGNUP3", params: { id: organizationId }, body: { mfaRequired: true } });
    expect(required.status, describeRes(required)).toBe(200);
    // The session that turned it on runs to its end (ADR 027, ADR 036).
    expect((await call({ op: "listPatientRecords", as: "SIGNUP3", kind: "success" })).status).toBe(200);

    // A password-only sign-in after it (the finding): refused.
    const again = target().signInAgain!;
    await new Promise((r) => setTimeout(r, 1100)); // auth_time is in whole seconds
    const user = again.users.SIGNUP3!;
    const fresh = await signIn({ endpoint: again.endpoint, region: again.region, clientId: again.clientId, username: user.login, password: user.password });
    const authorization = `Bearer ${fresh.accessToken}`;
    expectRefused(await call({ op: "listPatientRecords", as: null, authorization, kind: "role" }));
    expectRefused(await call({ op: "listLocations", as: null, authorization, kind: "role" }));
    expectRefused(await call({ op: "setOrganizationMfaRequirement", as: null, authorization, params: { id: organizationId }, body: { mfaRequired: false }, kind: "role" }));
    const current = await call({ op: "getCurrentUser", as: null, authorization, kind: "success" });
    expect(current.status, describeRes(current)).toBe(200);
    expect(current.body.organization.mfaRequired).toBe(true);
  });
});
