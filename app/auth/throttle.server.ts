/**
 * Throttling of sign-ins, password resets and invite-code look-ups (ADR 022; issue 23, findings 6 and 7), with
 * rate-limiter-flexible.
 *
 * - Sign-in: FAILED attempts are counted three ways, by keys that hold no e-mail:
 *   1. per (account, address) pair — the submitted e-mail, normalised, whether or not the account exists, with the
 *      client address: after `backoff.free` failures each further failure makes that pair wait before it may try
 *      again (`backoff.firstSeconds`, doubling, at most `backoff.maxSeconds`). While it waits, the pair is refused
 *      (429, Retry-After, the remaining wait in the message) before the password is checked. Others are not: a
 *      guesser at one address does not lock the account's owner out elsewhere (NIST SP 800-63B §5.2.2).
 *   2. per account, the ceiling: `limits.signInAccount` (at most 100) consecutive failures from any addresses within
 *      `accountWindowSeconds` refuse the account for that long at every address it has never signed in from
 *      (below); addresses it has signed in from keep only their pair's back-off.
 *   3. per address: `limits.signInAddress` failures within the window (a spray of many accounts) refuse that
 *      address for a window, again except for accounts that have signed in from it (a clinic behind one NAT
 *      keeps signing in).
 *   A successful sign-in clears the pair's and the account's failures and remembers the pair as known for
 *   `knownSeconds`; a password reset clears the account's.
 * - Password-reset requests (forgot password): every request counts, per account and per address; past a limit,
 *   refused. Reset codes: failed confirmations (a wrong or expired code) per account and per address; past a limit,
 *   refused, so a code cannot be guessed. The address limits spare accounts known at the address.
 * - Invite codes: failed look-ups (no such code) per address; past the limit, refused (codes cannot be enumerated).
 *
 * Where the counters live (`createLimiterFactory`):
 * - THROTTLE_DATABASE_URL: RateLimiterPostgres over a `pg` pool (the library creates its table,
 *   `portal_throttle`), shared by every replica; while the database cannot be reached, an in-process counter
 *   stands in (the library's insurance limiter) and an error is logged.
 * - otherwise (THROTTLE_STORE=local, or development): in the process; in a Node cluster worker, in the cluster's
 *   primary (RateLimiterCluster over IPC), which must have called `startThrottlePrimary()`.
 *
 * Keys hold no e-mail address: an account is the SHA-256 of its normalised e-mail, a pair the SHA-256 of the
 * account's key and the address (the table stays free of identifiers, and keys stay short). A store that fails
 * lets the request through (logged): a broken counter must not lock every user out.
 */
