/**
 * The portal's configuration, from the environment, validated once at start-up (server/index.ts calls
 * `loadConfig()` before it listens and prints one line per missing or invalid setting).
 *
 * Development conveniences (never in production): the identity settings default to data/identity.json (the
 * dev stack writes it; IDENTITY_FILE points elsewhere), the provider API to http://localhost:4010, the
 * session secret to a fixed development value, and HOST to loopback (127.0.0.1; 0.0.0.0 in production). A secret
 * written in the sources (`KNOWN_DEFAULT_SECRETS`) is refused unless the process runs outside production on a
 * loopback HOST only; error details reach pages only in development on loopback (`errorDetails`).
 *
 * Only `publicConfig()` reaches the browser (the root loader sends it): an explicit allowlist.
 */
import { BUILT_RELEASE } from "./build-info.js";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as z from "zod";
import { SECRET_ADVICE, secretWeakness, urlPassword } from "./secret-strength.server.js";

const DEV_SESSION_SECRET = "development-only-session-secret-do-not-use-in-production";

/**
 * Every secret written in the project's sources (a default, a test fixture, the reference API's default signing
 * secret): anyone can read them, so a process that serves other people must never use one (issue 23, finding 11).
 * The reference API keeps the same list (reference-api/src/config.ts; a test compares them).
 */
export const KNOWN_DEFAULT_SECRETS: readonly string[] = [DEV_SESSION_SECRET, "a-test-secret-that-is-long-enough-0001", "dev-only-signing-secret-change-me"];

/** Whether a listening address serves this machine only: 127.0.0.0/8, ::1 (also IPv4-mapped) or localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}
const DEFAULT_INACTIVITY_TIMEOUT_MINUTES = 30;
/** Re-authentication at least every 12 hours (ADR 025). */
const MAX_SESSION_MINUTES = 12 * 60;

const csv = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL")
  .transform((v) => v.replace(/\/+$/, ""));

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

const optionalHttpUrl = z.preprocess(emptyToUndefined, httpUrl.optional());

const emailList = z
  .string()
  .optional()
  .transform(csv)
  .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses")))
  .transform((list) => list.map((e) => e.toLowerCase()));

