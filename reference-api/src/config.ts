import { resolve } from "node:path";

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
  /** HMAC secret for signed URLs. */
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
  /** The user pool the API administers (provider roles as groups); null when no pool is configured. */
  identityPool: { endpoint?: string; region: string; userPoolId: string } | null;
}

/**
 * Requests per caller and minute when RATE_LIMIT_PER_MINUTE is not set: 100 a second sustained, far above what a
 * person at the portal causes (a page is at most ~10 API calls) and above what the E2E and contract suites send
 * as one user; benchmarks, which drive one user at full speed, set their own (scripts/bench).
 */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6000;

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
  const signingSecret = env.SIGNING_SECRET ?? (env.NODE_ENV === "production" ? "" : "dev-only-signing-secret-change-me");
  if (!signingSecret) throw new Error("SIGNING_SECRET: required in production");
  const rateLimitPerMinute = Number(env.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE);
  if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 1) throw new Error(`RATE_LIMIT_PER_MINUTE: must be a whole number of requests, at least 1 (got "${env.RATE_LIMIT_PER_MINUTE}")`);
  return {
    port,
    host: env.API_HOST ?? "127.0.0.1",
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
    identityPool: env.COGNITO_USER_POOL_ID ? { endpoint: env.COGNITO_ENDPOINT || undefined, region, userPoolId: env.COGNITO_USER_POOL_ID } : null,
  };
}
