import { resolve } from "node:path";
import { SECRET_ADVICE, secretWeakness } from "../../app/secret-strength.server.js";

/**
 * Every secret written in the project's sources (this API's development signing secret, the portal's development
 * and unit-test session secrets): anyone can read them, so they sign nothing anyone else can reach (issue 23,
 * finding 11). The portal keeps the same list (app/config.server.ts `KNOWN_DEFAULT_SECRETS`; a test compares them).
 */
export const DEV_SIGNING_SECRET = "dev-only-signing-secret-change-me";
export const KNOWN_DEFAULT_SECRETS: readonly string[] = ["development-only-session-secret-do-not-use-in-production", "a-test-secret-that-is-long-enough-0001", DEV_SIGNING_SECRET];

/** Whether a listening address serves this machine only: 127.0.0.0/8, ::1 (also IPv4-mapped) or localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/** The configuration's problems, one line each (main.ts prints them and exits 1). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Reference API configuration, from the environment. Every setting has an embedded default. */
export interface ApiConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Data directory of the embedded database and the file store (logs, logos, PDFs). */
  dataDir: string;
  /** Public base URL used to build signed URLs (defaults to http://localhost:<port>). */
  publicUrl: string;
  /** HMAC secret for signed URLs (a default from the sources only outside production on loopback). */
  signingSecret: string;
  signedUrlTtlSeconds: number;
  /** The identity service: JWKS URL and expected issuer of access tokens. */
  jwksUrl: string;
  issuer: string;
  /** Which demo world to seed into a fresh database: demo (default), large (100k patients) or none. */
  seedWorld: "demo" | "large" | "none";
  /** Gait UIDs dropped from the daily gait report (comma-separated; test subjects). */
  gaitReportExcludedUids: string[];
  /** Validate every response against the contract (development and tests). */
  validateResponses: boolean;
  /** Per-operation artificial delays in ms for benchmarks, e.g. "getDashboardActions=2000". */
  delays: Record<string, number>;
  logLevel: string;
  /** Requests allowed per caller (token subject, else client address) and window (RATE_LIMIT_PER_MINUTE; window 60 s). */
  rateLimit: { points: number; windowSeconds: number };
  /**
   * How long "this user has a second factor" is believed before the user pool is asked again (SECOND_FACTOR_CACHE_SECONDS,
   * default 60; 0 asks on every request): ADR 036.
   */
  secondFactorCacheSeconds: number;
  /**
   * How long a request (headers and body) may take to arrive before it is answered 408 (REQUEST_TIMEOUT_MS, default
   * 60 000): a body declared and never sent no longer keeps its connection open (ADR 036).
   */
  requestTimeoutMs: number;
  /** The user pool the API administers (provider roles as groups); null when no pool is configured. */
  identityPool: { endpoint?: string; region: string; userPoolId: string } | null;
  /** What start-up says about the configuration (e.g. the development signing secret in use), one line each. */
  warnings: string[];
}

/**
 * Requests per caller and minute when RATE_LIMIT_PER_MINUTE is not set: 100 a second sustained, far above what a
 * person at the portal causes (a page is at most ~10 API calls) and above what the E2E and contract suites send
 * as one user; benchmarks, which drive one user at full speed, set their own (scripts/bench).
 */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6000;

