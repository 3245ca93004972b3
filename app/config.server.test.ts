import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isLoopbackHost, KNOWN_DEFAULT_SECRETS, loadConfig, publicConfig } from "./config.server";
import { TEST_ENV } from "./testing/config";

const env = (e: Record<string, string | undefined>) => e as NodeJS.ProcessEnv;

describe("loadConfig", () => {
  it("accepts a complete environment and applies the defaults", () => {
    const r = loadConfig(env({ ...TEST_ENV }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.session.inactivityTimeoutSeconds).toBe(30 * 60);
    expect(r.config.api).toEqual({ url: "http://api.test", failoverUrls: [], timeoutMs: 15_000 });
    expect(r.config.sso).toBeUndefined();
    expect(r.config.liveChat).toBeUndefined();
    expect(r.config.errorReporting).toBeUndefined();
    expect(r.config.staff).toEqual({ pathsEmails: [], modulesEmails: [] });
  });

  it("reports every missing production setting on its own line", () => {
    const r = loadConfig(env({ NODE_ENV: "production" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      "PROVIDER_API_URL: required but not set",
      "COGNITO_REGION: required but not set",
      "COGNITO_USER_POOL_ID: required but not set",
      "COGNITO_CLIENT_ID: required but not set",
      "SESSION_SECRETS: required but not set",
      "HELP_CENTER_URL: required but not set",
    ]);
  });

  it("names invalid values", () => {
    const r = loadConfig(
      env({
        ...TEST_ENV,
        PROVIDER_API_URL: "ftp://x",
        PROVIDER_API_FAILOVER_URLS: "http://ok.test, nope",
        SESSION_SECRETS: "short",
        INACTIVITY_TIMEOUT_MINUTES: "soon",
        PATHS_STAFF_EMAILS: "a@exer.example, not-an-email",
        COGNITO_REGION: "mars",
        LIVE_CHAT_ENABLED: "maybe",
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(
      expect.arrayContaining([
        "PROVIDER_API_URL: must be an http(s) URL",
        "PROVIDER_API_FAILOVER_URLS: must be an http(s) URL",
        "SESSION_SECRETS: each secret must be at least 32 characters",
        "INACTIVITY_TIMEOUT_MINUTES: must be a number of minutes",
        "PATHS_STAFF_EMAILS: must be a comma-separated list of e-mail addresses",
        "COGNITO_REGION: must be an AWS region such as us-east-1",
        "LIVE_CHAT_ENABLED: must be true or false",
      ]),
    );
    expect(r.errors.every((line) => !line.includes("\n"))).toBe(true);
  });

  it("parses lists: failover URLs, secrets (first encrypts), staff e-mails (lower-cased)", () => {
    const r = loadConfig(
      env({
        ...TEST_ENV,
        PROVIDER_API_FAILOVER_URLS: "https://a.test/, https://b.test",
        SESSION_SECRETS: `${"n".repeat(32)},${"o".repeat(32)}`,
        MODULES_STAFF_EMAILS: "Sam@Exer.example,noor@exer.example",
        INACTIVITY_TIMEOUT_MINUTES: "15",
      }),
    );
    if (!r.ok) throw new Error(r.errors.join());
    expect(r.config.api.failoverUrls).toEqual(["https://a.test", "https://b.test"]);
    expect(r.config.session.secrets).toEqual(["n".repeat(32), "o".repeat(32)]);
    expect(r.config.staff.modulesEmails).toEqual(["sam@exer.example", "noor@exer.example"]);
    expect(r.config.session.inactivityTimeoutSeconds).toBe(15 * 60);
  });

  it("takes the inactivity timeout in minutes or, exclusively, in seconds (for tests that cannot wait minutes)", () => {
    const seconds = loadConfig(env({ ...TEST_ENV, INACTIVITY_TIMEOUT_SECONDS: "8" }));
    expect(seconds.ok && seconds.config.session.inactivityTimeoutSeconds).toBe(8);
    const empty = loadConfig(env({ ...TEST_ENV, INACTIVITY_TIMEOUT_MINUTES: "", INACTIVITY_TIMEOUT_SECONDS: "" }));
    expect(empty.ok && empty.config.session.inactivityTimeoutSeconds).toBe(1800);
    const both = loadConfig(env({ ...TEST_ENV, INACTIVITY_TIMEOUT_MINUTES: "5", INACTIVITY_TIMEOUT_SECONDS: "300" }));
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.errors).toEqual(["INACTIVITY_TIMEOUT_SECONDS: set either INACTIVITY_TIMEOUT_MINUTES or INACTIVITY_TIMEOUT_SECONDS, not both"]);
    for (const bad of ["2", "0.5", "soon"]) {
      const r = loadConfig(env({ ...TEST_ENV, INACTIVITY_TIMEOUT_SECONDS: bad }));
      expect(r.ok, bad).toBe(false);
    }
    const fraction = loadConfig(env({ ...TEST_ENV, INACTIVITY_TIMEOUT_MINUTES: "0.5" }));
    expect(fraction.ok).toBe(false);
    // Never longer than ASVS Level 2's 30 minutes of inactivity (it took up to 24 hours).
    const long = loadConfig(env({ ...TEST_ENV, INACTIVITY_TIMEOUT_MINUTES: "31" }));
    expect(long.ok ? [] : long.errors).toEqual(["INACTIVITY_TIMEOUT_MINUTES: must be at most 30 (ASVS Level 2's idle limit)"]);
    const longSeconds = loadConfig(env({ ...TEST_ENV, INACTIVITY_TIMEOUT_SECONDS: "1801" }));
    expect(longSeconds.ok ? [] : longSeconds.errors).toEqual(["INACTIVITY_TIMEOUT_SECONDS: must be at most 1800 (ASVS Level 2's idle limit)"]);
  });

  it("keeps live chat and error reporting off unless enabled, and then requires their URL", () => {
    const off = loadConfig(env({ ...TEST_ENV, LIVE_CHAT_URL: "https://chat.test" }));
    expect(off.ok && off.config.liveChat).toBeUndefined();
    const missing = loadConfig(env({ ...TEST_ENV, LIVE_CHAT_ENABLED: "true", ERROR_REPORTING_ENABLED: "1" }));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors).toEqual(["LIVE_CHAT_URL: required when LIVE_CHAT_ENABLED is on", "ERROR_REPORTING_URL: required when ERROR_REPORTING_ENABLED is on"]);
    const on = loadConfig(env({ ...TEST_ENV, LIVE_CHAT_ENABLED: "true", LIVE_CHAT_URL: "https://chat.test" }));
    expect(on.ok && on.config.liveChat).toEqual({ url: "https://chat.test" });
  });

  it("labels the build with APP_ENVIRONMENT when set and APP_RELEASE, else the build's own release (000 §9)", () => {
    const plain = loadConfig(env(TEST_ENV));
    expect(plain.ok && plain.config.build).toEqual({ environment: null, release: "development" });
    const qa = loadConfig(env({ ...TEST_ENV, APP_ENVIRONMENT: "QA", APP_RELEASE: "1.63.2" }));
    expect(qa.ok && qa.config.build).toEqual({ environment: "QA", release: "1.63.2" });
  });

  it("keeps analytics off unless enabled, and then requires its URL", () => {
    const off = loadConfig(env({ ...TEST_ENV, ANALYTICS_URL: "https://collect.test" }));
    expect(off.ok && off.config.analytics).toBeUndefined();
    const missing = loadConfig(env({ ...TEST_ENV, ANALYTICS_ENABLED: "true" }));
    expect(!missing.ok && missing.errors).toEqual(["ANALYTICS_URL: required when ANALYTICS_ENABLED is on"]);
    const on = loadConfig(env({ ...TEST_ENV, ANALYTICS_ENABLED: "true", ANALYTICS_URL: "https://collect.test/e" }));
    expect(on.ok && on.config.analytics).toEqual({ url: "https://collect.test/e" });
  });

  it("reads identity defaults from the identity file in development only; never the dev secret in production", () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-config-"));
    const file = join(dir, "identity.json");
    writeFileSync(file, JSON.stringify({ userPoolId: "local_Abc123", clientId: "client123", region: "us-west-2", endpoint: "http://localhost:9229" }));
    const dev = loadConfig(env({ IDENTITY_FILE: file }));
    if (!dev.ok) throw new Error(dev.errors.join());
    expect(dev.config.identity).toEqual({ region: "us-west-2", endpoint: "http://localhost:9229", userPoolId: "local_Abc123", clientId: "client123" });
    expect(dev.config.api.url).toBe("http://localhost:4010");
    expect(dev.warnings).toEqual(["SESSION_SECRETS: using the development secret"]);

    const prod = loadConfig(env({ NODE_ENV: "production", IDENTITY_FILE: file, PROVIDER_API_URL: "https://api.test", HELP_CENTER_URL: "https://help.test", SESSION_SECRETS: "x".repeat(40) }));
    expect(prod.ok).toBe(false);
    if (!prod.ok) expect(prod.errors).toEqual(["COGNITO_REGION: required but not set", "COGNITO_USER_POOL_ID: required but not set", "COGNITO_CLIENT_ID: required but not set"]);
    const devSecret = loadConfig(env({ ...TEST_ENV, NODE_ENV: "production", SESSION_SECRETS: "development-only-session-secret-do-not-use-in-production" }));
    expect(devSecret.ok).toBe(false);
  });
});

describe("publicConfig", () => {
  it("is an explicit allowlist: no secrets, identity or API settings reach the browser", () => {
    const r = loadConfig(env({ ...TEST_ENV, SSO_DOMAIN: "https://sso.test", LIVE_CHAT_ENABLED: "on", LIVE_CHAT_URL: "https://chat.test" }));
    if (!r.ok) throw new Error(r.errors.join());
    const pub = publicConfig(r.config);
    expect(pub).toEqual({ inactivityTimeoutSeconds: 1800, helpCenterUrl: "https://help.test", liveChatUrl: "https://chat.test", ssoEnabled: true });
    const text = JSON.stringify(pub);
    for (const secret of [TEST_ENV.SESSION_SECRETS, TEST_ENV.COGNITO_CLIENT_ID, TEST_ENV.COGNITO_USER_POOL_ID, TEST_ENV.PROVIDER_API_URL]) expect(text).not.toContain(secret);
  });
});

describe("throttle settings", () => {
  const production = { ...TEST_ENV, NODE_ENV: "production", SESSION_SECRETS: "a-production-secret-nobody-has-read-0123456789" };
  it("production refuses to start without THROTTLE_DATABASE_URL unless THROTTLE_STORE=local (one line)", () => {
    const r = loadConfig(env(production));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(["THROTTLE_DATABASE_URL: required in production (the sign-in throttle's counters, shared by every replica); or set THROTTLE_STORE=local to keep them in this portal's process"]);
    const local = loadConfig(env({ ...production, THROTTLE_STORE: "local" }));
    expect(local.ok && local.config.throttle.store).toEqual({ kind: "local" });
    const pg = loadConfig(env({ ...production, THROTTLE_DATABASE_URL: "postgresql://portal@db.clinic:5432/portal" }));
    expect(pg.ok && pg.config.throttle.store).toEqual({ kind: "postgres", url: "postgresql://portal@db.clinic:5432/portal" });
  });

  it("names invalid throttle settings", () => {
    const r = loadConfig(env({ ...TEST_ENV, THROTTLE_DATABASE_URL: "mysql://db", THROTTLE_STORE: "redis", THROTTLE_SIGN_IN_ACCOUNT_LIMIT: "0", THROTTLE_KEY_PREFIX: "a b", SSO_LOGOUT_URI: "nope" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(
      expect.arrayContaining([
        "THROTTLE_DATABASE_URL: must be a postgres:// or postgresql:// URL",
        "THROTTLE_STORE: must be local or postgres",
        "THROTTLE_KEY_PREFIX: must be 1–40 letters, digits, _ or -",
        "SSO_LOGOUT_URI: must be an http(s) URL",
      ]),
    );
    expect(r.errors.some((e) => e.startsWith("THROTTLE_SIGN_IN_ACCOUNT_LIMIT:"))).toBe(true);
    const noUrl = loadConfig(env({ ...TEST_ENV, THROTTLE_STORE: "postgres" }));
    expect(!noUrl.ok && noUrl.errors).toEqual(["THROTTLE_DATABASE_URL: required when THROTTLE_STORE=postgres"]);
  });
});

describe("shutdown and metrics settings (ADR 029)", () => {
  it("defaults: a 10 s drain, 15 s for requests in flight (25 s, under Kubernetes' 30 s grace), metrics on 9464", () => {
    const r = loadConfig(env({ ...TEST_ENV }));
    if (!r.ok) throw new Error(r.errors.join("\n"));
    expect(r.config.shutdown).toEqual({ drainMs: 10_000, timeoutMs: 15_000 });
    expect(r.config.shutdown.drainMs + r.config.shutdown.timeoutMs).toBeLessThan(30_000);
    expect(r.config.metrics).toEqual({ port: 9464, host: "0.0.0.0" });
  });

  it("takes other values; 0 or off turns the metrics listener off", () => {
    const r = loadConfig(env({ ...TEST_ENV, SHUTDOWN_DRAIN_SECONDS: "0", SHUTDOWN_TIMEOUT_SECONDS: "5", METRICS_PORT: "9100", METRICS_HOST: "127.0.0.1" }));
    if (!r.ok) throw new Error(r.errors.join("\n"));
    expect(r.config.shutdown).toEqual({ drainMs: 0, timeoutMs: 5_000 });
    expect(r.config.metrics).toEqual({ port: 9100, host: "127.0.0.1" });
    for (const off of ["0", "off", "OFF"]) {
      const o = loadConfig(env({ ...TEST_ENV, METRICS_PORT: off }));
      expect(o.ok && o.config.metrics).toBeUndefined();
    }
  });

  it("names invalid values, and refuses metrics on the public port", () => {
    const r = loadConfig(env({ ...TEST_ENV, SHUTDOWN_DRAIN_SECONDS: "-1", SHUTDOWN_TIMEOUT_SECONDS: "0", METRICS_PORT: "ninety" }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.split(":")[0])).toEqual(["SHUTDOWN_DRAIN_SECONDS", "SHUTDOWN_TIMEOUT_SECONDS", "METRICS_PORT"]);
    const same = loadConfig(env({ ...TEST_ENV, PORT: "8080", METRICS_PORT: "8080" }));
    expect(same.ok ? [] : same.errors).toEqual(["METRICS_PORT: must not be the public PORT (metrics are internal); another port, or off"]);
  });
});

describe("secrets from the sources and where the portal listens (issue 23, finding 11)", () => {
  const own = "a-production-secret-nobody-has-read-0123456789";
  const production = { ...TEST_ENV, NODE_ENV: "production", THROTTLE_STORE: "local", SESSION_SECRETS: own };

  it("knows the sources' secrets: the development default, the unit tests' and the reference API's signing default", () => {
    expect(KNOWN_DEFAULT_SECRETS).toEqual(["development-only-session-secret-do-not-use-in-production", TEST_ENV.SESSION_SECRETS, "dev-only-signing-secret-change-me"]);
  });

  it("refuses each of them in production, alone or among others, in one line", () => {
    expect(loadConfig(env(production)).ok).toBe(true);
    for (const secret of KNOWN_DEFAULT_SECRETS) {
      for (const value of [secret, `${own},${secret}`]) {
        const r = loadConfig(env({ ...production, SESSION_SECRETS: value }));
        expect(r.ok, value).toBe(false);
        if (!r.ok) {
          expect(r.errors).toHaveLength(1);
          expect(r.errors[0]).toMatch(/^SESSION_SECRETS: a default secret from the project's sources is refused in production/);
          expect(r.errors[0]).not.toContain(secret);
        }
      }
    }
  });

  it("refuses them outside production too when the portal listens beyond loopback", () => {
    for (const HOST of ["0.0.0.0", "::", "10.0.0.5", "portal.clinic.example"]) {
      for (const NODE_ENV of ["development", "test"]) {
        const r = loadConfig(env({ ...TEST_ENV, NODE_ENV, HOST }));
        expect(r.ok, `${NODE_ENV} ${HOST}`).toBe(false);
        if (!r.ok) expect(r.errors).toEqual([`SESSION_SECRETS: a default secret from the project's sources is refused on ${HOST} (it is allowed only outside production on a loopback HOST such as 127.0.0.1); set your own, at least 32 random characters`]);
      }
      expect(loadConfig(env({ ...TEST_ENV, HOST, SESSION_SECRETS: own })).ok).toBe(true);
    }
  });

  it("tolerates them outside production on loopback, the default HOST there; production listens everywhere", () => {
    for (const HOST of [undefined, "127.0.0.1", "::1", "[::1]", "localhost", "127.0.0.2", "::ffff:127.0.0.1"]) {
      const r = loadConfig(env({ ...TEST_ENV, HOST }));
      expect(r.ok, String(HOST)).toBe(true);
    }
    const dev = loadConfig(env({ IDENTITY_FILE: "/nonexistent", COGNITO_USER_POOL_ID: "local_Abc", COGNITO_CLIENT_ID: "abc" }));
    if (!dev.ok) throw new Error(dev.errors.join());
    expect(dev.config.host).toBe("127.0.0.1");
    expect(dev.warnings).toEqual(["SESSION_SECRETS: using the development secret"]);
    const prod = loadConfig(env(production));
    expect(prod.ok && prod.config.host).toBe("0.0.0.0");
  });

  it("shows error details only in development on loopback; the Vite development server only on loopback", () => {
    const details = (e: Record<string, string>) => {
      const r = loadConfig(env({ ...TEST_ENV, SESSION_SECRETS: own, ...e }));
      if (!r.ok) throw new Error(r.errors.join());
      return r.config.errorDetails;
    };
    expect(details({ NODE_ENV: "development" })).toBe(true);
    expect(details({ NODE_ENV: "development", HOST: "0.0.0.0" })).toBe(false);
    expect(details({ NODE_ENV: "test" })).toBe(false);
    expect(details({ NODE_ENV: "production", THROTTLE_STORE: "local", HOST: "127.0.0.1" })).toBe(false);
    const wide = loadConfig(env({ ...TEST_ENV, NODE_ENV: "development", HOST: "0.0.0.0", SESSION_SECRETS: own }));
    expect(wide.ok && wide.warnings).toEqual(["HOST: development on 0.0.0.0, which other machines can reach: pages show no error details (React Router runs in production mode)"]);
    const vite = loadConfig(env({ ...TEST_ENV, PORTAL_DEV: "1", HOST: "0.0.0.0", SESSION_SECRETS: own }));
    expect(!vite.ok && vite.errors).toEqual(["HOST: the development server (PORTAL_DEV=1) serves the app's sources and error details, so it listens on loopback only (127.0.0.1, ::1 or localhost), not 0.0.0.0"]);
    expect(loadConfig(env({ ...TEST_ENV, PORTAL_DEV: "1" })).ok).toBe(true);
  });

  it("tells loopback addresses from the others", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST", "::ffff:127.0.0.1"]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "", "10.0.0.1", "128.0.0.1", "localhost.example", "127.0.0.1.nip.io", "::ffff:10.0.0.1"]) expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe("secrets that must be real in production (issue 33, ADR 041)", () => {
  const own = "a-production-secret-nobody-has-read-0123456789";
  const production = { ...TEST_ENV, NODE_ENV: "production", THROTTLE_STORE: "local", SESSION_SECRETS: own };
  const refused = (overrides: Record<string, string>) => {
    const r = loadConfig(env({ ...production, ...overrides }));
    if (r.ok) throw new Error(`accepted ${JSON.stringify(overrides)}`);
    return r.errors;
  };

  it("refuses the example manifest's placeholder, naming the variable in one line without the value", () => {
    const errors = refused({ SESSION_SECRETS: "CHANGE-ME-at-least-32-random-characters-each" });
    expect(errors).toEqual(["SESSION_SECRETS: the secret is a placeholder from an example, not a secret; generate one, e.g. `openssl rand -base64 48`"]);
  });

  it("refuses a repeated character (32 × a) and a repeated run", () => {
    expect(refused({ SESSION_SECRETS: "a".repeat(32) })).toEqual(['SESSION_SECRETS: the secret repeats one character ("a"); generate one, e.g. `openssl rand -base64 48`']);
    expect(refused({ SESSION_SECRETS: "0123456789abcdef".repeat(3) })[0]).toMatch(/^SESSION_SECRETS: the secret repeats a run of 16 characters;/);
  });

  it("refuses a secret with too little entropy", () => {
    expect(refused({ SESSION_SECRETS: "11111111222222223333333344444444" })).toEqual(["SESSION_SECRETS: the secret has too little entropy (about 64 bits, at least 96 needed); generate one, e.g. `openssl rand -base64 48`"]);
  });

  it("says which of several secrets (rotation) is refused", () => {
    expect(refused({ SESSION_SECRETS: `${own},${"b".repeat(40)}` })[0]).toMatch(/^SESSION_SECRETS: secret 2 of 2 repeats one character/);
  });

  it("refuses a placeholder or weak password in THROTTLE_DATABASE_URL, never printing it", () => {
    for (const password of ["CHANGE-ME", "x".repeat(20), "portalportalportal"]) {
      const errors = refused({ THROTTLE_STORE: "postgres", THROTTLE_DATABASE_URL: `postgres://portal:${password}@exer-postgres:5432/portal` });
      expect(errors, password).toHaveLength(1);
      expect(errors[0]).toMatch(/^THROTTLE_DATABASE_URL: its password (is a placeholder|repeats)/);
      expect(errors[0]).not.toContain(password);
    }
    const ok = loadConfig(env({ ...production, THROTTLE_STORE: "postgres", THROTTLE_DATABASE_URL: "postgres://portal:9f86d081884c7d659a2feaa0c55ad015@exer-postgres:5432/portal" }));
    expect(ok.ok).toBe(true);
  });

  it("accepts generated secrets, and leaves development and tests alone", () => {
    expect(loadConfig(env({ ...production, SESSION_SECRETS: "q3ZtV0m1Yx8JbP2cL7eKs9RfW4uHnA6dGi5oTjE1xCw" })).ok).toBe(true);
    expect(loadConfig(env({ ...TEST_ENV, SESSION_SECRETS: "a".repeat(32) })).ok).toBe(true);
  });
});
