/**
 * Global setup of the contract suite: chooses the deployment under test and signs in once per role.
 *
 * - External deployment: CONTRACT_API_URL plus, per role, CONTRACT_TOKEN_<ROLE> (an access token) or
 *   CONTRACT_USER_<ROLE>=email:password with CONTRACT_CLIENT_ID, CONTRACT_IDENTITY_REGION and (for a
 *   Cognito-compatible service that is not Amazon Cognito) CONTRACT_IDENTITY_ENDPOINT. CONTRACT_DEMO_ACCOUNTS=1
 *   signs in the reference implementation's demo accounts for roles not given otherwise.
 * - Default: a freshly started reference implementation (scripts/dev/stack.ts: cognito-local, provisioning,
 *   the API with the demo world) on free ports with its own temporary data directory, removed afterwards.
 * See tests/contract/README.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createIdentityUser } from "../../scripts/identity/users.js";
import { signIn } from "../../scripts/identity/sign-in.js";
import { startStack, type Stack } from "../../scripts/dev/stack.js";
import { startPostgres, type PostgresServer } from "../../scripts/testing/postgres-server.js";
import { DEMO_PASSWORD } from "../../reference-api/src/seed/demo-accounts.js";
import { ALL_ROLES, CONTRACT_REQUEST_TIMEOUT_MS, DEMO_ROLE_EMAILS, REQUIRED_ROLES, userIdOf, type ContractTarget, type Role } from "./lib/target.js";

interface Identity {
  endpoint?: string;
  region: string;
  clientId: string;
  userPoolId?: string;
  /** The embedded stack's staff accounts' authenticator secrets (by username; ADR 027). */
  totpSecrets?: Record<string, string>;
}

async function signInRoles(identity: Identity, users: Partial<Record<Role, { login: string; password: string }>>, tokens: Partial<Record<Role, string>>) {
  // One at a time, once per role (cognito-local slows down under many sign-ins; the tokens are reused).
  for (const role of ALL_ROLES) {
    const user = users[role];
    if (!user || tokens[role]) continue;
    const t = await signIn({ endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, username: user.login, password: user.password, totpSecrets: identity.totpSecrets }).catch((err: unknown) => {
      throw new Error(`contract suite: sign-in as ${role} (${user.login}) failed: ${(err as Error).name}: ${(err as Error).message}`);
    });
    tokens[role] = t.accessToken;
  }
}

/** An identity user without a provider account, for completeSignUp (needs admin rights on the identity service). */
async function createSignupUser(identity: Identity & { userPoolId: string }, runId: string, groups = ["PORTAL_PRACTITIONER"]): Promise<{ login: string; password: string }> {
  const email = `contract-signup-${runId}@contract.example`;
  const password = `Contract-${runId}-9a`;
  const { username } = await createIdentityUser(identity, { email, password, groups });
  return { login: username, password };
}

/** The optional identity users the setup creates where it may (SIGNUP, SIGNUP2, SIGNUP3, STAFF_NO_MFA: lib/target.ts). */
async function createOptionalUsers(identity: Identity & { userPoolId: string }, runId: string, users: Partial<Record<Role, { login: string; password: string }>>) {
  users.SIGNUP = await createSignupUser(identity, runId);
  users.SIGNUP2 = await createSignupUser(identity, `${runId}r`);
  users.SIGNUP3 = await createSignupUser(identity, `${runId}m`);
  // Staff without an authenticator: the identity service signs them in with the password (the pool is OPTIONAL);
  // the provider API must refuse them (ADR 036).
  users.STAFF_NO_MFA = await createSignupUser(identity, `${runId}s`, ["EXER_SUPPORT"]);
}

function parseUser(value: string, name: string): { login: string; password: string } {
  const i = value.indexOf(":");
  if (i <= 0) throw new Error(`${name} must be <email or username>:<password>`);
  return { login: value.slice(0, i), password: value.slice(i + 1) };
}