const flag = z
  .enum(["", "0", "1", "true", "false", "on", "off"], "must be true or false")
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], "must be development, production or test").default("development"),
  PORT: z.coerce.number("must be a port number").int().min(0).max(65535).default(3000),
  /** Where to listen: every address in production (0.0.0.0), loopback (127.0.0.1) otherwise. */
  HOST: z.string().trim().min(1, "must be an address to listen on"),
  /** Express "trust proxy": unset = none; "true", a hop count, or a list of addresses/subnets. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"], "must be debug, info, warn or error").default("info"),

  PROVIDER_API_URL: httpUrl,
  PROVIDER_API_FAILOVER_URLS: z
    .string()
    .optional()
    .transform(csv)
    .pipe(z.array(httpUrl)),
  PROVIDER_API_TIMEOUT_MS: z.coerce.number("must be a number of milliseconds").int().min(100).max(120_000).default(15_000),

  COGNITO_REGION: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, "must be an AWS region such as us-east-1"),
  COGNITO_ENDPOINT: optionalHttpUrl,
  COGNITO_USER_POOL_ID: z.string().regex(/^[\w-]+_[0-9A-Za-z]+$/, "must be a user pool id such as us-east-1_AbC123"),
  COGNITO_CLIENT_ID: z.string().regex(/^[\w+]+$/, "must be an app client id"),

  SESSION_SECRETS: z
    .string()
    .transform(csv)
    .pipe(z.array(z.string().min(32, "each secret must be at least 32 characters")).min(1, "at least one secret is required")),

  SSO_DOMAIN: optionalHttpUrl,
  SSO_IDENTITY_PROVIDER: z.string().optional(),
  /**
   * Where the user pool's hosted UI sends the browser after its /logout (one of the app client's allowed sign-out
   * URLs); default: this portal's /user/login/ as the request reached it.
   */
  SSO_LOGOUT_URI: optionalHttpUrl,
  /** The sign-in throttle's shared counters (ADR 022): a PostgreSQL URL; required in production unless THROTTLE_STORE=local. */
  THROTTLE_DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => /^postgres(ql)?:\/\/./.test(v), "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** "local": counters in the portal's process (or the cluster primary); "postgres": THROTTLE_DATABASE_URL. */
  THROTTLE_STORE: z.preprocess(emptyToUndefined, z.enum(["local", "postgres"], "must be local or postgres").optional()),
  THROTTLE_KEY_PREFIX: z.string().regex(/^[\w-]{1,40}$/, "must be 1–40 letters, digits, _ or -").default("portal"),
  /** How long the address limits, reset and invite counters count, and how long a limit once reached refuses. */
  THROTTLE_WINDOW_MINUTES: z.coerce.number("must be a number of minutes").int().min(1).max(24 * 60).default(15),
  /** Failed sign-ins of one account from one address before each further one makes that pair wait (ADR 022). */
  THROTTLE_SIGN_IN_PAIR_FREE: z.coerce.number("must be a whole number").int().min(1).max(100).default(5),
  /** The pair's first wait, doubling with each further failure, at most THROTTLE_SIGN_IN_BACKOFF_MAX_MINUTES. */
  THROTTLE_SIGN_IN_BACKOFF_SECONDS: z.coerce.number("must be a number of seconds").int().min(1).max(60 * 60).default(60),
  THROTTLE_SIGN_IN_BACKOFF_MAX_MINUTES: z.coerce.number("must be a number of minutes").int().min(1).max(24 * 60).default(60),
  /** The account's ceiling: consecutive failures from any addresses (NIST SP 800-63B §5.2.2: at most 100). */
  THROTTLE_SIGN_IN_ACCOUNT_LIMIT: z.coerce.number("must be a whole number").int().min(1).max(100, "must be at most 100 (NIST SP 800-63B)").default(100),
  /** How long the account's failures count, and how long its ceiling refuses unknown addresses. */
  THROTTLE_SIGN_IN_ACCOUNT_WINDOW_HOURS: z.coerce.number("must be a number of hours").int().min(1).max(7 * 24).default(24),
  THROTTLE_SIGN_IN_ADDRESS_LIMIT: z.coerce.number("must be a whole number").int().min(1).max(100_000).default(100),
  /**
   * How long an address an account signed in from (renewed at every sign-in) is spared the account's ceiling and
   * the address limits. At most 24 days: the in-process store expires keys with a timer (Node's limit: 24.8 days).
   */
  THROTTLE_KNOWN_ADDRESS_DAYS: z.coerce.number("must be a number of days").int().min(1).max(24, "must be at most 24 days").default(14),
  THROTTLE_RESET_ACCOUNT_LIMIT: z.coerce.number("must be a whole number").int().min(1).max(10_000).default(5),
  THROTTLE_RESET_ADDRESS_LIMIT: z.coerce.number("must be a whole number").int().min(1).max(100_000).default(20),
  THROTTLE_RESET_CODE_ACCOUNT_LIMIT: z.coerce.number("must be a whole number").int().min(1).max(1_000).default(10),
  THROTTLE_RESET_CODE_ADDRESS_LIMIT: z.coerce.number("must be a whole number").int().min(1).max(100_000).default(30),
  THROTTLE_INVITE_ADDRESS_LIMIT: z.coerce.number("must be a whole number").int().min(1).max(100_000).default(20),
  /** The idle logoff: at most 30 minutes (ASVS 3.3.2 Level 2, NIST SP 800-63B AAL2). */
  INACTIVITY_TIMEOUT_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number("must be a number of minutes").int().min(1).max(DEFAULT_INACTIVITY_TIMEOUT_MINUTES, "must be at most 30 (ASVS Level 2's idle limit)").optional()),
  /** The same in seconds, for tests and demos that cannot wait minutes; exclusive with the minutes. */
  INACTIVITY_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number("must be a number of seconds").int().min(5).max(DEFAULT_INACTIVITY_TIMEOUT_MINUTES * 60, "must be at most 1800 (ASVS Level 2's idle limit)").optional()),
  /**
   * The absolute session lifetime (ADR 025; ASVS 3.3.2, NIST SP 800-63B AAL2): a sign-in lasts at most this long
   * whatever the activity; never more than 12 hours.
   */
  SESSION_ABSOLUTE_TIMEOUT_MINUTES: z.coerce.number("must be a number of minutes").int().min(5).max(MAX_SESSION_MINUTES, "must be at most 720 (12 hours)").default(MAX_SESSION_MINUTES),
  /** How long a session keeps its profile, locations and providers (ADR 021); 0 turns the cache off. */
  SESSION_CACHE_SECONDS: z.coerce.number("must be a number of seconds").int().min(0).max(300).default(60),
  /** The cache's memory budget per process, in MB (least recently used sessions go first). */
  SESSION_CACHE_MAX_MB: z.coerce.number("must be a number of megabytes").int().min(1).max(4096).default(64),
  HELP_CENTER_URL: httpUrl,
  LIVE_CHAT_ENABLED: flag,
  LIVE_CHAT_URL: optionalHttpUrl,
  ERROR_REPORTING_ENABLED: flag,
  ERROR_REPORTING_URL: optionalHttpUrl,
  ERROR_REPORTING_ENVIRONMENT: z.string().default("production"),
  /** The build label's environment ('QA'); none: the label names the release alone. */
  APP_ENVIRONMENT: z.string().trim().max(40).optional(),
  /** The build label's release; default: the build's own (BUILD_RELEASE at build time, else its commit). */
  APP_RELEASE: z.string().trim().max(60).optional(),
  ANALYTICS_ENABLED: flag,
  ANALYTICS_URL: optionalHttpUrl,
  PATHS_STAFF_EMAILS: emailList,
  MODULES_STAFF_EMAILS: emailList,
  /** Feature flag: the Add New Patient dialog's language option (English or Spanish; 000 §2.7). */
  PATIENT_LANGUAGE_ENABLED: flag,
  /**
   * Graceful shutdown (server/shutdown.ts, ADR 029): after SIGTERM /readyz fails for this long while requests are
   * still served (the load balancer's time to notice), then the listener closes.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number("must be a number of seconds").int().min(0).max(300).default(10),
  /** After the drain: the longest wait for requests in flight (streams included) before the rest are cut and the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number("must be a number of seconds").int().min(1).max(600).default(15),
  /** Prometheus metrics (server/metrics.ts): their own port, never the public one; 0 or off = none. */
  METRICS_PORT: z.preprocess(
    (v) => (typeof v === "string" && ["off", "0", ""].includes(v.trim().toLowerCase()) ? 0 : v),
    z.coerce.number("must be a port number, or off").int().min(0).max(65535).default(9464),
  ),
  METRICS_HOST: z.string().trim().min(1, "must be an address").default("0.0.0.0"),
});

