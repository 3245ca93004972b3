/**
 * The embedded identity service end to end: cognito-local on a free port in a temporary directory, provisioned
 * twice, signed in as each kind of user, tokens verified the way the reference API verifies them.
 */
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminSetUserPasswordCommand,
  ChangePasswordCommand,
  CreateUserPoolClientCommand,
  ListUsersCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { randomUUID } from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../reference-api/src/config.js";
import { createTokenVerifier, ROLES } from "../../reference-api/src/core/auth.js";
import { demoAccounts } from "../../reference-api/src/seed/demo-accounts.js";
import { createIdentityClient, errorName, LOCAL_ADMIN_CREDENTIALS } from "./client.js";
import { startCognitoLocal, type CognitoLocal } from "./cognito-local.js";
import { apiEnv, readIdentityConfig } from "./identity-config.js";
import { createIdentityUser } from "./users.js";
import { PORTAL_GROUPS, USER_POOL_SETTINGS, demoIdentityUsers, passwordProblems, provisionIdentity, type ProvisionResult } from "./provision.js";
import { decodeJwtPayload, isWrongCredentials, refresh, signIn, signInAs, SignInChallengeError } from "./sign-in.js";
import { totpCode, wrongTotpCode } from "./totp.js";

const REGION = "us-east-1";
const account = (groups: string[]) => demoAccounts.find((a) => JSON.stringify(a.groups) === JSON.stringify(groups))!;
const practitioner = account(["PORTAL_PRACTITIONER"]);
const noGroups = account([]);
const support = account(["EXER_SUPPORT"]);

let dir: string;
let cognito: CognitoLocal;
let identity: ProvisionResult;
const timings: Record<string, number> = {};
const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  try {
    return await fn();
  } finally {
    timings[label] = Math.round(performance.now() - t);
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "identity-test-"));
  cognito = await time("start cognito-local", () => startCognitoLocal({ dataDir: join(dir, "cognito"), port: 0 }));
}, 30_000);

afterAll(async () => {
  await cognito?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log("identity timings (ms):", timings);
});

describe("cognito-local", () => {
  it("answers on the port it was given, with its data in <dataDir>/.cognito", async () => {
    expect(cognito.endpoint).toBe(`http://localhost:${cognito.port}`);
    expect(cognito.port).not.toBe(9229);
    expect((await fetch(`${cognito.endpoint}/health`)).ok).toBe(true);
    const config = JSON.parse(readFileSync(join(dir, "cognito", ".cognito", "config.json"), "utf8"));
    expect(config).toEqual({ TokenConfig: { IssuerDomain: cognito.endpoint }, UserPoolDefaults: { UsernameAttributes: [] } });
  });

  it("refuses to start a second instance on the same port", async () => {
    await expect(startCognitoLocal({ dataDir: join(dir, "other"), port: cognito.port })).rejects.toThrow(/already answers/);
  });
});

