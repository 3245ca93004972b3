/**
 * Sign-out at the development identity service (ADR 025; cognito-local-sign-out.cjs), through the AWS SDK as against
 * Amazon Cognito: GlobalSignOut and AdminUserGlobalSignOut revoke the user's refresh tokens and refuse the access
 * tokens issued before; RevokeToken ends one refresh token; a new sign-in afterwards works; an expired refresh token
 * is refused.
 */
import { AdminUserGlobalSignOutCommand, CreateUserPoolClientCommand, GetUserCommand, GlobalSignOutCommand, RevokeTokenCommand } from "@aws-sdk/client-cognito-identity-provider";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdentityClient, errorName } from "./client.js";
import { startCognitoLocal, type CognitoLocal } from "./cognito-local.js";
import { APP_CLIENT_SETTINGS, provisionIdentity, type ProvisionResult } from "./provision.js";
import { refresh, signIn } from "./sign-in.js";
import { createIdentityUser } from "./users.js";

const REGION = "us-east-1";
let dir: string;
let cognito: CognitoLocal;
let identity: ProvisionResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "identity-sign-out-test-"));
  cognito = await startCognitoLocal({ dataDir: join(dir, "cognito"), port: 0 });
  identity = await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, users: [], outputFile: join(dir, "identity.json") });
}, 30_000);

afterAll(async () => {
  await cognito?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const client = () => createIdentityClient({ endpoint: cognito.endpoint, region: REGION });
const target = () => ({ endpoint: cognito.endpoint, region: REGION, clientId: identity.clientId });

async function newUser() {
  const email = `sign-out-${Math.random().toString(36).slice(2, 10)}@test.example`;
  const password = "Sign-out-test-Pw1!";
  const { username } = await createIdentityUser({ endpoint: cognito.endpoint, region: REGION, userPoolId: identity.userPoolId }, { email, password });
  return { username, email, password };
}

const refused = async (p: Promise<unknown>) => {
  try {
    await p;
    return undefined;
  } catch (err) {
    return errorName(err);
  }
};

describe("global sign-out", () => {
  it("GlobalSignOut: every session of the user ends (refresh refused, access tokens refused); a new sign-in works", async () => {
    const user = await newUser();
    const a = await signIn({ ...target(), email: user.email, password: user.password });
    const b = await signIn({ ...target(), email: user.email, password: user.password });
    expect((await client().send(new GetUserCommand({ AccessToken: b.accessToken }))).Username).toBe(user.username);

    await client().send(new GlobalSignOutCommand({ AccessToken: a.accessToken }));
    expect(await refused(client().send(new GetUserCommand({ AccessToken: a.accessToken })))).toBe("NotAuthorizedException");
    expect(await refused(client().send(new GetUserCommand({ AccessToken: b.accessToken })))).toBe("NotAuthorizedException");
    expect(await refused(refresh({ ...target(), refreshToken: b.refreshToken }))).toBe("NotAuthorizedException");

    const c = await signIn({ ...target(), email: user.email, password: user.password });
    expect((await client().send(new GetUserCommand({ AccessToken: c.accessToken }))).Username).toBe(user.username);
    expect((await refresh({ ...target(), refreshToken: c.refreshToken })).accessToken).toBeTruthy();
  });

  it("AdminUserGlobalSignOut (the API's admin hold): the same, by username; an unknown user is UserNotFoundException", async () => {
    const user = await newUser();
    const a = await signIn({ ...target(), email: user.email, password: user.password });
    await client().send(new AdminUserGlobalSignOutCommand({ UserPoolId: identity.userPoolId, Username: user.username }));
    expect(await refused(client().send(new GetUserCommand({ AccessToken: a.accessToken })))).toBe("NotAuthorizedException");
    expect(await refused(refresh({ ...target(), refreshToken: a.refreshToken }))).toBe("NotAuthorizedException");
    expect(await refused(client().send(new AdminUserGlobalSignOutCommand({ UserPoolId: identity.userPoolId, Username: "no-such-user" })))).toBe("UserNotFoundException");
  });

  it("RevokeToken (the portal's sign-out) ends that refresh token only", async () => {
    const user = await newUser();
    const a = await signIn({ ...target(), email: user.email, password: user.password });
    const b = await signIn({ ...target(), email: user.email, password: user.password });
    await client().send(new RevokeTokenCommand({ ClientId: identity.clientId, Token: a.refreshToken }));
    expect(await refused(refresh({ ...target(), refreshToken: a.refreshToken }))).toBe("NotAuthorizedException");
    expect((await refresh({ ...target(), refreshToken: b.refreshToken })).accessToken).toBeTruthy();
  });

  it("an expired refresh token is refused (the app client's RefreshTokenValidity holds)", async () => {
    const { UserPoolClient } = await client().send(
      new CreateUserPoolClientCommand({
        ...APP_CLIENT_SETTINGS,
        UserPoolId: identity.userPoolId,
        ClientName: "short-refresh",
        RefreshTokenValidity: 2,
        TokenValidityUnits: { ...APP_CLIENT_SETTINGS.TokenValidityUnits, RefreshToken: "seconds" },
      }),
    );
    const user = await newUser();
    const short = { ...target(), clientId: UserPoolClient!.ClientId! };
    const tokens = await signIn({ ...short, email: user.email, password: user.password });
    expect((await refresh({ ...short, refreshToken: tokens.refreshToken })).accessToken).toBeTruthy();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await refused(refresh({ ...short, refreshToken: tokens.refreshToken }))).toBe("NotAuthorizedException");
  });
});