import cluster from "node:cluster";
import { createHash } from "node:crypto";
import pg from "pg";
import { tableOnce } from "./pg-table.server";
import { RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getConfig, type ThrottleConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import { portalMetrics } from "../metrics.server";

export const THROTTLE_TABLE = "portal_throttle";

/** The messages of a refusal, with the remaining wait: the same for every account, known or not. */
export const signInThrottledMessage = (waitSeconds: number) => `Too many sign-in attempts. Please wait ${duration(waitSeconds)} and try again.`;
export const resetThrottledMessage = (waitSeconds: number) => `Too many password reset requests. Please wait ${duration(waitSeconds)} and try again.`;
export const resetCodeThrottledMessage = (waitSeconds: number) => `Too many wrong verification codes. Please wait ${duration(waitSeconds)} and try again.`;
export const inviteThrottledMessage = (waitSeconds: number) => `Too many attempts. Please wait ${duration(waitSeconds)} and try again.`;

/** A wait as a person reads it, rounded up: "45 seconds", "3 minutes", "2 hours". */
export function duration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] = s < 60 ? [s, "second"] : s < 2 * 60 * 60 ? [Math.ceil(s / 60), "minute"] : [Math.ceil(s / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** The account's key: the e-mail trimmed, NFKC-normalised and lower-cased, hashed (no address in the store). */
/** How long a used authenticator code is remembered: its step and the steps either side accepted (3 × 30 s), and more. */
export const CODE_KEPT_SECONDS = 120;
/** How long a used sign-in step's id is remembered: longer than any step lives (5 minutes, ADR 034). */
export const STEP_KEPT_SECONDS = 15 * 60;

export function accountKey(email: string): string {
  return createHash("sha256").update(email.normalize("NFKC").trim().toLowerCase()).digest("hex").slice(0, 40);
}

/** The client address as a key: IPv4-mapped IPv6 addresses as IPv4; no address (a unit test) as "unknown". */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();
}

/** An (account, address) pair's key: hashed (no e-mail, and one length for IPv4 and IPv6). */
export function pairKey(email: string, address: string | undefined): string {
  return createHash("sha256").update(`${accountKey(email)}|${addressKey(address)}`).digest("hex").slice(0, 40);
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}
export type LimiterFactory = (opts: LimiterOptions) => RateLimiterAbstract;
/** `ready()`: resolves when the limiters can use their store (PostgreSQL: its table exists); the counters wait for it. */
export type StoreLimiterFactory = LimiterFactory & { ready(): Promise<void> };

/** Counts without a limit of its own (the pairs' failures): far above any count a back-off lets happen. */
const UNLIMITED = 1_000_000;

/** One counter: events within `windowSeconds`; with `blockAtLimit`, the event that reaches `limit` blocks the key for a window. */
class Counter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly limit: number,
    private readonly windowSeconds: number,
    private readonly name: string,
    private readonly blockAtLimit = true,
    /** The store can be used (PostgreSQL: its table exists). */
    private readonly ready: () => Promise<void> = async () => {},
  ) {}

  /** Events counted in the current window (the limit or more when blocked) and the time until it ends. */
  async state(key: string): Promise<{ count: number; msBeforeNext: number }> {
    try {
      await this.ready();
      const res = await this.limiter.get(key);
      return res ? { count: res.consumedPoints, msBeforeNext: res.msBeforeNext } : { count: 0, msBeforeNext: 0 };
    } catch (err) {
      log.error("throttle store failed", { counter: this.name, operation: "get", ...errorFields(err) });
      return { count: 0, msBeforeNext: 0 };
    }
  }

  /** Counts one event; answers the count (0 when the store failed). */
  async hit(key: string): Promise<number> {
    let count: number;
    try {
      await this.ready();
      count = (await this.limiter.consume(key)).consumedPoints;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err.consumedPoints; // over the limit already: blocked
      log.error("throttle store failed", { counter: this.name, operation: "consume", ...errorFields(err) });
      return 0;
    }
    if (this.blockAtLimit && count >= this.limit) await this.mark(key, this.windowSeconds);
    return count;
  }

  /** Sets the key for `seconds` (a wait, a known pair, a reached limit): `state` then counts more than the limit. */
  async mark(key: string, seconds: number): Promise<void> {
    try {
      await this.ready();
      await this.limiter.block(key, seconds);
    } catch (err) {
      log.error("throttle store failed", { counter: this.name, operation: "block", ...errorFields(err) });
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await this.ready();
      await this.limiter.delete(key);
    } catch (err) {
      log.error("throttle store failed", { counter: this.name, operation: "delete", ...errorFields(err) });
    }
  }
}

export interface Throttle {
  /** Before checking a password: refused (the pair waits, or a limit is reached), or allowed. */
  checkSignIn(email: string, address: string | undefined): Promise<Verdict>;
  signInFailed(email: string, address: string | undefined): Promise<void>;
  /** The password was right: clears the pair's and the account's failures, and remembers the pair as known. */
  signInSucceeded(email: string, address: string | undefined): Promise<void>;
  /** Forgot password: counts the request when allowed. */
  passwordResetRequested(email: string, address: string | undefined): Promise<Verdict>;
  /** Before confirming a reset code. */
  checkResetCode(email: string, address: string | undefined): Promise<Verdict>;
  /** A wrong or expired reset code. */
  resetCodeFailed(email: string, address: string | undefined): Promise<void>;
  /** The password was reset: clears the account's reset-code and sign-in failures (the owner proved the e-mail). */
  passwordReset(email: string, address: string | undefined): Promise<void>;
  checkInviteLookup(address: string | undefined): Promise<Verdict>;
  inviteLookupFailed(address: string | undefined): Promise<void>;
  /**
   * An authenticator code offered at sign-in: true the first time this user offers it within its validity (a
   * 30-second step, accepted a step either side: 2 minutes kept), false when it was offered before — a time-based
   * code is used once (ASVS 2.8.4), on every replica (the shared store). Only a hash of the user and code is kept.
   */
  claimCode(username: string, code: string): Promise<boolean>;
  /**
   * A sign-in's interim state (between the password and the code) used for `purpose` ("associate": an authenticator
   * was associated with it; "finish": it ended a sign-in): true the first time, on every replica (ADR 034). A copy of
   * the session cookie that holds the same state is refused afterwards. Only a hash of the id is kept.
   */
  claimStep(purpose: "associate" | "finish", id: string): Promise<boolean>;
  /** Whether the interim state was already used to end a sign-in (its "finish" claimed). */
  stepFinished(id: string): Promise<boolean>;
}

