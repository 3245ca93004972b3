import { RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it, vi } from "vitest";
import { log } from "../log.server";
import { testConfig } from "../testing/config";
import { accountKey, addressKey, createLimiterFactory, createThrottle, signInThrottledMessage, slowDelay, type LimiterFactory, type Verdict } from "./throttle.server";

const memory: LimiterFactory = (opts) => new RateLimiterMemory(opts);

function throttle(limits: Partial<{ signInAccount: number; signInAddress: number; resetAccount: number; resetAddress: number; inviteAddress: number }> = {}, factory = memory) {
  return createThrottle(
    {
      keyPrefix: "test",
      windowSeconds: 15 * 60,
      delayMs: 500,
      limits: { signInAccount: 5, signInAddress: 100, resetAccount: 5, resetAddress: 30, inviteAddress: 20, ...limits },
    },
    factory,
  );
}

const ADDRESS = "203.0.113.7";
const refusedMessage = (v: Verdict) => (v.allowed ? null : v.message);

describe("sign-in throttle", () => {
  it("refuses an account after its limit of failures, even with the right password, with one message for the window", async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) {
      expect((await t.checkSignIn("maya@clinic.example", ADDRESS)).allowed, `attempt ${i + 1}`).toBe(true);
      await t.signInFailed("maya@clinic.example", ADDRESS);
    }
    const verdict = await t.checkSignIn("maya@clinic.example", ADDRESS);
    expect(verdict).toEqual({ allowed: false, message: "Too many sign-in attempts. Please wait 15 minutes and try again.", retryAfterSeconds: 15 * 60 });
  });

  it("slows the attempts from half the limit on, doubling", async () => {
    const t = throttle();
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const v = await t.checkSignIn("slow@clinic.example", ADDRESS);
      delays.push(v.allowed ? v.delayMs : -1);
      await t.signInFailed("slow@clinic.example", ADDRESS);
    }
    expect(delays).toEqual([0, 0, 500, 1000, 2000]);
    expect(slowDelay(60, 100, 500)).toBe(4000); // at most 8×
    expect(slowDelay(3, 5, 0)).toBe(0);
  });

  it("gives an unknown account exactly the same answers as a known one", async () => {
    const t = throttle();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await t.checkSignIn("maya@clinic.example", "198.51.100.1"));
      unknown.push(await t.checkSignIn("nobody-here@clinic.example", "198.51.100.2"));
      await t.signInFailed("maya@clinic.example", "198.51.100.1");
      await t.signInFailed("nobody-here@clinic.example", "198.51.100.2");
    }
    expect(unknown).toEqual(known);
    expect(refusedMessage(unknown.at(-1) as Verdict)).toBe(signInThrottledMessage(15 * 60));
  });

  it("a successful sign-in clears the account's failures", async () => {
    const t = throttle();
    for (let i = 0; i < 4; i++) await t.signInFailed("maya@clinic.example", ADDRESS);
    await t.signInSucceeded("maya@clinic.example");
    for (let i = 0; i < 4; i++) await t.signInFailed("maya@clinic.example", ADDRESS);
    expect(await t.checkSignIn("maya@clinic.example", ADDRESS)).toMatchObject({ allowed: true });
    await t.signInFailed("maya@clinic.example", ADDRESS);
    expect(await t.checkSignIn("maya@clinic.example", ADDRESS)).toMatchObject({ allowed: false });
  });

  it("counts per account: another account (same address) still signs in, and the account is refused from any address", async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) await t.signInFailed("maya@clinic.example", ADDRESS);
    expect(await t.checkSignIn("maya@clinic.example", ADDRESS)).toMatchObject({ allowed: false });
    expect(await t.checkSignIn("maya@clinic.example", "198.51.100.9")).toMatchObject({ allowed: false });
    expect(await t.checkSignIn("sam@clinic.example", ADDRESS)).toEqual({ allowed: true, delayMs: 0 });
  });

  it("normalises the account: case, spaces and Unicode forms are one account", async () => {
    const t = throttle();
    for (const email of ["Maya@Clinic.example", " maya@clinic.example ", "MAYA@CLINIC.EXAMPLE", "ｍaya@clinic.example", "maya@clinic.example"]) await t.signInFailed(email, ADDRESS);
    expect(await t.checkSignIn("maya@clinic.example", "198.51.100.9")).toMatchObject({ allowed: false });
    expect(accountKey("A@B.example")).toBe(accountKey("a@b.example"));
    expect(accountKey("a@b.example")).not.toContain("@");
  });

  it("counts per address: many accounts from one address are refused there, not elsewhere", async () => {
    const t = throttle({ signInAddress: 8 });
    for (let i = 0; i < 8; i++) await t.signInFailed(`user${i}@clinic.example`, ADDRESS);
    const v = await t.checkSignIn("fresh@clinic.example", ADDRESS);
    expect(refusedMessage(v)).toBe(signInThrottledMessage(15 * 60));
    expect(await t.checkSignIn("fresh@clinic.example", "198.51.100.9")).toEqual({ allowed: true, delayMs: 0 });
    // An IPv4-mapped IPv6 address is the IPv4 address.
    expect(await t.checkSignIn("fresh@clinic.example", `::ffff:${ADDRESS}`)).toMatchObject({ allowed: false });
    expect(addressKey(undefined)).toBe("unknown");
  });

  it("a success does not clear the address's failures", async () => {
    const t = throttle({ signInAddress: 4 });
    for (let i = 0; i < 3; i++) await t.signInFailed(`user${i}@clinic.example`, ADDRESS);
    await t.signInSucceeded("user0@clinic.example");
    await t.signInFailed("user3@clinic.example", ADDRESS);
    expect(await t.checkSignIn("user0@clinic.example", ADDRESS)).toMatchObject({ allowed: false });
  });

  it("the window ends the refusal", async () => {
    const t = createThrottle({ keyPrefix: "short", windowSeconds: 1, delayMs: 0, limits: { signInAccount: 2, signInAddress: 100, resetAccount: 5, resetAddress: 30, inviteAddress: 20 } }, memory);
    await t.signInFailed("maya@clinic.example", ADDRESS);
    await t.signInFailed("maya@clinic.example", ADDRESS);
    expect(await t.checkSignIn("maya@clinic.example", ADDRESS)).toMatchObject({ allowed: false, message: "Too many sign-in attempts. Please wait 1 minute and try again.", retryAfterSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await t.checkSignIn("maya@clinic.example", ADDRESS)).toMatchObject({ allowed: true });
  });

  it("lets requests through when the store fails (logged), rather than locking everyone out", async () => {
    const broken: LimiterFactory = (opts) => {
      const l = new RateLimiterMemory(opts);
      const fail = () => Promise.reject(new Error("store down"));
      return Object.assign(l, { get: fail, consume: fail, block: fail, delete: fail });
    };
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const t = throttle({}, broken);
    for (let i = 0; i < 10; i++) await t.signInFailed("maya@clinic.example", ADDRESS);
    expect(await t.checkSignIn("maya@clinic.example", ADDRESS)).toEqual({ allowed: true, delayMs: 0 });
    expect(logged).toHaveBeenCalledWith("throttle store failed", expect.objectContaining({ counter: "sign-in-account", operation: "get" }));
    logged.mockRestore();
  });
});