describe("provisioning", () => {
  it("creates the pool, the app client, the groups and the users, and a second run changes nothing", async () => {
    const file = join(dir, "identity.json");
    const options = { endpoint: cognito.endpoint, region: REGION, users: demoIdentityUsers(), outputFile: file };
    identity = await time("provision (fresh)", () => provisionIdentity(options));
    expect(identity.userPoolId).toMatch(/^local_/);
    expect(identity.changes).toContain(`created user pool exer-provider-portal (${identity.userPoolId})`);
    expect(identity.changes).toContain(`created app client exer-portal (${identity.clientId})`);
    expect(identity.changes.filter((c) => c.startsWith("created group "))).toHaveLength(4);
    expect(identity.changes.filter((c) => /^created user [0-9a-f-]{36} </.test(c))).toHaveLength(demoAccounts.length);
    expect(identity.warnings).toEqual([]);
    const written = statSync(file).mtimeMs;

    const again = await time("provision (again, no changes)", () => provisionIdentity(options));
    expect(again.changes).toEqual([]);
    expect(again.warnings).toEqual([]);
    expect({ ...again, changes: [] }).toEqual({ ...identity, changes: [] });
    expect(statSync(file).mtimeMs).toBe(written);

    const config = readIdentityConfig(file);
    expect(config).toEqual({
      userPoolId: identity.userPoolId,
      clientId: identity.clientId,
      region: REGION,
      endpoint: cognito.endpoint,
      issuer: `${cognito.endpoint}/${identity.userPoolId}`,
      jwksUrl: `${cognito.endpoint}/${identity.userPoolId}/.well-known/jwks.json`,
      userPoolName: "exer-provider-portal",
      clientName: "exer-portal",
      totpSecrets: identity.totpSecrets,
    });
    // The staff accounts (the portal always asks them for a second factor) are enrolled, with their secrets recorded.
    const staff = demoAccounts.filter((a) => a.groups.some((g) => g === "EXER_ADMIN" || g === "EXER_SUPPORT"));
    expect(Object.keys(config.totpSecrets ?? {}).sort()).toEqual(staff.map((a) => a.userId).sort());
  }, 30_000);

  it("repairs drift: group memberships and attributes changed by hand are set back", async () => {
    const users = demoIdentityUsers();
    const changed = users.map((u) => (u.username === practitioner.userId ? { ...u, groups: ["PORTAL_PROVIDER_ADMIN"], givenName: "Changed" } : u));
    const drifted = await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, users: changed, outputFile: null });
    expect(drifted.changes).toEqual([
      `updated user ${practitioner.userId}: given_name`,
      `added user ${practitioner.userId} to PORTAL_PROVIDER_ADMIN`,
      `removed user ${practitioner.userId} from PORTAL_PRACTITIONER`,
    ]);
    const back = await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, users, outputFile: null });
    expect(back.changes).toHaveLength(3);
    expect((await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, users, outputFile: null })).changes).toEqual([]);
  }, 30_000);

  it("checks its input: e-mail usernames, unknown groups, weak passwords", async () => {
    const base = { endpoint: cognito.endpoint, region: REGION, outputFile: null };
    const user = { username: "u-1", email: "u1@example.com", password: "Lantern-tidal-42", groups: [] as string[] };
    await expect(provisionIdentity({ ...base, users: [{ ...user, username: "u1@example.com" }] })).rejects.toThrow(/must not be an e-mail/);
    await expect(provisionIdentity({ ...base, users: [{ ...user, groups: ["ADMINS"] }] })).rejects.toThrow(/unknown group ADMINS/);
    await expect(provisionIdentity({ ...base, users: [{ ...user, password: "short" }] })).rejects.toThrow(/policy/);
    // The portal's password rule (app/domain/password.ts): 12 characters, no composition rules, no common password.
    await expect(provisionIdentity({ ...base, users: [{ ...user, password: "Abcdefg1" }] })).rejects.toThrow(/at least 12 characters/);
    await expect(provisionIdentity({ ...base, users: [{ ...user, password: "Qwerty123456" }] })).rejects.toThrow(/too common/);
    expect(passwordProblems("lantern tidal harbour")).toEqual([]);
    for (const u of demoIdentityUsers()) expect(passwordProblems(u.password)).toEqual([]);
  });

  it("brings an existing pool's weaker password policy up to the rule, keeping its other settings", async () => {
    const client = createIdentityClient({ endpoint: cognito.endpoint, region: REGION });
    const poolName = `old-policy-${randomUUID().slice(0, 8)}`;
    const old = { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: false, TemporaryPasswordValidityDays: 3 };
    try {
      const created = await client.send(new CreateUserPoolCommand({ PoolName: poolName, ...USER_POOL_SETTINGS, Policies: { PasswordPolicy: old } }));
      const options = { endpoint: cognito.endpoint, region: REGION, userPoolName: poolName, users: [], outputFile: null };
      const first = await provisionIdentity(options);
      expect(first.changes).toContain(`updated user pool ${poolName}: MinimumLength 8; RequireUppercase true; RequireLowercase true; RequireNumbers true`);
      const pool = (await client.send(new DescribeUserPoolCommand({ UserPoolId: created.UserPool!.Id! }))).UserPool!;
      expect(pool.Policies?.PasswordPolicy).toMatchObject({ MinimumLength: 12, RequireUppercase: false, RequireLowercase: false, RequireNumbers: false, RequireSymbols: false, TemporaryPasswordValidityDays: 3 });
      expect(pool.AliasAttributes).toEqual(["email"]);
      expect(pool.AutoVerifiedAttributes).toEqual(["email"]);
      expect(pool.AccountRecoverySetting).toEqual(USER_POOL_SETTINGS.AccountRecoverySetting);
      expect((await provisionIdentity(options)).changes).toEqual([]);
    } finally {
      client.destroy();
    }
  }, 30_000);

  it("makes a pool that lets anyone sign up admin-create-only (ADR 042), keeping its password policy", async () => {
    const client = createIdentityClient({ endpoint: cognito.endpoint, region: REGION });
    const poolName = `open-sign-up-${randomUUID().slice(0, 8)}`;
    try {
      const created = await client.send(new CreateUserPoolCommand({ PoolName: poolName, ...USER_POOL_SETTINGS, AdminCreateUserConfig: { AllowAdminCreateUserOnly: false } }));
      const options = { endpoint: cognito.endpoint, region: REGION, userPoolName: poolName, users: [], outputFile: null };
      expect((await provisionIdentity(options)).changes).toContain(`updated user pool ${poolName}: AllowAdminCreateUserOnly false`);
      const pool = (await client.send(new DescribeUserPoolCommand({ UserPoolId: created.UserPool!.Id! }))).UserPool!;
      expect(pool.AdminCreateUserConfig?.AllowAdminCreateUserOnly).toBe(true);
      expect(pool.Policies?.PasswordPolicy?.MinimumLength).toBe(12);
      expect((await provisionIdentity(options)).changes).toEqual([]);
    } finally {
      client.destroy();
    }
  }, 30_000);

  it("manages exactly the portal's roles", () => {
    expect(PORTAL_GROUPS.map((g) => g.name)).toEqual([...ROLES]);
  });
});