export type RawConfig = z.output<typeof schema>;

export interface PortalConfig {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  /**
   * Development on loopback only (NODE_ENV development, HOST a loopback address): the one case where pages may show
   * error details (React Router's development mode) and a default secret is tolerated.
   */
  errorDetails: boolean;
  trustProxy: string | undefined;
  logLevel: "debug" | "info" | "warn" | "error";
  api: { url: string; failoverUrls: string[]; timeoutMs: number };
  identity: { region: string; endpoint: string | undefined; userPoolId: string; clientId: string };
  /** `inactivityTimeoutSeconds`: INACTIVITY_TIMEOUT_SECONDS, or INACTIVITY_TIMEOUT_MINUTES × 60 (default 30 minutes). */
  session: { secrets: string[]; inactivityTimeoutSeconds: number; absoluteTimeoutSeconds: number };
  /** `logoutUri`: SSO_LOGOUT_URI, else the request's origin + /user/login/ (app/auth/sso.server.ts). */
  sso: { domain: string; identityProvider: string | undefined; logoutUri: string | undefined } | undefined;
  throttle: ThrottleConfig;
  /** The per-session cache of what changes rarely (ADR 021): time to live (0 = off) and memory budget. */
  sessionCache: { ttlSeconds: number; maxBytes: number };
  helpCenterUrl: string;
  liveChat: { url: string } | undefined;
  /** The build label (000 §9): APP_ENVIRONMENT (or none) and APP_RELEASE, else the build's release. */
  build: { environment: string | null; release: string };
  errorReporting: { url: string; environment: string } | undefined;
  /** Product analytics (002 §2: the RTM Billing click); off unless ANALYTICS_ENABLED with ANALYTICS_URL. */
  analytics: { url: string } | undefined;
  staff: { pathsEmails: string[]; modulesEmails: string[] };
  features: { patientLanguage: boolean };
  /** Graceful shutdown: the drain (readiness failing, still serving) and the wait for requests in flight after it. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** The Prometheus endpoint (GET /metrics on its own listener); undefined = off. */
  metrics: { port: number; host: string } | undefined;
}

