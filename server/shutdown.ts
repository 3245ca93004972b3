/**
 * Graceful shutdown (ADR 029). On SIGTERM (Kubernetes, `docker stop`, the cluster primary passing it on):
 *
 * 1. **Drain** (`SHUTDOWN_DRAIN_SECONDS`, default 10): `/readyz` answers 503 at once, while every request is still
 *    served (keep-alive connections are closed after their response). The load balancer stops sending new
 *    requests within its probe period; an endpoint removal takes a moment to reach every proxy.
 * 2. **Close**: the listener stops accepting connections; idle keep-alive connections are closed.
 * 3. **Finish**: requests in flight — streamed pages included — run to their end, at most
 *    `SHUTDOWN_TIMEOUT_SECONDS` (default 15) after the drain; what is still open then is cut.
 * 4. **Exit** 0 (1 if the listener failed to close), before the orchestrator's grace period: drain + time-out
 *    (25 s by default) is under Kubernetes' default 30 s.
 *
 * SIGINT (Ctrl-C in a terminal) skips the drain: nobody balances load to a developer's terminal.
 */
import type { Server } from "node:http";
import { log } from "../app/log.server";

export interface ShutdownOptions {
  server: Server;
  drainMs: number;
  timeoutMs: number;
  /** Called once the process may end (default: process.exit). */
  exit?: (code: number) => void;
  /** Extra work when the listener has closed (e.g. closing the metrics listener or Vite's dev server). */
  onClosed?: () => void | Promise<void>;
}

export interface Shutdown {
  /** True from the signal on: /readyz answers 503, responses close their connection. */
  readonly draining: boolean;
  /** Requests being answered now. */
  readonly inFlight: number;
  begin(signal: NodeJS.Signals | "test"): void;
  /** Resolves when the shutdown has run to its end (before `exit` is called). */
  readonly done: Promise<number>;
}

export function gracefulShutdown(opts: ShutdownOptions): Shutdown {
  const { server } = opts;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let draining = false;
  let inFlight = 0;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });

  server.on("request", (_req, res) => {
    inFlight++;
    res.once("close", () => inFlight--);
  });

  const close = () => {
    log.info("shutdown: drain over, closing the listener", { inFlight });
    let idleSweep: NodeJS.Timeout | undefined;
    const hardCap = setTimeout(() => {
      log.warn("shutdown: requests still running at the time-out; closing their connections", { inFlight, timeoutMs: opts.timeoutMs });
      server.closeAllConnections();
    }, opts.timeoutMs);
    hardCap.unref();
    server.close((err) => {
      clearTimeout(hardCap);
      clearInterval(idleSweep);
      void Promise.resolve(opts.onClosed?.())
        .catch(() => {})
        .then(() => {
          if (err) log.error("shutdown: the listener did not close", { error: err.name });
          else log.info("stopped");
          finish(err ? 1 : 0);
          exit(err ? 1 : 0);
        });
    });
    // A connection whose response ended after the close stays open until it is idle: close those as they go idle.
    server.closeIdleConnections();
    idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    idleSweep.unref();
  };

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    done,
    begin(signal) {
      if (draining) return;
      draining = true;
      const drainMs = signal === "SIGINT" ? 0 : opts.drainMs;
      log.info("shutting down: draining", { signal, drainMs, timeoutMs: opts.timeoutMs, inFlight });
      if (drainMs <= 0) close();
      else setTimeout(close, drainMs).unref();
    },
  };
}
