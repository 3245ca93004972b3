import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KNOWN_DEFAULT_SECRETS as PORTAL_KNOWN_DEFAULT_SECRETS } from "../../app/config.server.js";
import { ConfigError, DEV_SIGNING_SECRET, isLoopbackHost, KNOWN_DEFAULT_SECRETS, loadConfig } from "./config.js";

const own = "an-own-signing-secret-nobody-has-read-0123456789";
const problems = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.problems;
  }
};

describe("the signing secret (issue 23, finding 11)", () => {
  it("knows the same secrets from the sources as the portal", () => {
    expect([...KNOWN_DEFAULT_SECRETS].sort()).toEqual([...PORTAL_KNOWN_DEFAULT_SECRETS].sort());
    expect(KNOWN_DEFAULT_SECRETS).toContain(DEV_SIGNING_SECRET);
  });

  it("refuses the development secret, and every other one of the sources, in production and beyond loopback", () => {
    expect(problems({ NODE_ENV: "production" })).toEqual(["SIGNING_SECRET: required in production"]);
    for (const secret of KNOWN_DEFAULT_SECRETS) {
      expect(problems({ NODE_ENV: "production", SIGNING_SECRET: secret })).toEqual([
        "SIGNING_SECRET: a default secret from the project's sources is refused in production (it is allowed only outside production on a loopback API_HOST such as 127.0.0.1); set your own, at least 32 random characters",
      ]);
    }
    for (const API_HOST of ["0.0.0.0", "::", "10.1.2.3", "api.clinic.example"]) {
      for (const env of [{ API_HOST }, { API_HOST, NODE_ENV: "development" }, { API_HOST, NODE_ENV: "test", SIGNING_SECRET: DEV_SIGNING_SECRET }]) {
        expect(problems(env), JSON.stringify(env)).toEqual([
          `SIGNING_SECRET: a default secret from the project's sources is refused on ${API_HOST} (it is allowed only outside production on a loopback API_HOST such as 127.0.0.1); set your own, at least 32 random characters`,
        ]);
      }
      expect(loadConfig({ API_HOST, SIGNING_SECRET: own }).signingSecret).toBe(own);
    }
  });

  it("tolerates it outside production on loopback (the default API_HOST), and says so", () => {
    for (const env of [{}, { NODE_ENV: "test" }, { NODE_ENV: "development", API_HOST: "::1" }, { API_HOST: "localhost" }]) {
      const config = loadConfig(env);
      expect(config.signingSecret).toBe(DEV_SIGNING_SECRET);
      expect(config.warnings).toEqual(["SIGNING_SECRET: using the development secret from the sources (tolerated on loopback only)"]);
    }
    const own32 = loadConfig({ NODE_ENV: "production", SIGNING_SECRET: own, API_HOST: "0.0.0.0" });
    expect(own32.warnings).toEqual([]);
  });

  it("wants an own secret of at least 32 characters", () => {
    expect(problems({ NODE_ENV: "production", SIGNING_SECRET: "short" })).toEqual(["SIGNING_SECRET: must be at least 32 characters"]);
  });

  it("tells loopback addresses from the others", () => {
    for (const h of ["127.0.0.1", "127.9.9.9", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "", "10.0.0.1", "localhost.example"]) expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe("start-up", () => {
  it("says what is wrong, one line per problem, and exits 1 before opening anything", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, API_HOST: "0.0.0.0", API_DATA_DIR: "/nonexistent/api-data", SIGNING_SECRET: "", NODE_ENV: "development" };
    const run = spawnSync(process.execPath, ["--import", "tsx", "reference-api/src/main.ts"], { cwd: root, env, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      "config: SIGNING_SECRET: a default secret from the project's sources is refused on 0.0.0.0 (it is allowed only outside production on a loopback API_HOST such as 127.0.0.1); set your own, at least 32 random characters",
      "config: 1 setting(s) missing or invalid; the reference API did not start.",
    ]);
  });
});

describe("SEED_WORLD", () => {
  it("defaults to the demo world in development and to none in production (the demo accounts' password is public)", () => {
    expect(loadConfig({}).seedWorld).toBe("demo");
    expect(loadConfig({ NODE_ENV: "development" }).seedWorld).toBe("demo");
    expect(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: own }).seedWorld).toBe("none");
    expect(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: own, SEED_WORLD: "" }).seedWorld).toBe("none");
  });

  it("is what it is set to, in production too", () => {
    expect(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: own, SEED_WORLD: "demo" }).seedWorld).toBe("demo");
    expect(loadConfig({ SEED_WORLD: "large" }).seedWorld).toBe("large");
    expect(() => loadConfig({ SEED_WORLD: "all" })).toThrow(/SEED_WORLD/);
  });
});

describe("a signing secret that must be real in production (issue 33)", () => {
  it("refuses a placeholder, a repeated character and too little entropy, naming SIGNING_SECRET", () => {
    expect(problems({ NODE_ENV: "production", SIGNING_SECRET: "CHANGE-ME-at-least-32-random-characters-each" })).toEqual(["SIGNING_SECRET: the secret is a placeholder from an example, not a secret; generate one, e.g. `openssl rand -base64 48`"]);
    expect(problems({ NODE_ENV: "production", SIGNING_SECRET: "a".repeat(32) })).toEqual(['SIGNING_SECRET: the secret repeats one character ("a"); generate one, e.g. `openssl rand -base64 48`']);
    expect(problems({ NODE_ENV: "production", SIGNING_SECRET: "11111111222222223333333344444444" })[0]).toMatch(/^SIGNING_SECRET: the secret has too little entropy/);
    expect(loadConfig({ NODE_ENV: "production", SIGNING_SECRET: own }).signingSecret).toBe(own);
  });
});