describe("password reset and invite-code throttles", () => {
  it("password reset: every request counts, per account (known or not) and per address", async () => {
    const t = throttle({ resetAccount: 3, resetAddress: 5 });
    for (let i = 0; i < 3; i++) expect((await t.passwordResetRequested("maya@clinic.example", ADDRESS)).allowed).toBe(true);
    const v = await t.passwordResetRequested("MAYA@clinic.example", "198.51.100.9");
    expect(refusedMessage(v)).toBe("Too many password reset requests. Please wait 15 minutes and try again.");
    // The address has 3 of its 5: two more accounts, then it is refused for any account.
    expect((await t.passwordResetRequested("a@clinic.example", ADDRESS)).allowed).toBe(true);
    expect((await t.passwordResetRequested("b@clinic.example", ADDRESS)).allowed).toBe(true);
    expect((await t.passwordResetRequested("c@clinic.example", ADDRESS)).allowed).toBe(false);
    expect((await t.passwordResetRequested("c@clinic.example", "198.51.100.10")).allowed).toBe(true);
  });

  it("invite codes: failed look-ups per address", async () => {
    const t = throttle({ inviteAddress: 3 });
    for (let i = 0; i < 3; i++) {
      expect((await t.checkInviteLookup(ADDRESS)).allowed).toBe(true);
      await t.inviteLookupFailed(ADDRESS);
    }
    expect(refusedMessage(await t.checkInviteLookup(ADDRESS))).toBe("Too many attempts. Please wait 15 minutes and try again.");
    expect((await t.checkInviteLookup("198.51.100.9")).allowed).toBe(true);
  });

  it("separate key prefixes are separate counters in one store", async () => {
    const shared = new Map<string, RateLimiterMemory>();
    const factory: LimiterFactory = (opts) => {
      const l = new RateLimiterMemory(opts);
      shared.set(opts.keyPrefix, l);
      return l;
    };
    const a = createThrottle({ keyPrefix: "a", windowSeconds: 900, delayMs: 0, limits: { signInAccount: 1, signInAddress: 100, resetAccount: 5, resetAddress: 30, inviteAddress: 20 } }, factory);
    createThrottle({ keyPrefix: "b", windowSeconds: 900, delayMs: 0, limits: { signInAccount: 1, signInAddress: 100, resetAccount: 5, resetAddress: 30, inviteAddress: 20 } }, factory);
    await a.signInFailed("maya@clinic.example", ADDRESS);
    expect([...shared.keys()].sort()).toEqual(["a:invite-address", "a:reset-account", "a:reset-address", "a:sign-in-account", "a:sign-in-address", "b:invite-address", "b:reset-account", "b:reset-address", "b:sign-in-account", "b:sign-in-address"]);
  });
});

describe("configuration", () => {
  it("defaults: 5 failures per account, 100 per address, 15-minute windows; local store outside production", () => {
    const c = testConfig().throttle;
    expect(c).toEqual({
      store: { kind: "local" },
      keyPrefix: "portal",
      windowSeconds: 900,
      delayMs: 500,
      limits: { signInAccount: 5, signInAddress: 100, resetAccount: 5, resetAddress: 30, inviteAddress: 20 },
    });
    expect(testConfig({ THROTTLE_DATABASE_URL: "postgres://u:p@db.example:5432/clinic" }).throttle.store).toEqual({ kind: "postgres", url: "postgres://u:p@db.example:5432/clinic" });
    expect(testConfig({ THROTTLE_DATABASE_URL: "postgres://db.example/clinic", THROTTLE_STORE: "local" }).throttle.store).toEqual({ kind: "local" });
    expect(typeof createLimiterFactory({ kind: "local" })).toBe("function");
  });
});
