/**
 * Starts the BUILT portal the way `npm start` does (`npm run start` in the project), on a free port, with its
 * environment pointing at a hermetic stack, and waits until GET /healthz answers 200. It runs as two processes
 * (WEB_CONCURRENCY=2, a cluster primary and two workers) unless E2E_PORTAL_PROCESSES says otherwise.
 *
 * The child runs in its own process group (npm → sh → node) so stop() can end the whole group: SIGTERM
 * (the portal's graceful shutdown), SIGKILL after 5 s. Its output goes to `logFile`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync } from "node:fs";
import { PROJECT_ROOT, findFreePort } from "../../scripts/identity/cognito-local.js";
import type { Stack } from "../../scripts/dev/stack.js";
import { stackPortalEnv } from "../../scripts/container/checks.js";

export interface Portal {
  url: string;
  port: number;
  /** The child's pid (npm's, or with `direct` the portal's own Node process: the cluster primary). */
  pid: number;
  /** The child's exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface PortalOptions {
  /** What the portal needs of the stack (a test's StackState will do). */
  stack: { apiUrl: string; identity: Pick<Stack["identity"], "endpoint" | "region" | "userPoolId" | "clientId"> };
  dataDir: string;
  logFile: string;
  port?: number;
  /** The user pool's domain for single sign-on (SSO_DOMAIN); without it the portal offers no SSO. */
  ssoDomain?: string;
  /** Extra settings (override the defaults below). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /**
   * Run `node build/server/index.js` itself (what the image's exec-form CMD runs), not through npm: the pid is the
   * portal's, so a test can signal the portal alone as an orchestrator does (tests/e2e/shutdown.spec.ts).
   */
  direct?: boolean;
}

/** The portal's configuration for this stack (names as the portal's env validation reads them). */
export function portalEnv(opts: { port: number; url: string; stack: PortalOptions["stack"]; ssoDomain?: string }): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: opts.url,
    ...stackPortalEnv(opts.stack),
    // A fresh secret per run: sessions of a previous run are refused.
    SESSION_SECRETS: randomBytes(32).toString("base64url"),
    // Set or explicitly off (an SSO_DOMAIN of the shell that runs the tests is not this portal's).
    SSO_DOMAIN: opts.ssoDomain ?? "",
    // The throttle's counters in the portal's process (no PostgreSQL for them in the test stack; ADR 022).
    THROTTLE_STORE: "local",
    LOG_LEVEL: process.env.E2E_PORTAL_LOG_LEVEL ?? "info",
    // Two portal processes (Node's cluster, ADR 017) serve every spec: nothing may depend on which one answers.
    // E2E_PORTAL_PROCESSES=1 runs one process.
    WEB_CONCURRENCY: process.env.E2E_PORTAL_PROCESSES ?? "2",
    // Stopped at the end of a run (or a test): no load balancer to drain for. Tests of the drain set their own.
    SHUTDOWN_DRAIN_SECONDS: "0",
    // No metrics listener (9464 would be shared by every portal of the run); the metrics test gives a free port.
    METRICS_PORT: "off",
    // The internal staff who see the sample Paths and Modules (001 §2, §6): the product admin on both lists,
    // support only on the (longer) Modules list. Every other demo account gets the 404 page there.
    PATHS_STAFF_EMAILS: "productadmin@exer.example",
    MODULES_STAFF_EMAILS: "productadmin@exer.example,support@exer.example",
  };
}

const tail = (file: string) => {
  try {
    return readFileSync(file, "utf8").slice(-8_000);
  } catch {
    return "";
  }
};

/** Whether the portal's JSON log says it is listening on `port` (one object per line; field order is pino's). */
function listeningOn(logText: string, port: number): boolean {
  return logText.split("\n").some((line) => {
    if (!line.includes("portal listening")) return false;
    try {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      return entry.msg === "portal listening" && entry.port === port;
    } catch {
      return false;
    }
  });
}

export async function startPortal(opts: PortalOptions): Promise<Portal> {
  const port = opts.port ?? (await findFreePort());
  const url = `http://localhost:${port}`;
  const env = { ...process.env, ...portalEnv({ port, url, stack: opts.stack, ssoDomain: opts.ssoDomain }), ...(opts.env ?? {}) };
  // The E2E runner's own settings are not the portal's business.
  for (const k of Object.keys(env)) if (k.startsWith("E2E_") || k.startsWith("PLAYWRIGHT_") || k === "TEST_WORKER_INDEX") delete env[k];

  const fd = openSync(opts.logFile, "w");
  let child: ChildProcess;
  try {
    // E2E_PORTAL_COMMAND replaces `npm run start` (e.g. to try the harness against another server build).
    const command = process.env.E2E_PORTAL_COMMAND;
    child = opts.direct
      ? spawn(process.execPath, ["--enable-source-maps", "build/server/index.js"], { cwd: PROJECT_ROOT, env, stdio: ["ignore", fd, fd], detached: true })
      : command
        ? spawn("sh", ["-c", command], { cwd: PROJECT_ROOT, env, stdio: ["ignore", fd, fd], detached: true })
        : spawn("npm", ["run", "--silent", "start"], { cwd: PROJECT_ROOT, env, stdio: ["ignore", fd, fd], detached: true });
  } finally {
    closeSync(fd);
  }
  const pid = child.pid;
  if (!pid) throw new Error("could not spawn `npm run start`");
  let exited = false;
  const exitCode = new Promise<number | null>((done) =>
    child.once("exit", (code) => {
      exited = true;
      done(code);
    }),
  );
  const exitPromise = exitCode.then(() => {});
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      /* already gone */
    }
  };
  const killOnExit = () => killGroup("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    killGroup("SIGTERM");
    const timer = setTimeout(() => killGroup("SIGKILL"), 5_000);
    if (!exited) await exitPromise;
    // npm may exit before its node child: give the group the same grace, then make sure it is gone.
    await new Promise((r) => setTimeout(r, 100));
    clearTimeout(timer);
    killGroup("SIGKILL");
  };

  const logsInfo = ["debug", "info"].includes(env.LOG_LEVEL ?? "info");
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the portal exited before answering ${url}/healthz:\n${tail(opts.logFile)}`);
    }
    try {
      // Ours, not another portal that took the port between findFreePort and our bind (that child exits with
      // EADDRINUSE, perhaps only after the other one answered): the portal logs "portal listening" once bound.
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok && (!logsInfo || listeningOn(readFileSync(opts.logFile, "utf8"), port))) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not answer ${url}/healthz within ${opts.startTimeoutMs ?? 60_000} ms:\n${tail(opts.logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, port, pid, exited: exitCode, stop };
}