/** Sign-in, password-reset and invite-code throttling (app/auth/throttle.server.ts, ADR 022). */
export interface ThrottleConfig {
  store: { kind: "postgres"; url: string } | { kind: "local" };
  keyPrefix: string;
  /** The address limits', reset and invite counters' window. */
  windowSeconds: number;
  /** An (account, address) pair's back-off after `free` failures: `firstSeconds`, doubling, at most `maxSeconds`. */
  backoff: { free: number; firstSeconds: number; maxSeconds: number };
  /** The account ceiling's window (`limits.signInAccount` failures within it). */
  accountWindowSeconds: number;
  /** How long a pair that signed in is known (spared the account's ceiling and the address limits). */
  knownSeconds: number;
  limits: { signInAccount: number; signInAddress: number; resetAccount: number; resetAddress: number; resetCodeAccount: number; resetCodeAddress: number; inviteAddress: number };
}

/** What the browser may see. Nothing else from the configuration is sent to it. */
export interface PublicConfig {
  inactivityTimeoutSeconds: number;
  helpCenterUrl: string;
  liveChatUrl: string | null;
  ssoEnabled: boolean;
}

export type ConfigResult = { ok: true; config: PortalConfig; warnings: string[] } | { ok: false; errors: string[] };

interface IdentityFile {
  userPoolId?: string;
  clientId?: string;
  region?: string;
  endpoint?: string;
}

function readIdentityFile(env: NodeJS.ProcessEnv): IdentityFile | undefined {
  const file = resolve(env.IDENTITY_FILE ?? "data/identity.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as IdentityFile;
  } catch {
    return undefined;
  }
}

