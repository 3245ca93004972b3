/**
 * Global setup of the E2E run (playwright.config.ts): a hermetic stack on free ports.
 *
 * 1. identity (cognito-local) + provisioning + the reference API with a FRESH demo world in a temporary data
 *    directory (scripts/dev/stack.ts startStack; the world is copied from a prepared one when possible, see
 *    world-cache.ts), in parallel with
 * 2. `npm run build` (skipped with E2E_SKIP_BUILD=1), then
 * 3. the stand-in for the user pool's domain (single sign-on, scripts/identity/oidc-hosted-ui.ts), in this
 *    process, registered for the portal's callback on a port chosen beforehand, and
 * 4. the built portal, started the way `npm start` does, on a free port with its environment pointing at that
 *    stack (tests/setup/portal.ts), until its /healthz answers.
 *
 * It hands the tests their coordinates through the environment (inherited by the workers):
 * E2E_BASE_URL (the portal), E2E_STATE_FILE (JSON: see StackState in tests/setup/state.ts).
 * The function it returns is the teardown: it stops the portal and the stack and removes the data directory
 * (kept with E2E_KEEP_DATA=1). Timings go to the console and test-results/e2e-timings.json.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FullConfig } from "@playwright/test";
import { findFreePort, PROJECT_ROOT } from "../../scripts/identity/cognito-local.js";
import { CODE_WAITS_FILE } from "../../scripts/identity/totp.js";
import { ssoCallbackUrl, startHostedUi, type HostedUi } from "../../scripts/identity/oidc-hosted-ui.js";
import { startStack, type Stack } from "../../scripts/dev/stack.js";
import { startPortal, type Portal } from "./portal.js";
import { STATE_ENV, type StackState } from "./state.js";
import { copyPreparedWorld, worldCacheEnabled } from "./world-cache.js";

const log = (m: string) => console.log(`[e2e setup] ${m}`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run build` in the project, output kept for the error message only. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: PROJECT_ROOT, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const keep = (b: Buffer) => {
      out = (out + b.toString()).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code}):\n${out}`))));
  });
}

/**
 * What the run's sign-ins waited for authenticator codes (a code is taken once per user, so a user signed in more
 * often than three times in 30 s waits for the next step): printed and kept in the timings.
 */