/** The wait a pair earns with its `count`th consecutive failure: none within `free`, then doubling up to `maxSeconds`. */
export function backoffSeconds(count: number, backoff: ThrottleConfig["backoff"]): number {
  if (count < backoff.free) return 0;
  return Math.min(backoff.maxSeconds, backoff.firstSeconds * 2 ** Math.min(30, count - backoff.free));
}

export function createThrottle(config: Omit<ThrottleConfig, "store">, factory: LimiterFactory | StoreLimiterFactory): Throttle {
  const ready = "ready" in factory ? factory.ready : undefined;
  const { windowSeconds, limits, backoff, accountWindowSeconds, knownSeconds } = config;
  const counter = (name: string, limit: number, seconds = windowSeconds, blockAtLimit = true) =>
    new Counter(factory({ keyPrefix: `${config.keyPrefix}:${name}`, points: limit, duration: seconds }), limit, seconds, name, blockAtLimit, ready);
  const pairFailures = counter("sign-in-pair", UNLIMITED, accountWindowSeconds, false);
  const pairWait = counter("sign-in-pair-wait", 1, backoff.maxSeconds, false);
  const knownPair = counter("sign-in-known", 1, knownSeconds, false);
  const signInAccount = counter("sign-in-account", limits.signInAccount, accountWindowSeconds);
  const signInAddress = counter("sign-in-address", limits.signInAddress);
  const resetAccount = counter("reset-account", limits.resetAccount);
  const resetAddress = counter("reset-address", limits.resetAddress);
  const resetCodeAccount = counter("reset-code-account", limits.resetCodeAccount);
  const resetCodeAddress = counter("reset-code-address", limits.resetCodeAddress);
  const inviteAddress = counter("invite-address", limits.inviteAddress);
  const usedCodes = counter("mfa-code-used", UNLIMITED, CODE_KEPT_SECONDS, false);
  const usedSteps = counter("mfa-step-used", UNLIMITED, STEP_KEPT_SECONDS, false);
  const stepKey = (purpose: string, id: string) => accountKey(`${purpose}\u0000${id}`);

  const refused = (action: "sign-in" | "password-reset" | "reset-code" | "invite", message: (seconds: number) => string, states: { msBeforeNext: number }[]): Verdict => {
    portalMetrics().throttleRefusals.inc({ action });
    const retryAfterSeconds = Math.max(1, Math.ceil(Math.max(...states.map((s) => s.msBeforeNext)) / 1000));
    return { allowed: false, message: message(retryAfterSeconds), retryAfterSeconds };
  };
  const over = (c: Counter, s: { count: number; msBeforeNext: number }) => (s.count >= c.limit ? [s] : []);
  const isKnown = async (email: string, address: string | undefined) => (await knownPair.state(pairKey(email, address))).count > 0;

  /** An account's and an address's limits, the address's sparing an account known there. */
  async function accountAndAddress(action: "password-reset" | "reset-code", email: string, address: string | undefined, account: Counter, addr: Counter, message: (s: number) => string): Promise<Verdict | null> {
    const [a, b, known] = await Promise.all([account.state(accountKey(email)), addr.state(addressKey(address)), isKnown(email, address)]);
    const states = [...over(account, a), ...(known ? [] : over(addr, b))];
    return states.length ? refused(action, message, states) : null;
  }

  return {
    async checkSignIn(email, address) {
      const pair = pairKey(email, address);
      const [wait, account, addr, known] = await Promise.all([pairWait.state(pair), signInAccount.state(accountKey(email)), signInAddress.state(addressKey(address)), knownPair.state(pair)]);
      const states = [...(wait.count > 0 ? [wait] : []), ...(known.count > 0 ? [] : [...over(signInAccount, account), ...over(signInAddress, addr)])];
      if (states.length) return refused("sign-in", signInThrottledMessage, states);
      return { allowed: true };
    },
    async signInFailed(email, address) {
      const pair = pairKey(email, address);
      const [count] = await Promise.all([pairFailures.hit(pair), signInAccount.hit(accountKey(email)), signInAddress.hit(addressKey(address))]);
      const seconds = backoffSeconds(count, backoff);
      if (seconds > 0) await pairWait.mark(pair, seconds);
    },
    async signInSucceeded(email, address) {
      const pair = pairKey(email, address);
      await Promise.all([pairFailures.clear(pair), pairWait.clear(pair), signInAccount.clear(accountKey(email)), knownPair.mark(pair, knownSeconds)]);
    },
    async passwordResetRequested(email, address) {
      const verdict = await accountAndAddress("password-reset", email, address, resetAccount, resetAddress, resetThrottledMessage);
      if (verdict) return verdict;
      await Promise.all([resetAccount.hit(accountKey(email)), resetAddress.hit(addressKey(address))]);
      return { allowed: true };
    },
    async checkResetCode(email, address) {
      return (await accountAndAddress("reset-code", email, address, resetCodeAccount, resetCodeAddress, resetCodeThrottledMessage)) ?? { allowed: true };
    },
    async resetCodeFailed(email, address) {
      await Promise.all([resetCodeAccount.hit(accountKey(email)), resetCodeAddress.hit(addressKey(address))]);
    },
    async passwordReset(email, address) {
      const pair = pairKey(email, address);
      await Promise.all([resetCodeAccount.clear(accountKey(email)), signInAccount.clear(accountKey(email)), pairFailures.clear(pair), pairWait.clear(pair)]);
    },
    async checkInviteLookup(address) {
      const addr = await inviteAddress.state(addressKey(address));
      if (addr.count >= inviteAddress.limit) return refused("invite", inviteThrottledMessage, [addr]);
      return { allowed: true };
    },
    async claimCode(username, code) {
      // 0: the store failed — allowed, as every limit here is (the identity service still checks the code).
      return (await usedCodes.hit(accountKey(`${username}\u0000${code.trim()}`))) <= 1;
    },
    async claimStep(purpose, id) {
      // 0: the store failed — allowed (logged), as every limit here is.
      return (await usedSteps.hit(stepKey(purpose, id))) <= 1;
    },
    async stepFinished(id) {
      return (await usedSteps.state(stepKey("finish", id))).count > 0;
    },
    async inviteLookupFailed(address) {
      await inviteAddress.hit(addressKey(address));
    },
  };
}

