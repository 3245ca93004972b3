/**
 * cognito-local, the embedded identity service for development and tests.
 *
 * `startCognitoLocal()` runs the cognito-local devDependency as a child process (through
 * cognito-local-launcher.cjs, which patches it to behave like Amazon Cognito where the portal depends on it:
 * sign-in with a verified e-mail alias, "Incorrect username or password." on a wrong password) with its
 * working directory set to `dataDir`, so its data lives in `<dataDir>/.cognito` (config.json, db/*.json).
 * It waits until GET /health answers and returns `{ endpoint, stop() }`.
 *
 * Before each start it writes two settings into `<dataDir>/.cognito/config.json` (other keys are kept):
 * - `TokenConfig.IssuerDomain` = the endpoint, so tokens carry `iss = <endpoint>/<userPoolId>` (cognito-local
 *   derives it from HOST and PORT anyway; writing it makes it explicit and survives port changes);
 * - `UserPoolDefaults.UsernameAttributes = []`: cognito-local's default makes every new pool use the e-mail as
 *   username (and then invents usernames), which would break our fixed usernames (= demo userIds).
 *
 * CLI (foreground; Ctrl-C stops it):
 *   npx tsx scripts/identity/cognito-local.ts [--provision]
 * Environment:
 *   COGNITO_LOCAL_PORT      port (default 9229; 0 = any free port)
 *   COGNITO_LOCAL_HOST      host name to listen on and to put in the endpoint/issuer (default localhost)
 *   COGNITO_LOCAL_DATA_DIR  data directory (default data/cognito in the project)
 *   CODE                    fixed confirmation / verification code (default 123456)
 *   COGNITO_LOCAL_EMULATE   0 = run cognito-local unpatched
 *   COGNITO_LOCAL_LOG_LEVEL its log level (default error; warn shows every refused call, debug everything)
 *   --provision             also provision the user pool, app client, groups and demo users
 *                           (scripts/identity/provision.ts) and write data/identity.json (or IDENTITY_FILE)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_ADMIN_CREDENTIALS } from "./client.js";

/** The project root (two levels above scripts/identity). */
export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DEFAULT_COGNITO_DATA_DIR = join(PROJECT_ROOT, "data", "cognito");
export const DEFAULT_COGNITO_PORT = 9229;
export const DEFAULT_CODE = "123456";

export interface CognitoLocalOptions {
  /** Where its data lives (`<dataDir>/.cognito`). Default: data/cognito in the project. */
  dataDir?: string;
  /** Port to listen on. Default 9229; 0 picks a free port. */
  port?: number;
  /** Host name to listen on and to use in the endpoint and token issuer. Default "localhost". */
  host?: string;
  /** Fixed confirmation / verification code (env CODE of cognito-local). Default "123456". */
  code?: string;
  /** Apply the Cognito-fidelity patches of cognito-local-launcher.cjs. Default true. */
  emulateCognito?: boolean;
  /** Give up if it does not answer within this time. Default 20 000 ms. */
  startTimeoutMs?: number;
  /** cognito-local's log level (pino): "error" (default) hides the warning it logs for every refused call. */
  logLevel?: "fatal" | "error" | "warn" | "info" | "debug";
  /** Its log output: "pipe" keeps the last lines (shown if the start fails), "inherit" prints them. Default "pipe". */
  log?: "pipe" | "inherit";
}

export interface CognitoLocal {
  /** Base URL for the AWS SDK (`endpoint`) and of the JWKS / issuer (`<endpoint>/<userPoolId>`). */
  endpoint: string;
  port: number;
  dataDir: string;
  /** The fixed confirmation code. */
  code: string;
  pid: number;
  /** The last lines it logged (only with log "pipe"). */
  logTail(): string;
  /** Stops the process (SIGTERM, SIGKILL after 3 s) and waits for it to exit. Idempotent. */
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => (port ? resolvePort(port) : reject(new Error("could not find a free port"))));
    });
  });
}

/** Writes the settings we depend on into `<dataDir>/.cognito/config.json`, keeping any other keys. */
function writeCognitoLocalConfig(dataDir: string, issuerDomain: string): void {
  const dir = join(dataDir, ".cognito");
  mkdirSync(join(dir, "db"), { recursive: true });
  const file = join(dir, "config.json");
  let config: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      config = JSON.parse(readFileSync(file, "utf8") || "{}") ?? {};
    } catch {
      throw new Error(`${file}: not valid JSON; fix or delete it`);
    }
  }
  const next = {
    ...config,
    TokenConfig: { ...(config.TokenConfig ?? {}), IssuerDomain: issuerDomain },
    UserPoolDefaults: { ...(config.UserPoolDefaults ?? {}), UsernameAttributes: [] },
  };
  const text = `${JSON.stringify(next, null, 2)}\n`;
  if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
}