function codeWaits(claimDir: string, timings: Record<string, number>): void {
  let lines: number[];
  try {
    lines = readFileSync(join(claimDir, CODE_WAITS_FILE), "utf8").split("\n").filter(Boolean).map(Number);
  } catch {
    return;
  }
  timings.codes = lines.length;
  timings.codeWaitMs = lines.reduce((a, b) => a + b, 0);
  log(`${lines.length} authenticator codes, ${lines.filter((ms) => ms > 1_000).length} waited for a step: ${secs(timings.codeWaitMs)} in all`);
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const started = Date.now();
  const timings: Record<string, number> = {};
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-stack-"));
  // Codes answered at the identity service by this process (the SSO stand-in's sign-ins) are claimed where the
  // workers' sign-in helpers claim theirs: the service takes a code once per user (ADR 035).
  process.env.TOTP_CLAIM_DIR = join(dataDir, "offered-authenticator-codes");
  const resultsDir = join(PROJECT_ROOT, "test-results");
  mkdirSync(resultsDir, { recursive: true });
  let stack: Stack | undefined;
  let portal: Portal | undefined;
  let hostedUi: HostedUi | undefined;
  const portalLog = join(resultsDir, "e2e-portal.log");
  const apiLog = join(resultsDir, "e2e-api.log");
  writeFileSync(apiLog, "");

  const teardown = async () => {
    const t0 = Date.now();
    await portal?.stop().catch((e: unknown) => log(`portal stop: ${(e as Error).message}`));
    await hostedUi?.stop().catch((e: unknown) => log(`SSO stand-in stop: ${(e as Error).message}`));
    await stack?.stop().catch((e: unknown) => log(`stack stop: ${(e as Error).message}`));
    codeWaits(process.env.TOTP_CLAIM_DIR!, timings);
    if (process.env.E2E_KEEP_DATA === "1") log(`data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
    timings.teardownMs = Date.now() - t0;
    writeFileSync(join(resultsDir, "e2e-timings.json"), `${JSON.stringify(timings, null, 2)}\n`);
    log(`stopped in ${secs(timings.teardownMs)}`);
  };

  try {
    const stackStart = Date.now();
    const stackPromise = (async () => {
      if (worldCacheEnabled()) {
        const hit = await copyPreparedWorld(join(dataDir, "api"), "demo");
        timings.worldCopyMs = Date.now() - stackStart;
        log(`demo world ${hit ? "copied from" : "prepared in"} data/test-cache in ${secs(timings.worldCopyMs)}`);
      }
      // The reference API checks its own answers against the contract where the contract suite runs (every
      // operation, every documented status); here that check would cost ~10% of the suite's time for calls the
      // contract suite covers. E2E_VALIDATE_RESPONSES=true turns it on.
      const apiEnv = { VALIDATE_RESPONSES: process.env.E2E_VALIDATE_RESPONSES === "true" ? "true" : "false" };
      const s = await startStack({ dataDir, world: "demo", apiLogFile: apiLog, apiEnv });
      timings.stackMs = Date.now() - stackStart;
      log(`identity ${s.identity.endpoint} + reference API ${s.apiUrl} ready in ${secs(timings.stackMs)}`);
      return s;
    })();
    const buildStart = Date.now();
    const buildPromise =
      process.env.E2E_SKIP_BUILD === "1"
        ? Promise.resolve(log("build skipped (E2E_SKIP_BUILD=1)"))
        : build().then(() => {
            timings.buildMs = Date.now() - buildStart;
            log(`portal built in ${secs(timings.buildMs)}`);
          });
    // Both must settle before we go on, so a failing build never leaves a running stack behind.
    const [stackResult, buildResult] = await Promise.allSettled([stackPromise, buildPromise]);
    if (stackResult.status === "fulfilled") stack = stackResult.value;
    if (stackResult.status === "rejected") throw stackResult.reason;
    if (buildResult.status === "rejected") throw buildResult.reason;
    if (!stack) throw new Error("stack did not start");

    // The stand-in knows the portal's callback URL exactly, so the portal's port is chosen first.
    const portalPort = await findFreePort();
    hostedUi = await startHostedUi({ identity: stack.identity, redirectUris: [ssoCallbackUrl(`http://localhost:${portalPort}`)] });
    log(`single sign-on stand-in ${hostedUi.url}`);
    const portalStart = Date.now();
    portal = await startPortal({ stack, dataDir, port: portalPort, ssoDomain: hostedUi.url, logFile: portalLog });
    timings.portalMs = Date.now() - portalStart;
    log(`portal ${portal.url} ready in ${secs(timings.portalMs)} (log: test-results/e2e-portal.log)`);
  } catch (err) {
    await teardown();
    throw err;
  }

  const state: StackState = {
    baseURL: portal.url,
    apiUrl: stack.apiUrl,
    identity: {
      endpoint: stack.identity.endpoint,
      region: stack.identity.region,
      userPoolId: stack.identity.userPoolId,
      clientId: stack.identity.clientId,
      totpSecrets: stack.identity.totpSecrets,
    },
    confirmationCode: stack.cognito.code,
    sso: { domain: hostedUi.url },
    portalLog,
    dataDir,
  };
  const stateFile = join(dataDir, "e2e-state.json");
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  process.env[STATE_ENV] = stateFile;
  process.env.E2E_BASE_URL = portal.url;
  timings.setupMs = Date.now() - started;
  log(`stack up in ${secs(timings.setupMs)}`);
  return teardown;
}
