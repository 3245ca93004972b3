/**
 * Several portal processes on one port (Node's cluster): the primary forks the workers, restarts one that
 * crashes, and on SIGTERM/SIGINT passes the signal on and waits for their graceful shutdown (each drains, then
 * finishes its requests: server/shutdown.ts). It serves the metrics of all of them on the metrics port
 * (server/metrics.ts). The workers run the ordinary server (index.ts). Nothing in the portal depends on which
 * process answers (ADR 017): sessions are sealed cookies, flash toasts are cookies, form tokens are keyed by the
 * provider API, and module caches hold only what any process can rebuild.
 */
import cluster, { type Worker } from "node:cluster";
import { startRevocationPrimary } from "../app/auth/revocation.server";
import { startThrottlePrimary } from "../app/auth/throttle.server";
import { log } from "../app/log.server";
import type { DependencyChecker } from "./health";
import { startMetricsServer } from "./metrics";
import { relaySessionCacheDrops } from "./session-cache-relay";

// How many processes (server/workers.ts: index.ts reads it before it loads this module and the throttle's pg).
export { workerCount } from "./workers";

export interface PrimaryOptions {
  workers: number;
  /** Longest wait for the workers after a signal (their own graceful shutdown: drain + time-out), then they are killed. */
  shutdownTimeoutMs?: number;
  /** The metrics listener (the workers' aggregate); undefined = none. */
  metrics?: { port: number; host: string; checker?: DependencyChecker };
  /** A crash loop (this many worker exits within `crashWindowMs`) stops the primary with exit code 1. */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** Wait before forking a replacement. */
  restartDelayMs?: number;
}

/** Runs the cluster's primary (this process forks `workers` copies of itself as workers). */
export function runPrimary(opts: PrimaryOptions): void {
  const shutdownTimeoutMs = opts.shutdownTimeoutMs ?? 27_000;
  const maxCrashes = opts.maxCrashes ?? 5;
  const crashWindowMs = opts.crashWindowMs ?? 30_000;
  const restartDelayMs = opts.restartDelayMs ?? 500;
  let stopping = false;
  let exitCode = 0;
  const crashes: number[] = [];

  const fork = (): Worker => cluster.fork();

  cluster.on("exit", (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) {
        log.info("stopped", { role: "primary" });
        process.exit(exitCode);
      }
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && now - crashes[0]! > crashWindowMs) crashes.shift();
    log.error("portal worker exited; starting another", { pid: worker.process.pid, code, signal });
    if (crashes.length >= maxCrashes) {
      log.error("portal workers keep exiting; stopping", { exits: crashes.length, windowMs: crashWindowMs });
      exitCode = 1;
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
      setTimeout(() => process.exit(1), shutdownTimeoutMs).unref();
      if (alive === 0) process.exit(1);
      return;
    }
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal, role: "primary" });
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    // Each worker drains (its /readyz fails while it still serves), then closes and finishes its requests.
    for (const w of workers) w?.process.kill(signal);
    setTimeout(() => {
      log.warn("shutdown: workers still running; ending them", { role: "primary" });
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownTimeoutMs).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  // The workers' local sign-in throttle counters live here (ADR 022; unused with THROTTLE_DATABASE_URL).
  startThrottlePrimary();
  // The same for the workers' local session revocations (ADR 025): a sign-out on one worker holds on all at once.
  startRevocationPrimary();
  // A worker's session-cache drop (an admin's change, ADR 021) reaches the other workers at once.
  relaySessionCacheDrops(cluster);
  if (opts.metrics) void startMetricsServer({ ...opts.metrics, role: "primary" });
  log.info("portal primary started", { workers: opts.workers });
  for (let i = 0; i < opts.workers; i++) fork();
}
