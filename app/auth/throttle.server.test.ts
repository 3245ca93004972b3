import { RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it, vi } from "vitest";
import type { ThrottleConfig } from "../config.server";
import { log } from "../log.server";
import { testConfig } from "../testing/config";
import { accountKey, addressKey, backoffSeconds, CODE_KEPT_SECONDS, createLimiterFactory, STEP_KEPT_SECONDS, createThrottle, duration, pairKey, signInThrottledMessage, type LimiterFactory, type Verdict } from "./throttle.server";

const memory: LimiterFactory = (opts) => new RateLimiterMemory(opts);

/** Two throttles sharing their counters, as two replicas share the PostgreSQL store. */
function twoReplicas() {
  const shared = new Map<string, RateLimiterMemory>();
  const factory: LimiterFactory = (opts) => shared.get(opts.keyPrefix) ?? shared.set(opts.keyPrefix, new RateLimiterMemory(opts)).get(opts.keyPrefix)!;
  return [createThrottle(DEFAULTS, factory), createThrottle(DEFAULTS, factory)] as const;
}

type Settings = Omit<ThrottleConfig, "store">;
const DEFAULTS: Settings = {
  keyPrefix: "test",
  windowSeconds: 15 * 60,
  backoff: { free: 5, firstSeconds: 60, maxSeconds: 60 * 60 },
  accountWindowSeconds: 24 * 3600,
  knownSeconds: 14 * 24 * 3600,
  limits: { signInAccount: 100, signInAddress: 100, resetAccount: 5, resetAddress: 20, resetCodeAccount: 10, resetCodeAddress: 30, inviteAddress: 20 },
};

function throttle(overrides: Partial<Omit<Settings, "limits">> & { limits?: Partial<Settings["limits"]> } = {}, factory = memory) {
  return createThrottle({ ...DEFAULTS, ...overrides, limits: { ...DEFAULTS.limits, ...overrides.limits } }, factory);
}

const ATTACKER = "203.0.113.7";
const CLINIC = "198.51.100.20";
const refusedMessage = (v: Verdict) => (v.allowed ? null : v.message);
const ALLOWED = { allowed: true };

