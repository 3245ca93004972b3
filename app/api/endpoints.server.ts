/**
 * The provider API's base URLs and the spec's network failover (003 "Network failover behaviour"): when a
 * call gets no response (status 0) while the user's session is valid, the health check is tried up to 3
 * times, 200 ms apart. Any answer (a non-zero status) means the network is not blocking; if every try
 * fails, a network-block warning is logged and calls switch to the next failover server. After
 * `failbackAfterMs` the primary is tried again.
 *
 * This is process-wide state about servers, never about users.
 */
import { log } from "../log.server";

export interface EndpointsOptions {
  primary: string;
  failovers: readonly string[];
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  tries?: number;
  intervalMs?: number;
  healthTimeoutMs?: number;
  failbackAfterMs?: number;
}

export type NetworkCheck = "not-blocked" | "switched" | "blocked";

export class ApiEndpoints {
  private readonly urls: string[];
  private index = 0;
  private switchedAt = 0;
  private inflight: Promise<NetworkCheck> | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  readonly tries: number;
  readonly intervalMs: number;
  private readonly healthTimeoutMs: number;
  private readonly failbackAfterMs: number;

  constructor(opts: EndpointsOptions) {
    this.urls = [opts.primary, ...opts.failovers].map((u) => u.replace(/\/+$/, ""));
    this.fetchImpl = opts.fetch ?? ((...args) => fetch(...args));
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? Date.now;
    this.tries = opts.tries ?? 3;
    this.intervalMs = opts.intervalMs ?? 200;
    this.healthTimeoutMs = opts.healthTimeoutMs ?? 2000;
    this.failbackAfterMs = opts.failbackAfterMs ?? 5 * 60_000;
  }

  /** The base URL calls go to now. */
  active(): string {
    if (this.index !== 0 && this.now() - this.switchedAt > this.failbackAfterMs) {
      log.info("provider API: trying the primary server again", { server: 0 });
      this.index = 0;
    }
    return this.urls[this.index]!;
  }

  get hasFailover(): boolean {
    return this.urls.length > 1;
  }

  /** The health check's HTTP status at `base`, 0 when nothing answered. */
  async healthStatus(base: string): Promise<number> {
    try {
      const res = await this.fetchImpl(`${base}/healthcheck`, { signal: AbortSignal.timeout(this.healthTimeoutMs) });
      await res.body?.cancel().catch(() => {});
      return res.status;
    } catch {
      return 0;
    }
  }

  /**
   * After a status-0 failure at `failedBase`: the spec's check. Concurrent callers share one check.
   * Returns "not-blocked" (the health check answered), "switched" (now on another server) or "blocked"
   * (nothing answered and there is no other server).
   */
  checkNetwork(failedBase: string): Promise<NetworkCheck> {
    if (this.active() !== failedBase) return Promise.resolve("switched"); // someone already switched
    if (!this.inflight) {
      this.inflight = this.runCheck(failedBase).finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  }

  private async runCheck(base: string): Promise<NetworkCheck> {
    for (let attempt = 1; attempt <= this.tries; attempt++) {
      const status = await this.healthStatus(base);
      if (status !== 0) return "not-blocked";
      if (attempt < this.tries) await this.sleep(this.intervalMs);
    }
    const server = this.urls.indexOf(base);
    log.warn("provider API unreachable: the network may be blocking it", { server, tries: this.tries, event: "network-block" });
    if (this.urls.length < 2) return "blocked";
    this.index = (Math.max(server, 0) + 1) % this.urls.length;
    this.switchedAt = this.now();
    log.warn("provider API: switched to another server", { server: this.index, event: "failover" });
    return "switched";
  }
}