describe("sign-in and tokens", () => {
  it("signs in a practitioner by e-mail; the access token verifies against the reported JWKS and issuer", async () => {
    const tokens = await time("sign-in (e-mail)", () =>
      signIn({ endpoint: identity.endpoint, region: REGION, clientId: identity.clientId, email: practitioner.email, password: practitioner.password }),
    );
    const jwks = createRemoteJWKSet(new URL(identity.jwksUrl));
    const { payload, protectedHeader } = await jwtVerify(tokens.accessToken, jwks, { issuer: identity.issuer, algorithms: ["RS256"] });
    expect(protectedHeader).toEqual({ alg: "RS256", typ: "JWT", kid: "CognitoLocal" });
    expect(payload.iss).toBe(`http://localhost:${cognito.port}/${identity.userPoolId}`); // the real port, not 9229
    expect(Object.keys(payload).sort()).toEqual(
      ["auth_time", "client_id", "cognito:groups", "event_id", "exp", "iat", "iss", "jti", "scope", "sub", "token_use", "username"].sort(),
    );
    expect(payload).toMatchObject({
      username: practitioner.userId,
      "cognito:groups": ["PORTAL_PRACTITIONER"],
      token_use: "access",
      client_id: identity.clientId,
      scope: "aws.cognito.signin.user.admin",
    });
    expect(payload.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.sub).not.toBe(practitioner.userId); // sub is Cognito's own id: the API keys users by `username`
    expect(payload.exp! - payload.iat!).toBe(3600);

    const id = decodeJwtPayload(tokens.idToken);
    expect(id).toMatchObject({
      "cognito:username": practitioner.userId,
      email: practitioner.email,
      email_verified: true,
      token_use: "id",
      aud: identity.clientId,
      "cognito:groups": ["PORTAL_PRACTITIONER"],
      iss: identity.issuer,
    });
  });

  it("signs in by username too; a user without groups gets no cognito:groups claim", async () => {
    const tokens = await signInAs(identity, { username: noGroups.userId, password: noGroups.password });
    const { payload } = await jwtVerify(tokens.accessToken, createRemoteJWKSet(new URL(identity.jwksUrl)), { issuer: identity.issuer });
    expect(payload.username).toBe(noGroups.userId);
    expect(payload).not.toHaveProperty("cognito:groups");
    expect(decodeJwtPayload(tokens.idToken)).not.toHaveProperty("cognito:groups");
  });

  it("is accepted by the reference API's verifier with COGNITO_ENDPOINT and COGNITO_USER_POOL_ID alone", async () => {
    const env = apiEnv(identity);
    const derived = loadConfig({ COGNITO_ENDPOINT: env.COGNITO_ENDPOINT, COGNITO_USER_POOL_ID: env.COGNITO_USER_POOL_ID });
    expect({ issuer: derived.issuer, jwksUrl: derived.jwksUrl }).toEqual({ issuer: identity.issuer, jwksUrl: identity.jwksUrl });
    const verifier = createTokenVerifier(derived);

    const admin = account(["PORTAL_PROVIDER_ADMIN"]);
    const adminTokens = await signInAs(identity, { username: admin.userId, password: admin.password });
    await expect(verifier.verify(adminTokens.accessToken)).resolves.toEqual({ userId: admin.userId, groups: ["PORTAL_PROVIDER_ADMIN"], authTime: expect.any(Number) });
    const none = await signInAs(identity, { username: noGroups.userId, password: noGroups.password });
    await expect(verifier.verify(none.accessToken)).resolves.toEqual({ userId: noGroups.userId, groups: [], authTime: expect.any(Number) });
    // An id token is not an access token; another pool's issuer is refused.
    await expect(verifier.verify(adminTokens.idToken)).rejects.toMatchObject({ status: 401 });
    const otherPool = createTokenVerifier(loadConfig({ COGNITO_ENDPOINT: env.COGNITO_ENDPOINT, COGNITO_USER_POOL_ID: "local_other" }));
    await expect(otherPool.verify(adminTokens.accessToken)).rejects.toMatchObject({ status: 401 });
  });

  it("refreshes: new access token, same user and groups, same refresh token", async () => {
    const tokens = await signInAs(identity, { username: practitioner.userId, password: practitioner.password });
    const renewed = await time("refresh", () => refresh({ endpoint: identity.endpoint, region: REGION, clientId: identity.clientId, refreshToken: tokens.refreshToken }));
    expect(renewed.refreshToken).toBe(tokens.refreshToken);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    const { payload } = await jwtVerify(renewed.accessToken, createRemoteJWKSet(new URL(identity.jwksUrl)), { issuer: identity.issuer });
    expect(payload).toMatchObject({ username: practitioner.userId, "cognito:groups": ["PORTAL_PRACTITIONER"] });
  });

  it("refuses a wrong password and an unknown user with NotAuthorizedException, like Cognito", async () => {
    const base = { endpoint: identity.endpoint, region: REGION, clientId: identity.clientId };
    const wrong = await signIn({ ...base, email: practitioner.email, password: "Wrong-password-1" }).catch((e) => e);
    expect(errorName(wrong)).toBe("NotAuthorizedException");
    expect(wrong.message).toBe("Incorrect username or password.");
    expect(isWrongCredentials(wrong)).toBe(true);
    const unknown = await signIn({ ...base, email: "nobody@frontrange.example", password: practitioner.password }).catch((e) => e);
    expect(errorName(unknown)).toBe("NotAuthorizedException");
    expect(unknown.message).toBe("Incorrect username or password.");
  });

  it("resets a password by e-mail with the fixed code; provisioning with resetPasswords restores it", async () => {
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    try {
      const sent = await client.send(new ForgotPasswordCommand({ ClientId: identity.clientId, Username: support.email }));
      expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: "EMAIL", Destination: support.email });
      // The pool's password policy holds, as on Cognito (the launcher's patch 5).
      const weak = await client
        .send(new ConfirmForgotPasswordCommand({ ClientId: identity.clientId, Username: support.email, ConfirmationCode: cognito.code, Password: "Short1" }))
        .catch((e: unknown) => e);
      expect(errorName(weak)).toBe("InvalidPasswordException");
      expect((weak as Error).message).toBe("Password did not conform with policy: Password not long enough");
      // 11 characters (the old policy's 8 took them): refused; 12 lower-case letters and spaces: no composition rules.
      const eleven = await client
        .send(new ConfirmForgotPasswordCommand({ ClientId: identity.clientId, Username: support.email, ConfirmationCode: cognito.code, Password: "New-passwd2" }))
        .catch((e: unknown) => e);
      expect((eleven as Error).message).toBe("Password did not conform with policy: Password not long enough");
      const spaced = await client
        .send(new ConfirmForgotPasswordCommand({ ClientId: identity.clientId, Username: support.email, ConfirmationCode: cognito.code, Password: " lantern tidal harbour" }))
        .catch((e: unknown) => e);
      expect(errorName(spaced)).toBe("InvalidParameterException");
      await client.send(new ConfirmForgotPasswordCommand({ ClientId: identity.clientId, Username: support.email, ConfirmationCode: cognito.code, Password: "lantern tidal harbour" }));
      await client.send(new ForgotPasswordCommand({ ClientId: identity.clientId, Username: support.email }));
      await client.send(new ConfirmForgotPasswordCommand({ ClientId: identity.clientId, Username: support.email, ConfirmationCode: cognito.code, Password: "New-password-2" }));
    } finally {
      client.destroy();
    }
    await expect(signInAs(identity, { username: support.userId, password: support.password })).rejects.toSatisfy(isWrongCredentials);
    await signInAs(identity, { username: support.userId, password: "New-password-2" });
    const reset = await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, users: demoIdentityUsers(), outputFile: null, resetPasswords: true });
    expect(reset.changes).toHaveLength(demoAccounts.length);
    await signInAs(identity, { username: support.userId, password: support.password });
  });
});