/**
 * A request's headers and body must arrive within a minute: the API's callers are the portal's servers, and its
 * largest bodies are 10 MB (JSON) and 5 MB (an upload).
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

function parseDelays(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const [op, ms] = part.split("=");
    const n = Number(ms);
    if (!op || !Number.isFinite(n) || n < 0) throw new Error(`API_DELAYS: invalid entry "${part}" (expected operationId=ms)`);
    out[op] = n;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env.API_PORT ?? env.PORT ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`API_PORT: invalid port "${env.API_PORT}"`);
  const cognitoEndpoint = (env.COGNITO_ENDPOINT ?? "http://localhost:9229").replace(/\/$/, "");
  const poolId = env.COGNITO_USER_POOL_ID ?? "local_exer";
  const region = env.COGNITO_REGION ?? "us-east-1";
  // cognito-local issues tokens with iss = <endpoint>/<poolId>; real Cognito uses cognito-idp.<region>.amazonaws.com/<poolId>.
  const issuer = env.JWT_ISSUER ?? (env.COGNITO_ENDPOINT || !env.COGNITO_USER_POOL_ID ? `${cognitoEndpoint}/${poolId}` : `https://cognito-idp.${region}.amazonaws.com/${poolId}`);
  // A production deployment starts empty unless told otherwise: the demo world's accounts have a published password.
  const seedWorld = (env.SEED_WORLD || (env.NODE_ENV === "production" ? "none" : "demo")) as ApiConfig["seedWorld"];
  if (!["demo", "large", "none"].includes(seedWorld)) throw new Error(`SEED_WORLD: must be demo, large or none (got "${seedWorld}")`);
  const signingSecret = env.SIGNING_SECRET || (env.NODE_ENV === "production" ? "" : DEV_SIGNING_SECRET);
  if (!signingSecret) throw new ConfigError(["SIGNING_SECRET: required in production"]);
  const rateLimitPerMinute = Number(env.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 1) throw new Error(`RATE_LIMIT_PER_MINUTE: must be a whole number of requests, at least 1 (got "${env.RATE_LIMIT_PER_MINUTE}")`);
  const secondFactorCacheSeconds = Number(env.SECOND_FACTOR_CACHE_SECONDS ?? 60);
  if (!Number.isFinite(secondFactorCacheSeconds) || secondFactorCacheSeconds < 0) throw new Error(`SECOND_FACTOR_CACHE_SECONDS: must be a number of seconds, 0 or more (got "${env.SECOND_FACTOR_CACHE_SECONDS}")`);
  const requestTimeoutMs = Number(env.REQUEST_TIMEOUT_MS ?? DEFAULT_REQUEST_TIMEOUT_MS);
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 1) throw new Error(`REQUEST_TIMEOUT_MS: must be a whole number of milliseconds, at least 1 (got "${env.REQUEST_TIMEOUT_MS}")`);
  const host = env.API_HOST || "127.0.0.1";
  const secrets = signingSecretProblems(signingSecret, env.NODE_ENV, host);
  if (secrets.problems.length) throw new ConfigError(secrets.problems);
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.API_DATA_DIR ?? "data/api"),
    publicUrl: (env.API_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    signingSecret,
    signedUrlTtlSeconds: Number(env.SIGNED_URL_TTL_SECONDS ?? 900),
    jwksUrl: env.JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
    issuer,
    seedWorld,
    gaitReportExcludedUids: (env.GAIT_REPORT_EXCLUDED_UIDS ?? "TEST,DEMO-TEST").split(",").map((s) => s.trim().toUpperCase()).filter(Boolean),
    validateResponses: env.VALIDATE_RESPONSES ? env.VALIDATE_RESPONSES === "true" : env.NODE_ENV !== "production",
    delays: parseDelays(env.API_DELAYS),
    logLevel: env.LOG_LEVEL ?? "info",
    rateLimit: { points: rateLimitPerMinute, windowSeconds: 60 },
    secondFactorCacheSeconds,
    requestTimeoutMs,
    identityPool: env.COGNITO_USER_POOL_ID ? { endpoint: env.COGNITO_ENDPOINT || undefined, region, userPoolId: env.COGNITO_USER_POOL_ID } : null,
    warnings: secrets.warnings,
  };
}

/**
 * The signing secret signs the file links (signed URLs) anyone holding one can open without signing in: one
 * written in the sources would let anyone forge a link to any organization's files. It is tolerated only where
 * nobody else can reach the API — outside production (NODE_ENV unset, development or test) and listening on
 * loopback — and said at start; anywhere else the API does not start. An own secret has at least 32 characters.
 */
export function signingSecretProblems(secret: string, nodeEnv: string | undefined, host: string): { problems: string[]; warnings: string[] } {
  if (KNOWN_DEFAULT_SECRETS.includes(secret)) {
    if (nodeEnv !== "production" && isLoopbackHost(host)) return { problems: [], warnings: ["SIGNING_SECRET: using the development secret from the sources (tolerated on loopback only)"] };
    return {
      problems: [`SIGNING_SECRET: a default secret from the project's sources is refused ${nodeEnv === "production" ? "in production" : `on ${host}`} (it is allowed only outside production on a loopback API_HOST such as 127.0.0.1); set your own, at least 32 random characters`],
      warnings: [],
    };
  }
  if (secret.length < 32) return { problems: ["SIGNING_SECRET: must be at least 32 characters"], warnings: [] };
  // Production refuses a placeholder, a repetition or too little entropy (issue 33; the portal's rule).
  const weakness = nodeEnv === "production" ? secretWeakness(secret) : undefined;
  if (weakness) return { problems: [`SIGNING_SECRET: the secret ${weakness}; ${SECRET_ADVICE}`], warnings: [] };
  return { problems: [], warnings: [] };
}