async function isHealthy(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startCognitoLocal(options: CognitoLocalOptions = {}): Promise<CognitoLocal> {
  const dataDir = resolve(options.dataDir ?? DEFAULT_COGNITO_DATA_DIR);
  const host = options.host ?? "localhost";
  const port = options.port === undefined ? DEFAULT_COGNITO_PORT : options.port === 0 ? await findFreePort() : options.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`cognito-local: invalid port ${options.port}`);
  const code = options.code ?? DEFAULT_CODE;
  const endpoint = `http://${host}:${port}`;
  const timeoutMs = options.startTimeoutMs ?? 20_000;

  if (await isHealthy(endpoint)) {
    throw new Error(`cognito-local: something already answers on ${endpoint} (another cognito-local?). Stop it or choose another port.`);
  }
  writeCognitoLocalConfig(dataDir, endpoint);

  const require = createRequire(import.meta.url);
  const cognitoLocalDir = dirname(require.resolve("cognito-local/package.json"));
  const launcher = fileURLToPath(new URL("./cognito-local-launcher.cjs", import.meta.url));
  const logMode = options.log ?? "pipe";
  const child: ChildProcess = spawn(process.execPath, [launcher], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: host,
      CODE: code,
      COGNITO_LOCAL_DIR: cognitoLocalDir,
      COGNITO_LOCAL_EMULATE: options.emulateCognito === false ? "0" : "1",
      COGNITO_LOCAL_LOG_LEVEL: options.logLevel ?? process.env.COGNITO_LOCAL_LOG_LEVEL ?? "error",
      // The keys its administrative operations require (ADR 035): the ones createIdentityClient signs with.
      COGNITO_LOCAL_ACCESS_KEY_ID: LOCAL_ADMIN_CREDENTIALS.accessKeyId,
      COGNITO_LOCAL_SECRET_ACCESS_KEY: LOCAL_ADMIN_CREDENTIALS.secretAccessKey,
      // aws-sdk v2 (used by cognito-local for Lambda triggers) prints an end-of-support notice otherwise.
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1",
    },
    stdio: logMode === "inherit" ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
  });

  let tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (tail.length > 200) tail = tail.slice(-200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const logTail = () => tail.join("\n");

  let exited = child.exitCode !== null;
  const exitPromise = new Promise<void>((done) => child.once("exit", () => { exited = true; done(); }));
  // Never leave it running when this process ends.
  const killOnExit = () => { if (!exited) child.kill("SIGKILL"); };
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => { if (!exited) child.kill("SIGKILL"); }, 3000);
    await exitPromise;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  let spawnError: Error | undefined;
  child.once("error", (err) => { spawnError = err; });
  for (;;) {
    if (spawnError || exited) {
      await stop();
      throw new Error(`cognito-local exited before answering on ${endpoint}${spawnError ? `: ${spawnError.message}` : ""}\n${logTail()}`);
    }
    if (await isHealthy(endpoint)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`cognito-local did not answer on ${endpoint} within ${timeoutMs} ms\n${logTail()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return { endpoint, port, dataDir, code, pid: child.pid ?? 0, logTail, stop };
}

// CLI: run in the foreground.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const env = process.env;
  const started = Date.now();
  const cognito = await startCognitoLocal({
    dataDir: env.COGNITO_LOCAL_DATA_DIR,
    port: env.COGNITO_LOCAL_PORT !== undefined ? Number(env.COGNITO_LOCAL_PORT) : undefined,
    host: env.COGNITO_LOCAL_HOST,
    code: env.CODE,
    emulateCognito: env.COGNITO_LOCAL_EMULATE !== "0",
    log: "inherit",
  });
  console.log(`cognito-local: ${cognito.endpoint} (data ${cognito.dataDir}/.cognito, code ${cognito.code}) ready in ${Date.now() - started} ms`);
  const shutdown = async () => {
    await cognito.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  if (process.argv.includes("--provision")) {
    const { provisionIdentity, demoIdentityUsers } = await import("./provision.js");
    const { apiEnv } = await import("./identity-config.js");
    try {
      const result = await provisionIdentity({ endpoint: cognito.endpoint, region: env.COGNITO_REGION ?? "us-east-1", users: demoIdentityUsers(), outputFile: env.IDENTITY_FILE });
      console.log(`provisioned ${result.userPoolId} / client ${result.clientId} (${result.changes.length} changes) → ${result.file}`);
      for (const [k, v] of Object.entries(apiEnv(result))) console.log(`  ${k}=${v}`);
    } catch (err) {
      console.error(`provisioning failed: ${(err as Error).message}`);
      await cognito.stop();
      process.exit(1);
    }
  }
}