/** Validates the environment. Pure apart from reading data/identity.json in development. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConfigResult {
  const input: Record<string, string | undefined> = { ...env };
  const warnings: string[] = [];
  const nodeEnv = env.NODE_ENV ?? "development";
  if (input.HOST === undefined || input.HOST === "") input.HOST = nodeEnv === "production" ? "0.0.0.0" : "127.0.0.1";
  if (nodeEnv !== "production") {
    const identity = readIdentityFile(env);
    const defaults: Record<string, string | undefined> = {
      PROVIDER_API_URL: "http://localhost:4010",
      COGNITO_REGION: identity?.region ?? "us-east-1",
      COGNITO_ENDPOINT: identity?.endpoint,
      COGNITO_USER_POOL_ID: identity?.userPoolId,
      COGNITO_CLIENT_ID: identity?.clientId,
      SESSION_SECRETS: DEV_SESSION_SECRET,
      HELP_CENTER_URL: "https://help.example.com/",
    };
    for (const [key, value] of Object.entries(defaults)) {
      if ((input[key] === undefined || input[key] === "") && value !== undefined) input[key] = value;
    }
    if (input.SESSION_SECRETS === DEV_SESSION_SECRET) warnings.push("SESSION_SECRETS: using the development secret");
  }

  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? "config");
      const missing = input[key] === undefined || input[key] === "";
      return missing && issue.code !== "custom" ? `${key}: required but not set` : `${key}: ${issue.message}`;
    });
    return { ok: false, errors: [...new Set(errors)] };
  }
  const c = parsed.data;
  const errors: string[] = [];
  const loopback = isLoopbackHost(c.HOST);
  // Outside production on loopback only, nobody else can reach the process: the sources' secrets are tolerated there.
  const localOnly = c.NODE_ENV !== "production" && loopback;
  if (!localOnly && c.SESSION_SECRETS.some((secret) => KNOWN_DEFAULT_SECRETS.includes(secret))) {
    errors.push(`SESSION_SECRETS: a default secret from the project's sources is refused ${c.NODE_ENV === "production" ? "in production" : `on ${c.HOST}`} (it is allowed only outside production on a loopback HOST such as 127.0.0.1); set your own, at least 32 random characters`);
  }
  // Production refuses secrets that are not real (ADR 041): a placeholder from an example, a repeated character or
  // run, too little entropy — one line naming the variable (which of several secrets), never the value.
  if (c.NODE_ENV === "production") {
    const weak = c.SESSION_SECRETS.map((secret, i) => ({ i, why: KNOWN_DEFAULT_SECRETS.includes(secret) ? undefined : secretWeakness(secret) })).find((w) => w.why);
    if (weak) errors.push(`SESSION_SECRETS: ${c.SESSION_SECRETS.length > 1 ? `secret ${weak.i + 1} of ${c.SESSION_SECRETS.length}` : "the secret"} ${weak.why}; ${SECRET_ADVICE}`);
    const password = c.THROTTLE_DATABASE_URL ? urlPassword(c.THROTTLE_DATABASE_URL) : "";
    const pwWeak = password ? secretWeakness(password, 64) : undefined;
    if (pwWeak) errors.push(`THROTTLE_DATABASE_URL: its password ${pwWeak}; generate one, e.g. \`openssl rand -hex 16\``);
  }
  if (env.PORTAL_DEV === "1" && !loopback) {
    errors.push(`HOST: the development server (PORTAL_DEV=1) serves the app's sources and error details, so it listens on loopback only (127.0.0.1, ::1 or localhost), not ${c.HOST}`);
  }
  if (c.NODE_ENV === "development" && !loopback) {
    warnings.push(`HOST: development on ${c.HOST}, which other machines can reach: pages show no error details (React Router runs in production mode)`);
  }
  if (c.LIVE_CHAT_ENABLED && !c.LIVE_CHAT_URL) errors.push("LIVE_CHAT_URL: required when LIVE_CHAT_ENABLED is on");
  if (c.ERROR_REPORTING_ENABLED && !c.ERROR_REPORTING_URL) errors.push("ERROR_REPORTING_URL: required when ERROR_REPORTING_ENABLED is on");
  if (c.ANALYTICS_ENABLED && !c.ANALYTICS_URL) errors.push("ANALYTICS_URL: required when ANALYTICS_ENABLED is on");
  if (c.INACTIVITY_TIMEOUT_MINUTES !== undefined && c.INACTIVITY_TIMEOUT_SECONDS !== undefined) {
    errors.push("INACTIVITY_TIMEOUT_SECONDS: set either INACTIVITY_TIMEOUT_MINUTES or INACTIVITY_TIMEOUT_SECONDS, not both");
  }
  if (c.THROTTLE_STORE === "postgres" && !c.THROTTLE_DATABASE_URL) errors.push("THROTTLE_DATABASE_URL: required when THROTTLE_STORE=postgres");
  if (c.NODE_ENV === "production" && !c.THROTTLE_DATABASE_URL && c.THROTTLE_STORE !== "local") {
    errors.push("THROTTLE_DATABASE_URL: required in production (the sign-in throttle's counters, shared by every replica); or set THROTTLE_STORE=local to keep them in this portal's process");
  }
  if (c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT) errors.push("METRICS_PORT: must not be the public PORT (metrics are internal); another port, or off");
  if (errors.length) return { ok: false, errors };

  return {
    ok: true,
    warnings,
    config: {
      env: c.NODE_ENV,
      isProduction: c.NODE_ENV === "production",
      port: c.PORT,
      host: c.HOST,
      errorDetails: c.NODE_ENV === "development" && loopback,
      trustProxy: c.TRUST_PROXY,
      logLevel: c.LOG_LEVEL,
      api: { url: c.PROVIDER_API_URL, failoverUrls: c.PROVIDER_API_FAILOVER_URLS, timeoutMs: c.PROVIDER_API_TIMEOUT_MS },
      identity: { region: c.COGNITO_REGION, endpoint: c.COGNITO_ENDPOINT, userPoolId: c.COGNITO_USER_POOL_ID, clientId: c.COGNITO_CLIENT_ID },
      session: {
        secrets: c.SESSION_SECRETS,
        inactivityTimeoutSeconds: c.INACTIVITY_TIMEOUT_SECONDS ?? (c.INACTIVITY_TIMEOUT_MINUTES ?? DEFAULT_INACTIVITY_TIMEOUT_MINUTES) * 60,
        absoluteTimeoutSeconds: c.SESSION_ABSOLUTE_TIMEOUT_MINUTES * 60,
      },
      sso: c.SSO_DOMAIN ? { domain: c.SSO_DOMAIN, identityProvider: c.SSO_IDENTITY_PROVIDER, logoutUri: c.SSO_LOGOUT_URI } : undefined,
      throttle: {
        store: c.THROTTLE_DATABASE_URL && c.THROTTLE_STORE !== "local" ? { kind: "postgres", url: c.THROTTLE_DATABASE_URL } : { kind: "local" },
        keyPrefix: c.THROTTLE_KEY_PREFIX,
        windowSeconds: c.THROTTLE_WINDOW_MINUTES * 60,
        backoff: { free: c.THROTTLE_SIGN_IN_PAIR_FREE, firstSeconds: c.THROTTLE_SIGN_IN_BACKOFF_SECONDS, maxSeconds: c.THROTTLE_SIGN_IN_BACKOFF_MAX_MINUTES * 60 },
        accountWindowSeconds: c.THROTTLE_SIGN_IN_ACCOUNT_WINDOW_HOURS * 3600,
        knownSeconds: c.THROTTLE_KNOWN_ADDRESS_DAYS * 24 * 3600,
        limits: {
          signInAccount: c.THROTTLE_SIGN_IN_ACCOUNT_LIMIT,
          signInAddress: c.THROTTLE_SIGN_IN_ADDRESS_LIMIT,
          resetAccount: c.THROTTLE_RESET_ACCOUNT_LIMIT,
          resetAddress: c.THROTTLE_RESET_ADDRESS_LIMIT,
          resetCodeAccount: c.THROTTLE_RESET_CODE_ACCOUNT_LIMIT,
          resetCodeAddress: c.THROTTLE_RESET_CODE_ADDRESS_LIMIT,
          inviteAddress: c.THROTTLE_INVITE_ADDRESS_LIMIT,
        },
      },
      sessionCache: { ttlSeconds: c.SESSION_CACHE_SECONDS, maxBytes: c.SESSION_CACHE_MAX_MB * 1024 * 1024 },
      helpCenterUrl: c.HELP_CENTER_URL,
      liveChat: c.LIVE_CHAT_ENABLED && c.LIVE_CHAT_URL ? { url: c.LIVE_CHAT_URL } : undefined,
      build: { environment: c.APP_ENVIRONMENT || null, release: c.APP_RELEASE || BUILT_RELEASE },
      errorReporting: c.ERROR_REPORTING_ENABLED && c.ERROR_REPORTING_URL ? { url: c.ERROR_REPORTING_URL, environment: c.ERROR_REPORTING_ENVIRONMENT } : undefined,
      analytics: c.ANALYTICS_ENABLED && c.ANALYTICS_URL ? { url: c.ANALYTICS_URL } : undefined,
      staff: { pathsEmails: c.PATHS_STAFF_EMAILS, modulesEmails: c.MODULES_STAFF_EMAILS },
      features: { patientLanguage: c.PATIENT_LANGUAGE_ENABLED },
      shutdown: { drainMs: c.SHUTDOWN_DRAIN_SECONDS * 1000, timeoutMs: c.SHUTDOWN_TIMEOUT_SECONDS * 1000 },
      metrics: c.METRICS_PORT === 0 ? undefined : { port: c.METRICS_PORT, host: c.METRICS_HOST },
    },
  };
}

let cached: PortalConfig | undefined;

/** The validated configuration (validated on first use; the server validates it before listening). */
export function getConfig(): PortalConfig {
  if (cached) return cached;
  const result = loadConfig(process.env);
  if (!result.ok) throw new Error(`Invalid configuration:\n${result.errors.join("\n")}`);
  cached = result.config;
  return cached;
}

/** For tests. */
export function setConfigForTesting(config: PortalConfig | undefined): void {
  cached = config;
}

export function publicConfig(config: PortalConfig): PublicConfig {
  return {
    inactivityTimeoutSeconds: config.session.inactivityTimeoutSeconds,
    helpCenterUrl: config.helpCenterUrl,
    liveChatUrl: config.liveChat?.url ?? null,
    ssoEnabled: config.sso !== undefined,
  };
}
