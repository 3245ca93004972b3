/**
 * The portal's Prometheus metrics (ADR 029): one registry per process, shared by the two bundles that run in it
 * (the server's, built by esbuild from server/, and the app's, built by React Router from app/) through a
 * `globalThis` slot — each bundle has its own copy of this module, and prom-client refuses a metric registered
 * twice. The server serves the registry on its own port (server/metrics.ts); with several cluster workers the
 * primary asks each worker for its registry and serves the sum (prom-client's AggregatorRegistry).
 *
 * Labels never carry what a user typed or a record's id: requests are labelled by route pattern
 * (`/patients/:patientId/:section`), provider-API calls by operationId, the session cache by which of its three
 * reads, the throttle by action. Search terms are names (PHI); ids are not needed to count.
 *
 * With metrics off (METRICS_PORT=off) the server calls `metricsOff()` before anything counts: every metric is then a
 * no-op and prom-client (with the OpenTelemetry API it loads) is never loaded (README, "What the server loads at
 * start"). Otherwise prom-client is loaded at the first `portalMetrics()`.
 */
import { createRequire } from "node:module";
import type * as PromClient from "prom-client";

/** Request durations (s): a page is ~10-300 ms; a report or upload may take seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const API_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

function create() {
  // prom-client is CommonJS: required here, synchronously, the same instance server/metrics.ts imports.
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = createRequire(import.meta.url)("prom-client") as typeof PromClient;
  const registry = new Registry();
  // Event-loop lag, heap, GC, handles, CPU, memory (prom-client's defaults; `aggregator` set per metric for clusters).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requestLabels = ["method", "route", "status"] as const;
  return {
    registry,
    httpRequests: new Counter({ name: "portal_http_requests_total", help: "Requests answered, by method, route pattern and status.", labelNames: requestLabels, registers: [registry] }),
    httpDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Time to answer a request (until the response ended), by method, route pattern and status.",
      labelNames: requestLabels,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    apiDuration: new Histogram({
      name: "portal_provider_api_request_duration_seconds",
      help: "Provider-API calls (sent, not answered from the session cache), by operationId and status (error = no response: time-out, network, cancelled).",
      labelNames: ["operation", "status"],
      buckets: API_BUCKETS,
      registers: [registry],
    }),
    sessionCacheHits: new Counter({ name: "portal_session_cache_hits_total", help: "Reads answered from the per-session cache (ADR 021), by read.", labelNames: ["read"], registers: [registry] }),
    sessionCacheMisses: new Counter({
      name: "portal_session_cache_misses_total",
      help: "Cacheable reads the per-session cache could not answer (sent to the provider API), by read.",
      labelNames: ["read"],
      registers: [registry],
    }),
    throttleRefusals: new Counter({
      name: "portal_throttle_refusals_total",
      help: "Attempts refused by the sign-in throttle (ADR 022), by action: sign-in, password-reset, reset-code, invite.",
      labelNames: ["action"],
      registers: [registry],
    }),
    rejectedRequests: new Counter({
      name: "portal_rejected_requests_total",
      help: "Requests answered before routing for their shape, by status: 414 (target too long), 431 (headers too large), 400 (unparsable), 408 (headers not received in time).",
      labelNames: ["status"],
      registers: [registry],
    }),
    revocationStoreFailures: new Counter({
      name: "portal_session_revocation_store_failures_total",
      help: "Calls to the shared session-revocation store (PostgreSQL) that failed, by operation: get (a session was then accepted on this replica's own knowledge only — the fail-open window of ADR 025, alerted on), put (a revocation reached this replica only).",
      labelNames: ["operation"],
      registers: [registry],
    }),
    ready: new Gauge({ name: "portal_ready", help: "1 while this process accepts traffic (its /readyz), 0 while draining; the minimum over workers.", registers: [registry], aggregator: "min" }),
  };
}

/** Counters of known label values start at 0 (a rate over a missing series is no rate at all). */
function zeroes(m: ReturnType<typeof create>) {
  for (const read of ["/v2/users/current", "/v2/locations", "/v2/practitioners"]) {
    m.sessionCacheHits.inc({ read }, 0);
    m.sessionCacheMisses.inc({ read }, 0);
  }
  for (const action of ["sign-in", "password-reset", "reset-code", "invite"]) m.throttleRefusals.inc({ action }, 0);
  for (const status of ["400", "408", "414", "431"]) m.rejectedRequests.inc({ status }, 0);
  for (const operation of ["get", "put"]) m.revocationStoreFailures.inc({ operation }, 0);
  return m;
}

export type PortalMetrics = ReturnType<typeof create>;

const SLOT = Symbol.for("exer.portal.metrics");
type WithSlot = typeof globalThis & { [SLOT]?: PortalMetrics };

/** This process's metrics (created on first use, whichever bundle asks first). */
export function portalMetrics(): PortalMetrics {
  const g = globalThis as WithSlot;
  g[SLOT] ??= zeroes(create());
  return g[SLOT];
}

const NO_METRIC = { inc() {}, observe() {}, set() {} };

/**
 * This process serves no metrics: from now on `portalMetrics()` answers metrics that count nothing (no registry).
 * Called by the server at its start when METRICS_PORT is off, before anything has counted.
 */
export function metricsOff(): void {
  const none: Record<Exclude<keyof PortalMetrics, "registry">, typeof NO_METRIC> = {
    httpRequests: NO_METRIC,
    httpDuration: NO_METRIC,
    apiDuration: NO_METRIC,
    sessionCacheHits: NO_METRIC,
    sessionCacheMisses: NO_METRIC,
    throttleRefusals: NO_METRIC,
    rejectedRequests: NO_METRIC,
    revocationStoreFailures: NO_METRIC,
    ready: NO_METRIC,
  };
  (globalThis as WithSlot)[SLOT] = { registry: undefined, ...none } as unknown as PortalMetrics;
}
