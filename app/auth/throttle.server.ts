/**
 * Throttling of failed sign-ins, password-reset requests and invite-code look-ups (ADR 022), with
 * rate-limiter-flexible.
 *
 * - Sign-in: FAILED attempts are counted per account (the submitted e-mail, normalised, whether or not the account
 *   exists) and per client address, within a window (THROTTLE_WINDOW_MINUTES). From half a limit on, each further
 *   attempt waits a growing delay (THROTTLE_DELAY_MS, doubling, at most 8×); at the limit the account (or the
 *   address) is refused for a whole window, even with the right password, with one message for every account. A
 *   successful sign-in clears the account's count (not the address's).
 * - Password reset: every request is counted, per account and per address; past the limit, refused.
 * - Invite codes: failed look-ups (no such code) per address; past the limit, refused (codes cannot be enumerated).
 *
 * Where the counters live (`createLimiterFactory`):
 * - THROTTLE_DATABASE_URL: RateLimiterPostgres over a `pg` pool (the library creates its table,
 *   `portal_throttle`), shared by every replica; while the database cannot be reached, an in-process counter
 *   stands in (the library's insurance limiter) and an error is logged.
 * - otherwise (THROTTLE_STORE=local, or development): in the process; in a Node cluster worker, in the cluster's
 *   primary (RateLimiterCluster over IPC), which must have called `startThrottlePrimary()`.
 *
 * Keys hold no e-mail address: an account is the SHA-256 of its normalised e-mail (the table stays free of
 * identifiers, and keys stay short). A store that fails lets the request through (logged): a broken counter
 * must not lock every user out.
 */