export default async function setup(project: TestProject) {
  const env = process.env;
  const started = Date.now();
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36).padStart(2, "0")}`;
  const runDir = join(tmpdir(), "contract-suite");
  mkdirSync(runDir, { recursive: true });
  // Keep the records of the last few runs only.
  const old = readdirSync(runDir)
    .map((f) => ({ f, t: statSync(join(runDir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
    .slice(30);
  for (const { f } of old) rmSync(join(runDir, f), { force: true });
  const recordFile = join(runDir, `calls-${runId}.jsonl`);
  writeFileSync(recordFile, "");
  const tokens: Partial<Record<Role, string>> = {};
  const notes: string[] = [];
  let stack: Stack | undefined;
  let stackDir: string | undefined;
  let postgres: PostgresServer | undefined;
  let apiUrl: string;
  /** SIGNUP3 signs in again during the run (second-factor.test.ts): a sign-in after its organization's requirement. */
  let signInAgain: ContractTarget["signInAgain"];
  let mode: ContractTarget["mode"];
  let targetIdentity: ContractTarget["identity"];

  if (env.CONTRACT_API_URL) {
    mode = "external";
    apiUrl = env.CONTRACT_API_URL.replace(/\/+$/, "");
    for (const role of ALL_ROLES) {
      const t = env[`CONTRACT_TOKEN_${role}`];
      if (t) tokens[role] = t;
    }
    const users: Partial<Record<Role, { login: string; password: string }>> = {};
    for (const role of ALL_ROLES) {
      const u = env[`CONTRACT_USER_${role}`];
      if (u) users[role] = parseUser(u, `CONTRACT_USER_${role}`);
      else if (env.CONTRACT_DEMO_ACCOUNTS === "1" && DEMO_ROLE_EMAILS[role]) users[role] = { login: DEMO_ROLE_EMAILS[role]!, password: env.CONTRACT_DEMO_PASSWORD ?? DEMO_PASSWORD };
    }
    const needSignIn = ALL_ROLES.some((r) => users[r] && !tokens[r]);
    const identity: Identity = {
      endpoint: env.CONTRACT_IDENTITY_ENDPOINT || undefined,
      region: env.CONTRACT_IDENTITY_REGION ?? "us-east-1",
      clientId: env.CONTRACT_CLIENT_ID ?? "",
      userPoolId: env.CONTRACT_IDENTITY_POOL_ID || undefined,
    };
    if (!tokens.SIGNUP && !users.SIGNUP && env.CONTRACT_IDENTITY_CREATE_USERS === "1") {
      if (!identity.userPoolId) throw new Error("CONTRACT_IDENTITY_CREATE_USERS=1 needs CONTRACT_IDENTITY_POOL_ID");
      await createOptionalUsers(identity as Identity & { userPoolId: string }, runId, users);
      signInAgain = { endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, users: { SIGNUP3: users.SIGNUP3! } };
    }
    if (identity.clientId) targetIdentity = { endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, userPoolId: identity.userPoolId };
    if (needSignIn || users.SIGNUP || users.SIGNUP2) {
      if (!identity.clientId) throw new Error("contract suite: CONTRACT_USER_<ROLE> needs CONTRACT_CLIENT_ID (and CONTRACT_IDENTITY_REGION / CONTRACT_IDENTITY_ENDPOINT)");
      await signInRoles(identity, users, tokens);
    }
    const missing = REQUIRED_ROLES.filter((r) => !tokens[r]);
    if (missing.length) {
      throw new Error(`contract suite: no credentials for ${missing.join(", ")}: set CONTRACT_TOKEN_<ROLE> or CONTRACT_USER_<ROLE> (see tests/contract/README.md)`);
    }
  } else {
    mode = "fresh-stack";
    stackDir = mkdtempSync(join(tmpdir(), "contract-stack-"));
    try {
      // TEST_DATABASE=postgres (npm run test:contract:pg): the API runs on a private PostgreSQL server, its
      // database empty at start (the API migrates and seeds the demo world into it, as on a first deployment).
      // A request that does not arrive within 20 s is answered 408 (input-limits.test.ts waits for it; ADR 036). The
      // suite's largest bodies (5 MB uploads) arrive in well under a second on loopback, but Node counts the time
      // from a request's first bytes, and an event loop held by the embedded database (PGlite runs in the API's own
      // thread) on a busy machine delayed a GET's second packet past 5 s once (a 408 in the authorization matrix).
      const apiEnv: Record<string, string> = { REQUEST_TIMEOUT_MS: String(CONTRACT_REQUEST_TIMEOUT_MS) };
      if (env.TEST_DATABASE === "postgres") {
        postgres = await startPostgres();
        const pg = (await import("pg")).default;
        const c = new pg.Client({ connectionString: postgres.adminUrl });
        await c.connect();
        await c.query("CREATE DATABASE contract");
        await c.end();
        apiEnv.DATABASE_URL = postgres.urlOf("contract");
        notes.push("database: PostgreSQL (private test server)");
      }
      // CONTRACT_HEALTH_TIMEOUT_MS: a busy machine migrates and seeds slowly (default 180 s).
      stack = await startStack({ dataDir: stackDir, world: "demo", apiEnv, ...(env.CONTRACT_HEALTH_TIMEOUT_MS ? { healthTimeoutMs: Number(env.CONTRACT_HEALTH_TIMEOUT_MS) } : {}) });
      const identity: Identity = { endpoint: stack.identity.endpoint, region: stack.identity.region, clientId: stack.identity.clientId, userPoolId: stack.identity.userPoolId, totpSecrets: stack.identity.totpSecrets };
      targetIdentity = { endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, userPoolId: identity.userPoolId };
      const users: Partial<Record<Role, { login: string; password: string }>> = {};
      for (const role of ALL_ROLES) if (DEMO_ROLE_EMAILS[role]) users[role] = { login: DEMO_ROLE_EMAILS[role]!, password: DEMO_PASSWORD };
      await createOptionalUsers(identity as Identity & { userPoolId: string }, runId, users);
      signInAgain = { endpoint: identity.endpoint, region: identity.region, clientId: identity.clientId, users: { SIGNUP3: users.SIGNUP3! } };
      await signInRoles(identity, users, tokens);
      apiUrl = stack.apiUrl;
    } catch (err) {
      await stack?.stop();
      await postgres?.stop();
      rmSync(stackDir, { recursive: true, force: true });
      throw err;
    }
  }
  for (const role of ALL_ROLES) if (!tokens[role]) notes.push(`role ${role} not configured: its checks are skipped`);
  const userIds = Object.fromEntries(Object.entries(tokens).map(([r, t]) => [r, userIdOf(t!)])) as Partial<Record<Role, string>>;

  const contractTarget: ContractTarget = {
    apiUrl,
    mode,
    tokens,
    userIds,
    recordFile,
    seed: Number(env.CONTRACT_SEED ?? 20260522),
    runId,
    numRuns: Math.max(1, Number(env.CONTRACT_NUM_RUNS ?? 20)),
    notes,
    ...(signInAgain ? { signInAgain } : {}),
    identity: targetIdentity,
  };
  project.provide("contractTarget", contractTarget);
  console.log(`contract suite: ${mode} target ${apiUrl}${postgres ? " on PostgreSQL" : ""}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s; calls recorded in ${recordFile}`);

  return async () => {
    if (stack) await stack.stop();
    if (postgres) await postgres.stop();
    if (stackDir) rmSync(stackDir, { recursive: true, force: true });
  };
}
