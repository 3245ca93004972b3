/**
 * The embedded default stack: cognito-local (identity) → provisioning (pool, client, groups, demo users) →
 * the reference API (PGlite data directory, seeded with the demo world when fresh). Used by `npm run dev`
 * and by the test setup (each test run on free ports with its own data directory).
 */
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import { findFreePort, PROJECT_ROOT, startCognitoLocal, type CognitoLocal } from "../identity/cognito-local.js";
import { apiEnv, type IdentityConfig } from "../identity/identity-config.js";
import { demoIdentityUsers, provisionIdentity } from "../identity/provision.js";

export interface StackOptions {
  /** Root of this stack's data: <dataDir>/cognito, <dataDir>/api, <dataDir>/identity.json. */
  dataDir?: string;
  cognitoPort?: number;
  apiPort?: number;
  world?: "demo" | "large" | "none";
  /**
   * The address both services listen on and are named by (endpoint, token issuer, API URL); default localhost.
   * Containers reach the host by its own address (scripts/container/, scripts/deploy/), not by localhost.
   */
  host?: string;
  /** Extra environment for the reference API (API_DELAYS, SEED_TODAY, ...). */
  apiEnv?: Record<string, string>;
  /** How long to wait for the API's health check (default 180 s; generating the large world takes longer on a busy machine). */
  healthTimeoutMs?: number;
  /** Print the children's output (dev) or keep it quiet (tests). */
  inheritOutput?: boolean;
  /** Also append the reference API's output (its JSON log: warnings and errors, no PHI) to this file. */
  apiLogFile?: string;
  log?: (m: string) => void;
}

export interface Stack {
  identity: IdentityConfig;
  apiUrl: string;
  cognito: CognitoLocal;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`reference API exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthcheck`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`reference API did not answer ${url}/healthcheck within ${timeoutMs} ms:\n${output()}`);
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? (() => {});
  const dataDir = opts.dataDir ?? join(PROJECT_ROOT, "data");
  mkdirSync(dataDir, { recursive: true });
  const host = opts.host ?? "localhost";
  const cognito = await startCognitoLocal({ dataDir: join(dataDir, "cognito"), port: opts.cognitoPort ?? 0, host, log: opts.inheritOutput ? "inherit" : "pipe" });
  log(`identity service (cognito-local) at ${cognito.endpoint}`);
  try {
    const identity = await provisionIdentity({ endpoint: cognito.endpoint, region: "us-east-1", users: demoIdentityUsers(), outputFile: join(dataDir, "identity.json") });
    const apiPort = opts.apiPort ?? (await findFreePort());
    const apiUrl = `http://${host}:${apiPort}`;
    const env = {
      ...process.env,
      ...apiEnv(identity),
      API_PORT: String(apiPort),
      API_HOST: host === "localhost" ? "127.0.0.1" : host,
      // Off loopback (the containers' stack: container:verify, deploy:verify) the API refuses the development
      // signing secret of its sources (ADR 024 §11): this run gets its own.
      ...(host === "localhost" || host === "127.0.0.1" || process.env.SIGNING_SECRET ? {} : { SIGNING_SECRET: randomBytes(32).toString("hex") }),
      API_PUBLIC_URL: apiUrl,
      API_DATA_DIR: join(dataDir, "api"),
      SEED_WORLD: opts.world ?? "demo",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...(opts.apiEnv ?? {}),
    };
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", join(PROJECT_ROOT, "reference-api/src/main.ts")], {
      cwd: PROJECT_ROOT,
      env,
      stdio: opts.inheritOutput ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const keep = (b: Buffer) => {
      output = (output + b.toString()).slice(-20_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    if (opts.apiLogFile && !opts.inheritOutput) {
      const file = createWriteStream(opts.apiLogFile, { flags: "a" });
      child.stdout?.pipe(file);
      child.stderr?.pipe(file);
    }
    const exitHook = () => child.kill("SIGKILL");
    process.once("exit", exitHook);
    await waitForHealth(apiUrl, child, opts.healthTimeoutMs ?? 180_000, () => output);
    log(`reference API at ${apiUrl}`);
    return {
      identity,
      apiUrl,
      cognito,
      async stop() {
        process.removeListener("exit", exitHook);
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once("exit", r));
          child.kill("SIGTERM");
          const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
          await exited;
          clearTimeout(timer);
        }
        await cognito.stop();
      },
    };
  } catch (e) {
    await cognito.stop();
    throw e;
  }
}
