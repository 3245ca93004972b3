/**
 * The identity admin against a real user pool (cognito-local in a temporary directory): the role group an
 * admin sets arrives in the next token; a removed provider's user is deleted, so neither a password sign-in
 * nor a session refresh works any more.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startCognitoLocal, type CognitoLocal } from "../../../scripts/identity/cognito-local.js";
import { provisionIdentity, type ProvisionResult } from "../../../scripts/identity/provision.js";
import { decodeJwtPayload, isWrongCredentials, refresh, signInAs } from "../../../scripts/identity/sign-in.js";
import { createIdentityAdmin } from "./identity-admin.js";

const REGION = "us-east-1";
const user = { username: randomUUID(), email: `removed-${randomUUID().slice(0, 8)}@test.example`, password: "Identity-Test-1234!", groups: ["PORTAL_PRACTITIONER"] };
const other = { username: randomUUID(), email: `disabled-${randomUUID().slice(0, 8)}@test.example`, password: "Identity-Test-1234!", groups: ["PORTAL_PRACTITIONER"] };
const enrolled = { username: randomUUID(), email: `enrolled-${randomUUID().slice(0, 8)}@test.example`, password: "Identity-Test-1234!", groups: ["EXER_SUPPORT"], totp: true };
let dir: string;
let cognito: CognitoLocal;
let identity: ProvisionResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "identity-admin-test-"));
  cognito = await startCognitoLocal({ dataDir: join(dir, "cognito"), port: 0 });
  identity = await provisionIdentity({ endpoint: cognito.endpoint, region: REGION, users: [user, other, enrolled], outputFile: null });
}, 60_000);

afterAll(async () => {
  await cognito?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("sets the role group for the next token and deletes a removed provider's user (no sign-in, no refresh)", async () => {
  const admin = createIdentityAdmin({ endpoint: identity.endpoint, region: REGION, userPoolId: identity.userPoolId });
  const before = await signInAs(identity, user);
  expect(decodeJwtPayload(before.accessToken)["cognito:groups"]).toEqual(["PORTAL_PRACTITIONER"]);

  await admin.setRole(user.username, "PORTAL_PROVIDER_ADMIN");
  const promoted = await refresh({ endpoint: identity.endpoint, region: REGION, clientId: identity.clientId, refreshToken: before.refreshToken });
  expect(decodeJwtPayload(promoted.accessToken)["cognito:groups"]).toEqual(["PORTAL_PROVIDER_ADMIN"]);

  await admin.deleteUser(user.username);
  const signIn = await signInAs(identity, user).then(() => "signed in", (e: unknown) => e);
  expect(isWrongCredentials(signIn), String(signIn)).toBe(true);
  const renewed = await refresh({ endpoint: identity.endpoint, region: REGION, clientId: identity.clientId, refreshToken: before.refreshToken }).then(() => "refreshed", (e: unknown) => e);
  expect(renewed).not.toBe("refreshed");
  // Removing again (a retried call) is not an error.
  await expect(admin.deleteUser(user.username)).resolves.toBeUndefined();
});

it("signs a user out everywhere (a disabled organization's users, ADR 025): no refresh; a new sign-in works; a user already gone is no error", async () => {
  const admin = createIdentityAdmin({ endpoint: identity.endpoint, region: REGION, userPoolId: identity.userPoolId });
  const target = { endpoint: identity.endpoint, region: REGION, clientId: identity.clientId };
  const before = await signInAs(identity, other);
  await admin.signOut(other.username);
  const renewed = await refresh({ ...target, refreshToken: before.refreshToken }).then(() => "refreshed", (e: unknown) => e);
  expect(renewed).not.toBe("refreshed");
  const again = await signInAs(identity, other);
  expect((await refresh({ ...target, refreshToken: again.refreshToken })).accessToken).toBeTruthy();
  await expect(admin.signOut(randomUUID())).resolves.toBeUndefined();
});

it("reads a user's second factor from the pool (AdminGetUser's UserMFASettingList, ADR 036): set by enrolment, gone after the admin's reset", async () => {
  const admin = createIdentityAdmin({ endpoint: identity.endpoint, region: REGION, userPoolId: identity.userPoolId });
  expect(await admin.secondFactor(enrolled.username)).toEqual({ enabled: true, external: false });
  expect(await admin.secondFactor(other.username)).toEqual({ enabled: false, external: false });
  await admin.resetMfa(enrolled.username);
  expect(await admin.secondFactor(enrolled.username)).toEqual({ enabled: false, external: false });
  expect(await admin.secondFactor(randomUUID())).toBeNull();
});