import cluster from "node:cluster";
import { createHash } from "node:crypto";
import pg from "pg";
import { RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getConfig, type ThrottleConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import { portalMetrics } from "../metrics.server";

export const THROTTLE_TABLE = "portal_throttle";

/** The one message of a refused sign-in: the same for every account, known or not. */
export const signInThrottledMessage = (windowSeconds: number) => `Too many sign-in attempts. Please wait ${minutes(windowSeconds)} and try again.`;
export const resetThrottledMessage = (windowSeconds: number) => `Too many password reset requests. Please wait ${minutes(windowSeconds)} and try again.`;
export const inviteThrottledMessage = (windowSeconds: number) => `Too many attempts. Please wait ${minutes(windowSeconds)} and try again.`;

function minutes(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? "" : "s"}`;
}

/** The account's key: the e-mail trimmed, NFKC-normalised and lower-cased, hashed (no address in the store). */
export function accountKey(email: string): string {
  return createHash("sha256").update(email.normalize("NFKC").trim().toLowerCase()).digest("hex").slice(0, 40);
}

/** The client address as a key: IPv4-mapped IPv6 addresses as IPv4; no address (a unit test) as "unknown". */
export function addressKey(address: string | undefined): string {
  if (!address) return "unknown";
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();
}

export type Verdict = { allowed: true; delayMs: number } | { allowed: false; retryAfterSeconds: number; message: string };

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  duration: number;
}
export type LimiterFactory = (opts: LimiterOptions) => RateLimiterAbstract;
/** `ready()`: resolves when every limiter made so far can use its store (PostgreSQL: its table exists). */
export type StoreLimiterFactory = LimiterFactory & { ready(): Promise<void> };

/** One counter: `limit` events within `windowSeconds`; at the limit, blocked for `windowSeconds`. */
class Counter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly limit: number,
    private readonly windowSeconds: number,
    private readonly name: string,
  ) {}

  /** Events counted in the current window (the limit or more when blocked) and the time until it ends. */
  async state(key: string): Promise<{ count: number; msBeforeNext: number }> {
    try {
      const res = await this.limiter.get(key);
      return res ? { count: res.consumedPoints, msBeforeNext: res.msBeforeNext } : { count: 0, msBeforeNext: 0 };
    } catch (err) {
      log.error("throttle store failed", { counter: this.name, operation: "get", ...errorFields(err) });
      return { count: 0, msBeforeNext: 0 };
    }
  }

  /** Counts one event; the one that reaches the limit blocks the key for a whole window. */
  async hit(key: string): Promise<void> {
    let count: number;
    try {
      count = (await this.limiter.consume(key)).consumedPoints;
    } catch (err) {
      if (err instanceof RateLimiterRes) return; // over the limit already: blocked
      log.error("throttle store failed", { counter: this.name, operation: "consume", ...errorFields(err) });
      return;
    }
    if (count >= this.limit) {
      try {
        await this.limiter.block(key, this.windowSeconds);
      } catch (err) {
        log.error("throttle store failed", { counter: this.name, operation: "block", ...errorFields(err) });
      }
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await this.limiter.delete(key);
    } catch (err) {
      log.error("throttle store failed", { counter: this.name, operation: "delete", ...errorFields(err) });
    }
  }
}

export interface Throttle {
  /** Before checking a password: refused, or allowed after `delayMs` (the caller waits it). */
  checkSignIn(email: string, address: string | undefined): Promise<Verdict>;
  signInFailed(email: string, address: string | undefined): Promise<void>;
  /** Clears the account's failures (the address's count stays). */
  signInSucceeded(email: string): Promise<void>;
  /** Counts the request when allowed. */
  passwordResetRequested(email: string, address: string | undefined): Promise<Verdict>;
  checkInviteLookup(address: string | undefined): Promise<Verdict>;
  inviteLookupFailed(address: string | undefined): Promise<void>;
}

/** The delay of an attempt after `count` failures of a `limit`: none below half the limit, then doubling, at most 8×. */
export function slowDelay(count: number, limit: number, delayMs: number): number {
  const from = Math.max(1, Math.floor(limit / 2));
  if (delayMs <= 0 || count < from) return 0;
  return delayMs * 2 ** Math.min(3, count - from);
}

export function createThrottle(config: Omit<ThrottleConfig, "store">, factory: LimiterFactory): Throttle {
  const { windowSeconds, limits, delayMs } = config;
  const counter = (name: string, limit: number) =>
    new Counter(factory({ keyPrefix: `${config.keyPrefix}:${name}`, points: limit, duration: windowSeconds }), limit, windowSeconds, name);
  const signInAccount = counter("sign-in-account", limits.signInAccount);
  const signInAddress = counter("sign-in-address", limits.signInAddress);
  const resetAccount = counter("reset-account", limits.resetAccount);
  const resetAddress = counter("reset-address", limits.resetAddress);
  const inviteAddress = counter("invite-address", limits.inviteAddress);

  const refused = (action: "sign-in" | "password-reset" | "invite", message: string, states: { msBeforeNext: number }[]): Verdict => {
    portalMetrics().throttleRefusals.inc({ action });
    return { allowed: false, message, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...states.map((s) => s.msBeforeNext)) / 1000)) };
  };

  return {
    async checkSignIn(email, address) {
      const [account, addr] = await Promise.all([signInAccount.state(accountKey(email)), signInAddress.state(addressKey(address))]);
      const over = [account.count >= signInAccount.limit ? account : null, addr.count >= signInAddress.limit ? addr : null].filter((s) => s !== null);
      if (over.length) return refused("sign-in", signInThrottledMessage(windowSeconds), over);
      return { allowed: true, delayMs: Math.max(slowDelay(account.count, signInAccount.limit, delayMs), slowDelay(addr.count, signInAddress.limit, delayMs)) };
    },
    async signInFailed(email, address) {
      await Promise.all([signInAccount.hit(accountKey(email)), signInAddress.hit(addressKey(address))]);
    },
    async signInSucceeded(email) {
      await signInAccount.clear(accountKey(email));
    },
    async passwordResetRequested(email, address) {
      const keys = [accountKey(email), addressKey(address)] as const;
      const [account, addr] = await Promise.all([resetAccount.state(keys[0]), resetAddress.state(keys[1])]);
      const over = [account.count >= resetAccount.limit ? account : null, addr.count >= resetAddress.limit ? addr : null].filter((s) => s !== null);
      if (over.length) return refused("password-reset", resetThrottledMessage(windowSeconds), over);
      await Promise.all([resetAccount.hit(keys[0]), resetAddress.hit(keys[1])]);
      return { allowed: true, delayMs: 0 };
    },
    async checkInviteLookup(address) {
      const addr = await inviteAddress.state(addressKey(address));
      if (addr.count >= inviteAddress.limit) return refused("invite", inviteThrottledMessage(windowSeconds), [addr]);
      return { allowed: true, delayMs: 0 };
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
    const pending: Promise<void>[] = [];
    const make = (opts: LimiterOptions) => {
      let created!: () => void;
      pending.push(new Promise<void>((r) => (created = r)));
      return new RateLimiterPostgres(
        {
          ...opts,
          storeClient: pool,
          storeType: "pool",
          tableName: THROTTLE_TABLE,
          clearExpiredByTimeout: true,
          insuranceLimiter: new RateLimiterMemory(opts),
        },
        (err?: unknown) => {
          if (err) log.error("throttle table could not be created", { counter: opts.keyPrefix, ...errorFields(err) });
          created();
        },
      );
    };
    return Object.assign(make, { ready: async () => void (await Promise.all(pending)) });
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

/** Waits `ms` (aborted with the request). */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