/** The counters' store, as configured (see the module's comment). */
export function createLimiterFactory(store: ThrottleConfig["store"]): StoreLimiterFactory {
  if (store.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: store.url, max: 4, connectionTimeoutMillis: 3_000, idleTimeoutMillis: 30_000 });
    pool.on("error", (err) => log.error("throttle database connection failed", errorFields(err)));
    // rate-limiter-flexible's own CREATE TABLE races when replicas start together, and a limiter whose creation
    // failed stays on its in-memory insurance for good: the table is made once, under a lock (`tableOnce`).
    const ready = tableOnce(pool, THROTTLE_TABLE, "key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint");
    const make = (opts: LimiterOptions) =>
      new RateLimiterPostgres({
        ...opts,
        storeClient: pool,
        storeType: "pool",
        tableName: THROTTLE_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: true,
        insuranceLimiter: new RateLimiterMemory(opts),
      });
    return Object.assign(make, { ready });
  }
  const ready = async () => {};
  if (cluster.isWorker) return Object.assign((opts: LimiterOptions) => new RateLimiterCluster({ ...opts, timeoutMs: 2_000 }), { ready });
  return Object.assign((opts: LimiterOptions) => new RateLimiterMemory(opts), { ready });
}

/**
 * For the cluster's primary process when the counters are local (THROTTLE_STORE=local, or development): holds
 * the workers' counters (rate-limiter-flexible's RateLimiterClusterMaster answers their RateLimiterCluster over
 * IPC). Call once before forking; harmless with a database store (it then holds nothing).
 */
export function startThrottlePrimary(): void {
  new RateLimiterClusterMaster();
}

let throttle: Throttle | undefined;

/** The portal's throttle (created on first use from the configuration). */
export function getThrottle(): Throttle {
  if (!throttle) {
    const { store, ...rest } = getConfig().throttle;
    throttle = createThrottle(rest, createLimiterFactory(store));
    log.info("sign-in throttle ready", { store: store.kind === "postgres" ? "postgres" : cluster.isWorker ? "cluster-primary" : "process" });
  }
  return throttle;
}

/** For tests. */
export function setThrottleForTesting(value: Throttle | undefined): void {
  throttle = value;
}
