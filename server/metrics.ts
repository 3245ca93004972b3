/**
 * Prometheus metrics (ADR 029) on their own listener — `METRICS_PORT` (default 9464; 0/off = none) on
 * `METRICS_HOST`, `GET /metrics` — never on the public port: the portal's Service and load balancer do not route
 * to it, and a NetworkPolicy can open it to the monitoring namespace only.
 *
 * - One process: it serves its own registry (app/metrics.server.ts) and its dependencies' health.
 * - A cluster (WEB_CONCURRENCY > 1): the primary listens, asks every worker for its registry over the cluster's
 *   IPC channel (prom-client's AggregatorRegistry) and serves the aggregate: counters and histograms summed,
 *   gauges as each metric says (event-loop lag averaged, readiness the minimum).
 *
 * Each request of the public server is counted by server/request-metrics.ts. This module (and prom-client) is loaded
 * only when metrics are on (README, "What the server loads at start").
 */
import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import { AggregatorRegistry, Gauge, Registry } from "prom-client";
import { log } from "../app/log.server";
import { portalMetrics } from "../app/metrics.server";
import type { DependencyChecker } from "./health";

/** A worker's registry answers its primary's requests (prom-client's cluster protocol). */
export function serveMetricsToPrimary(): void {
  AggregatorRegistry.setRegistries([portalMetrics().registry]);
  new AggregatorRegistry(); // installs the worker's listener for the primary's requests
}

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** "single": this process's registry; "primary": the aggregate of the cluster's workers. */
  role: "single" | "primary";
  checker?: DependencyChecker;
}

/** The dependency gauges (of the process that serves /metrics: one check per scrape, whatever the worker count). */
function dependencyRegistry(checker: DependencyChecker | undefined) {
  const registry = new Registry();
  const up = new Gauge({
    name: "portal_dependency_up",
    help: "Whether a dependency answered its health check at this scrape (1) or not (0): provider_api, identity, postgres (when the throttle and session revocation are in PostgreSQL). Not the portal's readiness.",
    labelNames: ["dependency"],
    registers: [registry],
  });
  const latency = new Gauge({ name: "portal_dependency_check_seconds", help: "How long the dependency's health check took at this scrape.", labelNames: ["dependency"], registers: [registry] });
  return {
    async text(): Promise<string> {
      if (!checker) return "";
      for (const d of await checker.check()) {
        up.set({ dependency: d.name }, d.up ? 1 : 0);
        latency.set({ dependency: d.name }, d.latencyMs / 1000);
      }
      return registry.metrics();
    },
  };
}

/** Starts the metrics listener; resolves with it once listening (or undefined when it could not listen: logged, the portal goes on). */
export function startMetricsServer(opts: MetricsServerOptions): Promise<Server | undefined> {
  const aggregator = opts.role === "primary" ? new AggregatorRegistry() : undefined;
  const deps = dependencyRegistry(opts.checker);
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Not found");
      return;
    }
    void (async () => {
      try {
        const [own, dependencies] = await Promise.all([aggregator ? aggregator.clusterMetrics() : portalMetrics().registry.metrics(), deps.text()]);
        res.writeHead(200, { "Content-Type": Registry.PROMETHEUS_CONTENT_TYPE, "Cache-Control": "no-store" }).end(`${own}\n${dependencies}`);
      } catch (err) {
        log.error("metrics: scrape failed", { error: err instanceof Error ? err.message : "unknown" });
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("metrics unavailable");
      }
    })();
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      log.error("metrics: could not listen; the portal runs without its metrics endpoint", { port: opts.port, host: opts.host, code: err.code });
      resolve(undefined);
    });
    server.listen(opts.port, opts.host, () => {
      const address = server.address();
      log.info("metrics listening", { port: typeof address === "object" && address ? address.port : opts.port, role: opts.role, ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}) });
      resolve(server);
    });
  });
}
