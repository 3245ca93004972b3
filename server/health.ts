/**
 * The health of what the portal depends on (ADR 029), reported apart from its own readiness: an outage of the
 * provider API or the identity service must not take every replica out of the load balancer at once (then nobody
 * even sees the portal's own "try again" pages). `/healthz?deep=1` answers it as JSON, one entry per dependency,
 * and the metrics endpoint as `portal_dependency_up`.
 *
 * - provider_api: GET {url}/healthcheck of the primary URL or any failover URL (the client fails over to them);
 * - identity: the user pool's signing keys (GET …/{userPoolId}/.well-known/jwks.json) at COGNITO_ENDPOINT, or at
 *   AWS's regional Cognito endpoint;
 * - postgres (when the throttle and session revocation are in PostgreSQL, THROTTLE_DATABASE_URL): `SELECT 1` on a
 *   connection of its own (issue 33). While it is down, sign-in is not throttled across replicas and a session
 *   signed out on another replica is accepted here (ADR 025's fail-open): deploy/kubernetes alerts on it.
 *
 * Each check has a short time-out, and results are reused for a few seconds, so a burst of probes or scrapes
 * does not turn into a burst of calls.
 */
import type { PortalConfig } from "../app/config.server";

export type DependencyName = "provider_api" | "identity" | "postgres";
export interface DependencyHealth {
  name: DependencyName;
  up: boolean;
  /** How long the check took. */
  latencyMs: number;
  /** Why not (a status or an error name; never a URL with credentials or a body). */
  detail?: string;
}

export interface HealthCheckOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How long a result is reused. */
  cacheMs?: number;
  now?: () => number;
  /** The PostgreSQL check (tests); default: `SELECT 1` through a one-connection pool of THROTTLE_DATABASE_URL. */
  postgres?: () => Promise<void>;
}

/** `SELECT 1` through a pool of one connection, made at the first check (pg is loaded then: traces see it load). */
function postgresQuery(url: string, timeoutMs: number): () => Promise<void> {
  let pool: Promise<import("pg").Pool> | undefined;
  return async () => {
    pool ??= import("pg").then(({ default: pg }) => {
      const p = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, idleTimeoutMillis: 30_000 });
      p.on("error", () => {}); // a dropped idle connection: the next check reports it
      return p;
    });
    await (await pool).query("SELECT 1");
  };
}

async function probe(fetchImpl: typeof fetch, url: string, timeoutMs: number): Promise<{ ok: boolean; detail?: string }> {
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
    await res.body?.cancel().catch(() => {});
    return res.ok ? { ok: true } : { ok: false, detail: `status ${res.status}` };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? (err.name === "TimeoutError" ? "timeout" : err.name) : "error" };
  }
}

export function identityHealthUrl(identity: PortalConfig["identity"]): string {
  const base = identity.endpoint ?? `https://cognito-idp.${identity.region}.amazonaws.com`;
  return `${base.replace(/\/+$/, "")}/${identity.userPoolId}/.well-known/jwks.json`;
}

/** A checker of the configuration's dependencies: `check()` answers every one (from the cache when fresh). */
export function dependencyChecker(config: Pick<PortalConfig, "api" | "identity"> & { throttle?: Pick<PortalConfig["throttle"], "store"> }, opts: HealthCheckOptions = {}) {
  const fetchImpl = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const cacheMs = opts.cacheMs ?? 5_000;
  const now = opts.now ?? Date.now;
  let cached: { at: number; result: Promise<DependencyHealth[]> } | undefined;
  const store = config.throttle?.store;
  const postgres = store?.kind === "postgres" ? (opts.postgres ?? postgresQuery(store.url, timeoutMs)) : undefined;

  const timed = async (name: DependencyName, run: () => Promise<{ ok: boolean; detail?: string }>): Promise<DependencyHealth> => {
    const started = performance.now();
    const r = await run();
    return { name, up: r.ok, latencyMs: Math.round(performance.now() - started), ...(r.detail ? { detail: r.detail } : {}) };
  };

  const runAll = (): Promise<DependencyHealth[]> =>
    Promise.all([
      timed("provider_api", async () => {
        let last: { ok: boolean; detail?: string } = { ok: false };
        for (const base of [config.api.url, ...config.api.failoverUrls]) {
          last = await probe(fetchImpl, `${base}/healthcheck`, timeoutMs);
          if (last.ok) return last;
        }
        return last;
      }),
      timed("identity", () => probe(fetchImpl, identityHealthUrl(config.identity), timeoutMs)),
      ...(postgres
        ? [
            timed("postgres", () =>
              postgres().then(
                () => ({ ok: true }),
                // The error's code (e.g. ECONNREFUSED, 28P01) or name: never the URL, which holds the password.
                (err: unknown) => ({ ok: false, detail: String((err as { code?: unknown })?.code ?? (err instanceof Error ? err.name : "error")) }),
              ),
            ),
          ]
        : []),
    ]);

  return {
    check(): Promise<DependencyHealth[]> {
      if (cached && now() - cached.at < cacheMs) return cached.result;
      const result = runAll();
      cached = { at: now(), result };
      return result;
    },
  };
}

export type DependencyChecker = ReturnType<typeof dependencyChecker>;