describe("sign-in throttle: back-off per (account, address) pair (finding 7)", () => {
  it("after 5 failures the pair waits, even for the right password, and the message says how long", async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) {
      expect(await t.checkSignIn("maya@clinic.example", ATTACKER), `attempt ${i + 1}`).toEqual(ALLOWED);
      await t.signInFailed("maya@clinic.example", ATTACKER);
    }
    expect(await t.checkSignIn("maya@clinic.example", ATTACKER)).toEqual({ allowed: false, message: "Too many sign-in attempts. Please wait 1 minute and try again.", retryAfterSeconds: 60 });
  });

  it("a victim's right password still signs in from another address after an attacker's failures from one address", async () => {
    const t = throttle();
    for (let i = 0; i < 40; i++) await t.signInFailed("maya@clinic.example", ATTACKER);
    expect(await t.checkSignIn("maya@clinic.example", ATTACKER)).toMatchObject({ allowed: false });
    expect(await t.checkSignIn("maya@clinic.example", CLINIC)).toEqual(ALLOWED);
    expect(await t.checkSignIn("MAYA@clinic.example", "198.51.100.99")).toEqual(ALLOWED);
  });

  it("the wait doubles with each further failure, up to the maximum, and ends by itself", async () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 30].map((n) => backoffSeconds(n, DEFAULTS.backoff))).toEqual([0, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    const t = throttle({ backoff: { free: 2, firstSeconds: 1, maxSeconds: 2 } });
    await t.signInFailed("maya@clinic.example", ATTACKER);
    expect(await t.checkSignIn("maya@clinic.example", ATTACKER)).toEqual(ALLOWED);
    await t.signInFailed("maya@clinic.example", ATTACKER);
    expect(await t.checkSignIn("maya@clinic.example", ATTACKER)).toMatchObject({ allowed: false, retryAfterSeconds: 1, message: "Too many sign-in attempts. Please wait 1 second and try again." });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await t.checkSignIn("maya@clinic.example", ATTACKER)).toEqual(ALLOWED);
    await t.signInFailed("maya@clinic.example", ATTACKER);
    expect(await t.checkSignIn("maya@clinic.example", ATTACKER)).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
  });

  it("a success clears the pair's failures", async () => {
    const t = throttle();
    for (let i = 0; i < 4; i++) await t.signInFailed("maya@clinic.example", CLINIC);
    await t.signInSucceeded("maya@clinic.example", CLINIC);
    for (let i = 0; i < 4; i++) await t.signInFailed("maya@clinic.example", CLINIC);
    expect(await t.checkSignIn("maya@clinic.example", CLINIC)).toEqual(ALLOWED);
    await t.signInFailed("maya@clinic.example", CLINIC);
    expect(await t.checkSignIn("maya@clinic.example", CLINIC)).toMatchObject({ allowed: false });
  });

  it("gives an unknown account exactly the same answers as a known one", async () => {
    const t = throttle();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await t.checkSignIn("maya@clinic.example", "198.51.100.1"));
      unknown.push(await t.checkSignIn("nobody-here@clinic.example", "198.51.100.2"));
      await t.signInFailed("maya@clinic.example", "198.51.100.1");
      await t.signInFailed("nobody-here@clinic.example", "198.51.100.2");
    }
    expect(unknown).toEqual(known);
    expect(refusedMessage(unknown.at(-1) as Verdict)).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it("normalises the account: case, spaces and Unicode forms are one account; keys hold no e-mail", async () => {
    const t = throttle();
    for (const email of ["Maya@Clinic.example", " maya@clinic.example ", "MAYA@CLINIC.EXAMPLE", "ｍaya@clinic.example", "maya@clinic.example"]) await t.signInFailed(email, ATTACKER);
    expect(await t.checkSignIn("maya@clinic.example", `::ffff:${ATTACKER}`)).toMatchObject({ allowed: false });
    expect(accountKey("A@B.example")).toBe(accountKey("a@b.example"));
    expect(pairKey("A@B.example", "::ffff:10.0.0.1")).toBe(pairKey("a@b.example", "10.0.0.1"));
    expect(pairKey("a@b.example", "10.0.0.1")).toMatch(/^[0-9a-f]{40}$/);
    expect(addressKey(undefined)).toBe("unknown");
  });

  it("lets requests through when the store fails (logged), rather than locking everyone out", async () => {
    const broken: LimiterFactory = (opts) => {
      const l = new RateLimiterMemory(opts);
      const fail = () => Promise.reject(new Error("store down"));
      return Object.assign(l, { get: fail, consume: fail, block: fail, delete: fail });
    };
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const t = throttle({}, broken);
    for (let i = 0; i < 10; i++) await t.signInFailed("maya@clinic.example", ATTACKER);
    expect(await t.checkSignIn("maya@clinic.example", ATTACKER)).toEqual(ALLOWED);
    expect(logged).toHaveBeenCalledWith("throttle store failed", expect.objectContaining({ counter: "sign-in-account", operation: "get" }));
    logged.mockRestore();
  });

  it("says the wait as a person reads it", () => {
    expect([1, 45, 60, 61, 900, 3600, 7199, 7200, 86_400].map(duration)).toEqual(["1 second", "45 seconds", "1 minute", "2 minutes", "15 minutes", "60 minutes", "120 minutes", "2 hours", "24 hours"]);
    expect(signInThrottledMessage(900)).toBe("Too many sign-in attempts. Please wait 15 minutes and try again.");
  });
});

describe("sign-in throttle: the account's ceiling and the address's limit (finding 7)", () => {
  it("100 failures from many addresses refuse the account at new addresses for the window, but not where it has signed in", async () => {
    const t = throttle();
    await t.signInSucceeded("maya@clinic.example", CLINIC);
    for (let i = 0; i < 99; i++) await t.signInFailed("maya@clinic.example", `203.0.113.${i}`);
    expect(await t.checkSignIn("maya@clinic.example", "192.0.2.1")).toEqual(ALLOWED);
    await t.signInFailed("maya@clinic.example", "203.0.113.250");
    expect(await t.checkSignIn("maya@clinic.example", "192.0.2.1")).toEqual({ allowed: false, message: "Too many sign-in attempts. Please wait 24 hours and try again.", retryAfterSeconds: 24 * 3600 });
    // The owner's usual address is known: only its own pair's back-off applies there.
    expect(await t.checkSignIn("maya@clinic.example", CLINIC)).toEqual(ALLOWED);
    // Another account is not affected.
    expect(await t.checkSignIn("sam@clinic.example", "192.0.2.1")).toEqual(ALLOWED);
  });

  it("a success or a password reset ends the account's ceiling", async () => {
    const t = throttle({ limits: { signInAccount: 3 } });
    for (let i = 0; i < 3; i++) await t.signInFailed("maya@clinic.example", `203.0.113.${i}`);
    expect(await t.checkSignIn("maya@clinic.example", "192.0.2.1")).toMatchObject({ allowed: false });
    await t.passwordReset("maya@clinic.example", "192.0.2.1");
    expect(await t.checkSignIn("maya@clinic.example", "192.0.2.1")).toEqual(ALLOWED);
    for (let i = 0; i < 3; i++) await t.signInFailed("maya@clinic.example", `203.0.113.${i}`);
    await t.signInSucceeded("maya@clinic.example", CLINIC);
    expect(await t.checkSignIn("maya@clinic.example", "192.0.2.1")).toEqual(ALLOWED);
  });

  it("a spray from one address is refused there for accounts never signed in from it; the clinic's own accounts go on", async () => {
    const t = throttle({ limits: { signInAddress: 8 } });
    await t.signInSucceeded("maya@clinic.example", CLINIC);
    for (let i = 0; i < 8; i++) await t.signInFailed(`user${i}@clinic.example`, CLINIC);
    expect(refusedMessage(await t.checkSignIn("fresh@clinic.example", CLINIC))).toBe(signInThrottledMessage(15 * 60));
    expect(await t.checkSignIn("fresh@clinic.example", "198.51.100.9")).toEqual(ALLOWED);
    expect(await t.checkSignIn("maya@clinic.example", CLINIC), "known at the clinic's address").toEqual(ALLOWED);
    await t.signInSucceeded("user0@clinic.example", "198.51.100.9");
    expect(await t.checkSignIn("user0@clinic.example", CLINIC), "known elsewhere only").toMatchObject({ allowed: false });
  });
});