describe("the portal's account flows", () => {
  it("makes an account as the provider API does (admin-create-only pool): an e-mail username is refused; a generated one with a verified e-mail and a permanent password signs in by e-mail at once", async () => {
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    const email = "new.provider@frontrange.example";
    const attributes = [{ Name: "email", Value: email }, { Name: "email_verified", Value: "true" }];
    try {
      const refused = await client.send(new AdminCreateUserCommand({ UserPoolId: identity.userPoolId, Username: email, UserAttributes: attributes, MessageAction: "SUPPRESS" })).catch((e) => e);
      expect(errorName(refused)).toBe("InvalidParameterException");
      const username = randomUUID();
      await client.send(new AdminCreateUserCommand({ UserPoolId: identity.userPoolId, Username: username, UserAttributes: attributes, MessageAction: "SUPPRESS" }));
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: username, Password: "Sign-up-pass-1", Permanent: true }));
      const tokens = await signIn({ endpoint: identity.endpoint, region: REGION, clientId: identity.clientId, email, password: "Sign-up-pass-1" });
      expect(decodeJwtPayload(tokens.accessToken)).toMatchObject({ username });
      expect(decodeJwtPayload(tokens.accessToken)).not.toHaveProperty("cognito:groups");
    } finally {
      client.destroy();
    }
  });

  it("refuses a disabled user; provisioning enables a demo account again", async () => {
    const admin = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    try {
      await admin.send(new AdminDisableUserCommand({ UserPoolId: identity.userPoolId, Username: practitioner.userId }));
    } finally {
      admin.destroy();
    }
    const refused = await signInAs(identity, { username: practitioner.userId, password: practitioner.password }).catch((e) => e);
    expect(errorName(refused)).toBe("NotAuthorizedException");
    expect(refused.message).toBe("User is disabled.");
    const repaired = await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, users: demoIdentityUsers(), outputFile: null });
    expect(repaired.changes).toEqual([`enabled user ${practitioner.userId}`]);
    await signInAs(identity, { username: practitioner.userId, password: practitioner.password });
  });
});

