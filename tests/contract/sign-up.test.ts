/**
 * Sign-up from an invitation through the API (ADR 042): the API makes the identity account (the pool is
 * admin-create-only), one per invitation however often the form is posted, and a code that cannot be used — a used
 * one included — reveals nothing.
 */
import { ListUsersCommand, DescribeUserPoolCommand } from "@aws-sdk/client-cognito-identity-provider";
import { describe, expect, it } from "vitest";
import { createIdentityClient } from "../../scripts/identity/client.js";
import { decodeJwtPayload, signIn } from "../../scripts/identity/sign-in.js";
import { call, expectError, rt, rtCall, type J } from "./lib/client.js";
import { target } from "./lib/env.js";
import { mark } from "./lib/recorder.js";
import { fileWorld, newInvitedPractitioner, unique } from "./lib/world.js";

const w = fileWorld();

async function codeOf(email: string): Promise<string> {
  return (await rt({ op: "adminGetInviteCode", as: "PRODUCT_ADMIN", query: { email } })).inviteCode as string;
}

/** The pool's users with this e-mail (admin read; null when the suite has no admin hold on the pool). */
async function accountsWithEmail(email: string): Promise<number | null> {
  const identity = target().identity;
  if (!identity?.userPoolId) return null;
  const client = createIdentityClient({ endpoint: identity.endpoint, region: identity.region });
  try {
    const res = await client.send(new ListUsersCommand({ UserPoolId: identity.userPoolId, Filter: `email = "${email}"` }));
    return (res.Users ?? []).filter((u) => u.Attributes?.some((a) => a.Name === "email" && a.Value === email)).length;
  } finally {
    client.destroy();
  }
}

describe("sign-up from an invitation", () => {
  it("makes one confirmed account that signs in at once with the invitation's role; a second use is refused like an unknown code", async () => {
    const invited: J = await newInvitedPractitioner(w);
    const code = await codeOf(invited.email);
    const password = `Contract sign-up ${unique()} pass`;
    const made = await rt({ op: "signUpByInviteCode", as: null, params: { code }, body: { password } });
    expect(made.email).toBe(invited.email);
    mark(target().recordFile, { op: "signUpByInviteCode", check: "roundtrip", ok: true });

    // The provider is current (linked to the account) at once.
    const listed = ((await rt({ op: "listPractitioners", as: "PROVIDER_ADMIN" })) as J[]).find((p) => p.id === invited.id);
    expect(listed?.userId).toBe(made.userId);

    const identity = target().identity;
    if (identity) {
      // No e-mail code, no temporary password: the e-mail and the password sign in, with the invitation's role.
      const tokens = await signIn({ endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, email: invited.email, password });
      expect(decodeJwtPayload(tokens.accessToken)["cognito:groups"]).toEqual(["PORTAL_PRACTITIONER"]);
    }

    // Used: the same post again (a repeat), and another password, are refused with the unknown code's answer.
    const unknown = await call({ op: "signUpByInviteCode", as: null, params: { code: `unknown${unique()}` }, body: { password } });
    expectError(unknown, 404);
    for (const again of [password, `Another ${unique()} password`]) {
      const res = await rtCall({ op: "signUpByInviteCode", as: null, params: { code }, body: { password: again } });
      expectError(res, 404);
      expect(res.body).toEqual(unknown.body);
    }
    const count = await accountsWithEmail(invited.email);
    if (count !== null) expect(count).toBe(1);
  });

  it("concurrent posts for one invitation make one account: one 201, the others the unknown code's 404", async () => {
    const invited: J = await newInvitedPractitioner(w);
    const code = await codeOf(invited.email);
    const password = `Contract double ${unique()} submit`;
    const answers = await Promise.all([1, 2, 3].map(() => rtCall({ op: "signUpByInviteCode", as: null, params: { code }, body: { password } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404, 404]);
    const count = await accountsWithEmail(invited.email);
    if (count !== null) expect(count).toBe(1);
  });

  it("a used, unknown or withdrawn code reveals nothing at the look-up: one answer for all of them", async () => {
    const used: J = await newInvitedPractitioner(w);
    const usedCode = await codeOf(used.email);
    expect((await rt({ op: "getSignUpByInviteCode", as: null, params: { code: usedCode } })).email).toBe(used.email);
    await rt({ op: "signUpByInviteCode", as: null, params: { code: usedCode }, body: { password: `Contract used ${unique()} code` } });

    const withdrawn: J = await newInvitedPractitioner(w);
    const withdrawnCode = await codeOf(withdrawn.email);
    expect((await rtCall({ op: "deletePractitioner", as: "PROVIDER_ADMIN", params: { id: withdrawn.id } })).status).toBe(204);

    const answers = await Promise.all([usedCode, withdrawnCode, `unknown${unique()}`].map((code) => rtCall({ op: "getSignUpByInviteCode", as: null, params: { code } })));
    for (const res of answers) {
      expectError(res, 404);
      expect(res.body).toEqual(answers[2]!.body);
      const text = JSON.stringify(res.body);
      for (const secret of [used.email, used.lastName, withdrawn.email, w.orgName]) expect(text).not.toContain(secret);
    }
  });

  it("the pool is admin-create-only: no public SignUp is needed, and none is allowed", async (ctx) => {
    const identity = target().identity;
    if (!identity?.userPoolId) ctx.skip();
    const client = createIdentityClient({ endpoint: identity!.endpoint, region: identity!.region });
    try {
      const pool = await client.send(new DescribeUserPoolCommand({ UserPoolId: identity!.userPoolId! }));
      expect(pool.UserPool?.AdminCreateUserConfig?.AllowAdminCreateUserOnly).toBe(true);
    } finally {
      client.destroy();
    }
  });
});