describe("password reset, reset codes and invite codes (finding 6)", () => {
  it("forgot password: every request counts, per account (known or not) and per address", async () => {
    const t = throttle({ limits: { resetAccount: 3, resetAddress: 5 } });
    for (let i = 0; i < 3; i++) expect((await t.passwordResetRequested("maya@clinic.example", ATTACKER)).allowed).toBe(true);
    const v = await t.passwordResetRequested("MAYA@clinic.example", "198.51.100.9");
    expect(v).toEqual({ allowed: false, message: "Too many password reset requests. Please wait 15 minutes and try again.", retryAfterSeconds: 900 });
    expect((await t.passwordResetRequested("a@clinic.example", ATTACKER)).allowed).toBe(true);
    expect((await t.passwordResetRequested("b@clinic.example", ATTACKER)).allowed).toBe(true);
    expect((await t.passwordResetRequested("c@clinic.example", ATTACKER)).allowed).toBe(false);
    expect((await t.passwordResetRequested("c@clinic.example", "198.51.100.10")).allowed).toBe(true);
  });

  it("forgot password: a spray of many accounts from one address is refused after 20, except an account known there", async () => {
    const t = throttle();
    await t.signInSucceeded("maya@clinic.example", ATTACKER);
    for (let i = 0; i < 20; i++) expect((await t.passwordResetRequested(`user${i}@clinic.example`, ATTACKER)).allowed, `request ${i + 1}`).toBe(true);
    expect(await t.passwordResetRequested("user20@clinic.example", ATTACKER)).toMatchObject({ allowed: false, retryAfterSeconds: 900 });
    expect((await t.passwordResetRequested("maya@clinic.example", ATTACKER)).allowed).toBe(true);
  });

  it("reset codes: 10 wrong codes refuse the account at any address; 30 refuse the address; a reset clears the account's", async () => {
    const t = throttle();
    for (let i = 0; i < 10; i++) {
      expect((await t.checkResetCode("maya@clinic.example", ATTACKER)).allowed, `code ${i + 1}`).toBe(true);
      await t.resetCodeFailed("maya@clinic.example", ATTACKER);
    }
    expect(await t.checkResetCode("maya@clinic.example", "198.51.100.9")).toEqual({ allowed: false, message: "Too many wrong verification codes. Please wait 15 minutes and try again.", retryAfterSeconds: 900 });
    for (let i = 0; i < 20; i++) await t.resetCodeFailed(`user${i}@clinic.example`, ATTACKER);
    expect(await t.checkResetCode("fresh@clinic.example", ATTACKER)).toMatchObject({ allowed: false });
    expect(await t.checkResetCode("fresh@clinic.example", "198.51.100.9")).toEqual(ALLOWED);

    const u = throttle({ limits: { resetCodeAccount: 2 } });
    await u.resetCodeFailed("maya@clinic.example", ATTACKER);
    await u.passwordReset("maya@clinic.example", CLINIC);
    await u.resetCodeFailed("maya@clinic.example", ATTACKER);
    expect(await u.checkResetCode("maya@clinic.example", ATTACKER)).toEqual(ALLOWED);
  });

  it("invite codes: failed look-ups per address", async () => {
    const t = throttle({ limits: { inviteAddress: 3 } });
    for (let i = 0; i < 3; i++) {
      expect((await t.checkInviteLookup(ATTACKER)).allowed).toBe(true);
      await t.inviteLookupFailed(ATTACKER);
    }
    expect(refusedMessage(await t.checkInviteLookup(ATTACKER))).toBe("Too many attempts. Please wait 15 minutes and try again.");
    expect((await t.checkInviteLookup("198.51.100.9")).allowed).toBe(true);
  });

  it("takes an authenticator code once per user within its validity (ASVS 2.8.4), on every replica", async () => {
    vi.useFakeTimers();
    try {
      const [replicaA, replicaB] = twoReplicas();
      expect(await replicaA.claimCode("user-1", "123456")).toBe(true);
      expect(await replicaB.claimCode("user-1", "123456"), "the same code again, on another replica").toBe(false);
      expect(await replicaA.claimCode("user-1", " 123456 "), "written with spaces").toBe(false);
      expect(await replicaA.claimCode("user-1", "654321")).toBe(true);
      expect(await replicaA.claimCode("user-2", "123456"), "another user's code").toBe(true);
      vi.advanceTimersByTime(CODE_KEPT_SECONDS * 1000 + 1000);
      expect(await replicaB.claimCode("user-1", "123456"), "long after its validity (the identity service refuses it then)").toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes a sign-in's interim state once per purpose (ADR 034): a copy of the cookie is refused after the first use, on every replica", async () => {
    vi.useFakeTimers();
    try {
      const [replicaA, replicaB] = twoReplicas();
      expect(await replicaA.stepFinished("step-1")).toBe(false);
      expect(await replicaA.claimStep("associate", "step-1")).toBe(true);
      expect(await replicaB.claimStep("associate", "step-1"), "a second authenticator for the same step, on another replica").toBe(false);
      expect(await replicaB.stepFinished("step-1"), "associating does not finish the step").toBe(false);
      expect(await replicaB.claimStep("finish", "step-1")).toBe(true);
      expect(await replicaA.stepFinished("step-1")).toBe(true);
      expect(await replicaA.claimStep("finish", "step-1"), "a copy finishing it again").toBe(false);
      expect(await replicaA.claimStep("finish", "step-2"), "another step").toBe(true);
      vi.advanceTimersByTime(STEP_KEPT_SECONDS * 1000 - 1000);
      expect(await replicaB.stepFinished("step-1"), "remembered longer than any step lives").toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("separate key prefixes are separate counters in one store", async () => {
    const shared = new Map<string, RateLimiterMemory>();
    const factory: LimiterFactory = (opts) => {
      const l = new RateLimiterMemory(opts);
      shared.set(opts.keyPrefix, l);
      return l;
    };
    const a = createThrottle({ ...DEFAULTS, keyPrefix: "a" }, factory);
    createThrottle({ ...DEFAULTS, keyPrefix: "b" }, factory);
    await a.signInFailed("maya@clinic.example", ATTACKER);
    const names = ["invite-address", "mfa-code-used", "mfa-step-used", "reset-account", "reset-address", "reset-code-account", "reset-code-address", "sign-in-account", "sign-in-address", "sign-in-known", "sign-in-pair", "sign-in-pair-wait"];
    expect([...shared.keys()].sort()).toEqual([...names.map((n) => `a:${n}`), ...names.map((n) => `b:${n}`)]);
  });
});

describe("configuration", () => {
  it("defaults: back-off after 5 failures of a pair (1 minute, doubling, at most 1 hour); 100 per account in 24 hours; local store outside production", () => {
    const c = testConfig().throttle;
    expect(c).toEqual({ store: { kind: "local" }, ...DEFAULTS, keyPrefix: "portal" });
    expect(testConfig({ THROTTLE_DATABASE_URL: "postgres://u:p@db.example:5432/clinic" }).throttle.store).toEqual({ kind: "postgres", url: "postgres://u:p@db.example:5432/clinic" });
    expect(testConfig({ THROTTLE_DATABASE_URL: "postgres://db.example/clinic", THROTTLE_STORE: "local" }).throttle.store).toEqual({ kind: "local" });
    expect(typeof createLimiterFactory({ kind: "local" })).toBe("function");
    expect(() => testConfig({ THROTTLE_SIGN_IN_ACCOUNT_LIMIT: "101" })).toThrow("THROTTLE_SIGN_IN_ACCOUNT_LIMIT: must be at most 100 (NIST SP 800-63B)");
  });
});