describe("multi-factor authentication with an authenticator app (ADR 027)", () => {
  const providerAdmin = account(["PORTAL_PROVIDER_ADMIN"]);
  const challengeOf = (err: unknown) => (err instanceof SignInChallengeError ? err.challengeName : `not a challenge: ${String(err)}`);

  it("asks an enrolled staff account for its code; the right code gives tokens whose refresh token works", async () => {
    const base = { endpoint: identity.endpoint, region: REGION, clientId: identity.clientId };
    const asked = await signIn({ ...base, email: support.email, password: support.password }).catch((e) => e);
    expect(challengeOf(asked)).toBe("SOFTWARE_TOKEN_MFA");
    const tokens = await signInAs(identity, { username: support.userId, password: support.password });
    expect(decodeJwtPayload(tokens.accessToken)).toMatchObject({ username: support.userId });
    // cognito-local issued a refresh token here that it did not know: the launcher stores it.
    const renewed = await refresh({ ...base, refreshToken: tokens.refreshToken });
    expect(decodeJwtPayload(renewed.accessToken)).toMatchObject({ username: support.userId });
  });

  it("enrols with an access token, checks codes for real, binds the challenge's session, and an admin turns it off", async () => {
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    const user = { username: providerAdmin.userId, password: providerAdmin.password };
    try {
      const { accessToken } = await signInAs(identity, user);
      const { SecretCode: secret } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const wrong = await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: wrongTotpCode(secret!) })).catch((e) => e);
      expect(errorName(wrong)).toBe("EnableSoftwareTokenMFAException");
      const verified = await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(secret!) }));
      expect(verified.Status).toBe("SUCCESS");
      await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));

      const start = () => client.send(new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: identity.clientId, AuthParameters: { USERNAME: providerAdmin.email, PASSWORD: user.password } }));
      const challenge = await start();
      expect(challenge.ChallengeName).toBe("SOFTWARE_TOKEN_MFA");
      expect(challenge.AuthenticationResult).toBeUndefined();
      const respond = (Session: string | undefined, code: string, username = user.username) =>
        client.send(new RespondToAuthChallengeCommand({ ClientId: identity.clientId, ChallengeName: "SOFTWARE_TOKEN_MFA", Session, ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code } }));
      // A session the service never issued, or issued to someone else, is refused whatever the code.
      expect(errorName(await respond("made-up-session", totpCode(secret!)).catch((e) => e))).toBe("NotAuthorizedException");
      expect(errorName(await respond(challenge.Session, totpCode(secret!), practitioner.userId).catch((e) => e))).toBe("NotAuthorizedException");
      // A wrong code is CodeMismatchException, and the same session may try again.
      expect(errorName(await respond(challenge.Session, wrongTotpCode(secret!)).catch((e) => e))).toBe("CodeMismatchException");
      // (The current step's code confirmed the enrolment and is used: the next step's code, which the service accepts.)
      const signedIn = await respond(challenge.Session, totpCode(secret!, Date.now() + 30_000));
      expect(decodeJwtPayload(signedIn.AuthenticationResult!.AccessToken!)).toMatchObject({ username: user.username });
      // Used once.
      expect(errorName(await respond(challenge.Session, totpCode(secret!)).catch((e) => e))).toBe("NotAuthorizedException");

      // The administrator's reset: no challenge any more, and the secret is gone.
      await client.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: identity.userPoolId, Username: user.username, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
      const state = await client.send(new AdminGetUserCommand({ UserPoolId: identity.userPoolId, Username: user.username }));
      expect(state.UserMFASettingList ?? []).toEqual([]);
      expect((await start()).AuthenticationResult?.AccessToken).toBeTruthy();
    } finally {
      client.destroy();
    }
  });

  it("a pool that requires MFA answers MFA_SETUP; enrolment with the challenge's session finishes the sign-in", async () => {
    const user = { ...demoIdentityUsers().find((u) => u.username === practitioner.userId)!, totp: false };
    const pool = await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, userPoolName: "mfa-required", users: [user], outputFile: null });
    const client = createIdentityClient({ endpoint: pool.endpoint, region: REGION });
    try {
      await client.send(new SetUserPoolMfaConfigCommand({ UserPoolId: pool.userPoolId, MfaConfiguration: "ON", SoftwareTokenMfaConfiguration: { Enabled: true } }));
      const setup = await client.send(new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: pool.clientId, AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }));
      expect(setup.ChallengeName).toBe("MFA_SETUP");
      expect(JSON.parse(setup.ChallengeParameters?.MFAS_CAN_SETUP ?? "[]")).toEqual(["SOFTWARE_TOKEN_MFA"]);
      const associated = await client.send(new AssociateSoftwareTokenCommand({ Session: setup.Session }));
      expect(associated.Session).not.toBe(setup.Session);
      const secret = associated.SecretCode!;
      const wrong = await client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: wrongTotpCode(secret) })).catch((e) => e);
      expect(errorName(wrong)).toBe("EnableSoftwareTokenMFAException");
      // Finishing before the token is verified is refused.
      const early = await client.send(new RespondToAuthChallengeCommand({ ClientId: pool.clientId, ChallengeName: "MFA_SETUP", Session: associated.Session, ChallengeResponses: { USERNAME: user.username } })).catch((e) => e);
      expect(errorName(early)).toBe("InvalidParameterException");
      const verified = await client.send(new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: totpCode(secret) }));
      expect(verified.Status).toBe("SUCCESS");
      const done = await client.send(new RespondToAuthChallengeCommand({ ClientId: pool.clientId, ChallengeName: "MFA_SETUP", Session: verified.Session, ChallengeResponses: { USERNAME: user.username } }));
      expect(decodeJwtPayload(done.AuthenticationResult!.AccessToken!)).toMatchObject({ username: user.username });
      // From now on the code is asked.
      const next = await signIn({ endpoint: pool.endpoint, region: REGION, clientId: pool.clientId, email: user.email, password: user.password }).catch((e) => e);
      expect(challengeOf(next)).toBe("SOFTWARE_TOKEN_MFA");
      await signIn({ endpoint: pool.endpoint, region: REGION, clientId: pool.clientId, email: user.email, password: user.password, totpSecret: secret });
    } finally {
      client.destroy();
    }
  }, 30_000);
});

describe("where security depends on it, like Amazon Cognito (ADR 035)", () => {
  const base = () => ({ endpoint: identity.endpoint, region: REGION, clientId: identity.clientId });
  const pool = () => ({ endpoint: identity.endpoint, region: REGION, userPoolId: identity.userPoolId });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** A user of its own (a lockout must not touch the others), with a password. */
  const newUser = async () => {
    const email = `lockout-${randomUUID().slice(0, 8)}@frontrange.example`;
    const password = `Lantern-${randomUUID().slice(0, 8)}-tidal`;
    const { username } = await createIdentityUser(pool(), { email, password });
    return { username, email, password };
  };
  /** A user of its own with an authenticator app, enrolled as the portal does it. */
  const newEnrolledUser = async () => {
    const user = await newUser();
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    try {
      const { accessToken } = await signIn({ ...base(), username: user.username, password: user.password });
      const { SecretCode: secret } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
      await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(secret!) }));
      await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
      return { ...user, secret: secret! };
    } finally {
      client.destroy();
    }
  };
  /** One call of the identity service's JSON API as it arrives from `credentials` (none: unsigned). */
  const call = async (target: string, body: object, credentials?: { accessKeyId: string; secretAccessKey: string }) => {
    if (credentials) {
      const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION, credentials });
      try {
        const command = target === "ListUsers" ? new ListUsersCommand(body as never) : target === "AdminGetUser" ? new AdminGetUserCommand(body as never) : new AdminCreateUserCommand(body as never);
        return await (client.send(command as never) as Promise<unknown>).then(() => "ok", (e: unknown) => `${errorName(e)}: ${(e as Error).message}`);
      } finally {
        client.destroy();
      }
    }
    const res = await fetch(identity.endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { __type?: string; message?: string };
    return res.ok ? "ok" : `${json.__type}: ${json.message}`;
  };
  const first = (answer: string) => answer.split(":")[0];

  it("refuses ListUsers and the Admin* operations without the development keys' signature; the public operations need none", async () => {
    const listUsers = { UserPoolId: identity.userPoolId };
    expect(first(await call("ListUsers", listUsers))).toBe("MissingAuthenticationTokenException");
    expect(first(await call("AdminGetUser", { ...listUsers, Username: support.userId }))).toBe("MissingAuthenticationTokenException");
    const created = { ...listUsers, Username: randomUUID(), TemporaryPassword: "Lantern-tidal-harbour", MessageAction: "SUPPRESS" };
    expect(first(await call("AdminCreateUser", created))).toBe("MissingAuthenticationTokenException");
    // The portal's client signs with keys of its own: it holds no administrative rights.
    const portalKeys = { accessKeyId: "unused", secretAccessKey: "unused" };
    expect(first(await call("ListUsers", listUsers, portalKeys))).toBe("UnrecognizedClientException");
    expect(first(await call("AdminCreateUser", created, portalKeys))).toBe("UnrecognizedClientException");
    // The right key with another secret: the signature does not match.
    const wrongSecret = { accessKeyId: LOCAL_ADMIN_CREDENTIALS.accessKeyId, secretAccessKey: "guessed" };
    expect(first(await call("ListUsers", listUsers, wrongSecret))).toBe("InvalidSignatureException");
    // The development keys (the reference API's, provisioning's): allowed.
    expect(await call("ListUsers", listUsers, LOCAL_ADMIN_CREDENTIALS)).toBe("ok");
    expect(await call("AdminGetUser", { ...listUsers, Username: support.userId }, LOCAL_ADMIN_CREDENTIALS)).toBe("ok");
    // Public operations are not signed at all (the SDK sends them so, and Cognito evaluates no IAM policy for them).
    expect(first(await call("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: identity.clientId, AuthParameters: { USERNAME: practitioner.userId, PASSWORD: practitioner.password } }))).toBe("ok");
  });

  it("refuses SignUp on a pool where only administrators create users", async () => {
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    try {
      const created = await client.send(new CreateUserPoolCommand({ PoolName: `admin-only-${randomUUID().slice(0, 8)}`, ...USER_POOL_SETTINGS, AdminCreateUserConfig: { AllowAdminCreateUserOnly: true } }));
      const app = await client.send(new CreateUserPoolClientCommand({ UserPoolId: created.UserPool!.Id!, ClientName: "portal", ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH"] }));
      const refused = await client
        .send(new SignUpCommand({ ClientId: app.UserPoolClient!.ClientId!, Username: randomUUID(), Password: "Lantern-tidal-harbour", UserAttributes: [{ Name: "email", Value: "invitee@frontrange.example" }] }))
        .catch((e: unknown) => e);
      expect(errorName(refused)).toBe("NotAuthorizedException");
      expect((refused as Error).message).toBe("SignUp is not permitted for this user pool");
    } finally {
      client.destroy();
    }
  });

  it("refuses a common password wherever a password is set, as the portal does", async () => {
    const common = "Qwerty123456"; // 12 characters: the policy's length passes, the list does not
    const tooCommon = "Password did not conform with policy: Password is too common";
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    const user = await newUser();
    const refusal = (p: Promise<unknown>) => p.then(() => "accepted", (e: unknown) => `${errorName(e)}: ${(e as Error).message}`);
    try {
      const expected = `InvalidPasswordException: ${tooCommon}`;
      // (SignUp: the portal's pool is admin-create-only, so it is refused before its password is read — see the test above.)
      expect(await refusal(client.send(new AdminCreateUserCommand({ UserPoolId: identity.userPoolId, Username: randomUUID(), TemporaryPassword: common, MessageAction: "SUPPRESS" })))).toBe(expected);
      expect(await refusal(client.send(new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: user.username, Password: common, Permanent: true })))).toBe(expected);
      const { accessToken } = await signIn({ ...base(), username: user.username, password: user.password });
      expect(await refusal(client.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: user.password, ProposedPassword: common })))).toBe(expected);
      await client.send(new ForgotPasswordCommand({ ClientId: identity.clientId, Username: user.email }));
      expect(await refusal(client.send(new ConfirmForgotPasswordCommand({ ClientId: identity.clientId, Username: user.email, ConfirmationCode: cognito.code, Password: common })))).toBe(expected);
      // Compared as the portal compares: case and runs of spaces do not matter.
      expect(await refusal(client.send(new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: user.username, Password: "QWERTY123456", Permanent: true })))).toBe(expected);
      expect(await refusal(client.send(new AdminSetUserPasswordCommand({ UserPoolId: identity.userPoolId, Username: user.username, Password: "Lantern tidal harbour", Permanent: true })))).toBe("accepted");
    } finally {
      client.destroy();
    }
  });

  it("locks a user out after 5 wrong passwords, for 1 s doubling, even for the right password; a sign-in clears the count", async () => {
    const user = await newUser();
    const attempt = (password: string) => signIn({ ...base(), email: user.email, password }).then(() => "signed in", (e: unknown) => (e as Error).message);
    for (let i = 0; i < 5; i++) expect(await attempt(`Wrong-password-${i}`), `failure ${i + 1}`).toBe("Incorrect username or password.");
    // Locked out for 1 s: the right password is refused, and the refusal does not count.
    expect(await attempt(user.password)).toBe("Password attempts exceeded");
    expect(await attempt("Wrong-password-x")).toBe("Password attempts exceeded");
    await sleep(1_100);
    // The sixth failure: 2 s.
    expect(await attempt("Wrong-password-5")).toBe("Incorrect username or password.");
    await sleep(1_100);
    expect(await attempt(user.password)).toBe("Password attempts exceeded");
    await sleep(1_000);
    expect(await attempt(user.password)).toBe("signed in");
    // Cleared: five failures again before the next lockout.
    for (let i = 0; i < 5; i++) expect(await attempt(`Wrong-password-${i}`), `failure ${i + 1} after the sign-in`).toBe("Incorrect username or password.");
    expect(await attempt(user.password)).toBe("Password attempts exceeded");
    // Another user is not affected.
    expect(await signInAs(identity, { username: practitioner.userId, password: practitioner.password })).toHaveProperty("accessToken");
  });

  it("counts wrong authenticator codes per user across challenge sessions and locks out like wrong passwords", async () => {
    const user = await newEnrolledUser();
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    try {
      const challenge = async () => {
        const started = await client.send(new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: identity.clientId, AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }));
        expect(started.ChallengeName).toBe("SOFTWARE_TOKEN_MFA");
        return started.Session!;
      };
      const respond = (Session: string, code: string) =>
        client
          .send(new RespondToAuthChallengeCommand({ ClientId: identity.clientId, ChallengeName: "SOFTWARE_TOKEN_MFA", Session, ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code } }))
          .then((r) => (r.AuthenticationResult ? "signed in" : "no tokens"), (e: unknown) => `${errorName(e)}: ${(e as Error).message}`);
      // Three wrong codes in one session, two in a new one (a new session does not start the count again).
      const one = await challenge();
      for (let i = 0; i < 3; i++) expect(first(await respond(one, wrongTotpCode(user.secret)))).toBe("CodeMismatchException");
      const two = await challenge();
      for (let i = 0; i < 2; i++) expect(first(await respond(two, wrongTotpCode(user.secret)))).toBe("CodeMismatchException");
      // Locked out: the right code is refused, and so is the password.
      expect(await respond(two, totpCode(user.secret))).toBe("NotAuthorizedException: Password attempts exceeded");
      expect(await signIn({ ...base(), email: user.email, password: user.password }).catch((e: unknown) => (e as Error).message)).toBe("Password attempts exceeded");
      await sleep(1_100);
      // (The current step's code was the enrolment's: the next step's.)
      expect(await respond(two, totpCode(user.secret, Date.now() + 30_000))).toBe("signed in");
    } finally {
      client.destroy();
    }
  });

  it("scripts/identity/sign-in.ts signs the same user in twice in a row, each time with a code not offered yet", async () => {
    const user = await newEnrolledUser();
    for (let i = 0; i < 2; i++) expect(await signIn({ ...base(), email: user.email, password: user.password, totpSecret: user.secret }), `sign-in ${i + 1}`).toHaveProperty("accessToken");
  }, 60_000);

  it("takes a code once per user: the code of a finished sign-in is refused at the next one", async () => {
    const user = await newEnrolledUser();
    const client = createIdentityClient({ endpoint: identity.endpoint, region: REGION });
    try {
      const challenge = async () =>
        (await client.send(new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: identity.clientId, AuthParameters: { USERNAME: user.email, PASSWORD: user.password } }))).Session!;
      const respond = (Session: string, code: string) =>
        client
          .send(new RespondToAuthChallengeCommand({ ClientId: identity.clientId, ChallengeName: "SOFTWARE_TOKEN_MFA", Session, ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code } }))
          .then((r) => (r.AuthenticationResult ? "signed in" : "no tokens"), (e: unknown) => errorName(e));
      const now = Date.now();
      // The enrolment's code (VerifySoftwareToken) is used already: the next step's code signs in.
      const enrolment = await challenge();
      expect(await respond(enrolment, totpCode(user.secret, now))).toBe("CodeMismatchException");
      const next = totpCode(user.secret, now + 30_000);
      expect(await respond(enrolment, next)).toBe("signed in");
      // The same code again, in a new sign-in: refused, though it is still valid.
      const again = await challenge();
      expect(await respond(again, next)).toBe("CodeMismatchException");

    } finally {
      client.destroy();
    }
  });
});

describe("unpatched cognito-local (emulateCognito: false), for the record", () => {
  it("answers a wrong password with InvalidPasswordException and does not know e-mail aliases", async () => {
    const raw = await time("start cognito-local (unpatched)", () => startCognitoLocal({ dataDir: join(dir, "raw"), port: 0, emulateCognito: false }));
    try {
      const ids = await provisionIdentity({ endpoint: raw.endpoint, region: REGION, users: [demoIdentityUsers()[0]!], outputFile: null });
      const base = { endpoint: raw.endpoint, region: REGION, clientId: ids.clientId };
      const wrong = await signIn({ ...base, username: practitioner.userId, password: "Wrong-password-1" }).catch((e) => e);
      expect(errorName(wrong)).toBe("InvalidPasswordException");
      const byEmail = await signIn({ ...base, email: practitioner.email, password: practitioner.password }).catch((e) => e);
      expect(errorName(byEmail)).toBe("NotAuthorizedException");
      await signIn({ ...base, username: practitioner.userId, password: practitioner.password });
    } finally {
      await raw.stop();
    }
  }, 30_000);
});
