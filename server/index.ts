/**
 * The portal's production server (and the app server of `npm run dev:portal`): validates the configuration
 * (one line per problem, exit 1), loads the app's build (React Router), listens, and shuts down gracefully on
 * SIGTERM (server/shutdown.ts: readiness turns 503 for SHUTDOWN_DRAIN_SECONDS, then the listener closes and requests
 * in flight finish, at most SHUTDOWN_TIMEOUT_SECONDS). Metrics on their own port (server/metrics.ts), request
 * limits on the public one (server/request-limits.ts): ADR 029.
 *
 * With WEB_CONCURRENCY > 1 (the default in production: one process per core) this process becomes the cluster's
 * primary (cluster.ts): it forks that many workers, each of which runs the server below on the same port.
 *
 * Traces (ADR 030): the process that serves starts the OpenTelemetry SDK first (server/tracing.ts, only when an OTLP
 * endpoint is configured) and only then loads the app — express (./app) and the app's build are imported
 * dynamically, after it, so that the instrumentations' loader hook sees them load.
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/config.server";
import { log, setLogLevel } from "../app/log.server";
import { metricsOff, portalMetrics } from "../app/metrics.server";
import { dependencyChecker } from "./health";
import { httpServerOptions, onClientError, requestTimeoutFrom } from "./request-limits";
import { gracefulShutdown } from "./shutdown";
import { startPortalTracing } from "./tracing";
import { workerCount } from "./workers";

const here = dirname(fileURLToPath(import.meta.url));
// Bundled: build/server/index.js; from source (development): server/index.ts.
const root = basename(here) === "server" && basename(dirname(here)) === "build" ? resolve(here, "..", "..") : resolve(here, "..");

const result = loadConfig(process.env);
if (!result.ok) {
  for (const line of result.errors) process.stderr.write(`config: ${line}\n`);
  process.stderr.write(`config: ${result.errors.length} setting(s) missing or invalid; the portal did not start.\n`);
  process.exit(1);
}
const config = result.config;
setLogLevel(config.logLevel);
for (const w of result.warnings) log.warn(`config: ${w}`);
// METRICS_PORT=off: nothing counts, and prom-client is not loaded (README, "What the server loads at start").
if (!config.metrics) metricsOff();

const buildPath = join(root, "build", "server", "react-router.js");
// `npm run dev:portal` (PORTAL_DEV=1): the app from source through Vite's dev server (hot module replacement),
// one process; otherwise the built app.
const viteDev = process.env.PORTAL_DEV === "1";
if (!viteDev && !existsSync(buildPath)) {
  process.stderr.write(`${buildPath} not found: run \`npm run build\` first.\n`);
  process.exit(1);
}
const workers = workerCount(process.env);
if (typeof workers === "object") {
  process.stderr.write(`config: ${workers.error}\nconfig: 1 setting(s) missing or invalid; the portal did not start.\n`);
  process.exit(1);
}
if (!viteDev && cluster.isPrimary && workers > 1) {
  // Imported here, not above: the cluster module loads the throttle's pg, which traces must see load (ADR 030).
  const { runPrimary } = await import("./cluster");
  runPrimary({
    workers,
    // The workers drain and finish within drain + time-out; a little more before they are killed.
    shutdownTimeoutMs: config.shutdown.drainMs + config.shutdown.timeoutMs + 2_000,
    metrics: config.metrics ? { ...config.metrics, checker: dependencyChecker(config) } : undefined,
  });
} else await serve();

async function serve() {
  const tracing = await startPortalTracing();
  const { createApp } = await import("./app");
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let mode: string;
  let viteServer: import("vite").ViteDevServer | undefined;
  if (viteDev) {
    const { createViteDevServer } = await import("./dev-server");
    viteServer = await createViteDevServer(root);
    const devServer = viteServer;
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    mode = "development";
  } else {
    build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    // A built app is production unless told otherwise: development shows error details in pages, so only on
    // loopback (config.errorDetails; app/config.server.ts).
    mode = config.errorDetails ? "development" : "production";
  }

  const dependencies = dependencyChecker(config);
  let shutdown: ReturnType<typeof gracefulShutdown> | undefined;
  const isShuttingDown = () => shutdown?.draining ?? false;
  const app = createApp({ build, mode, config, root, isShuttingDown, dependencies, devMiddleware: viteServer?.middlewares });

  const server: Server = createServer(httpServerOptions({ requestTimeout: requestTimeoutFrom(process.env) }), app);
  server.on("clientError", onClientError); // 431/414/408/400 with a short answer (request-limits.ts)

  // Metrics: a worker hands its registry to the primary; a single process serves its own. Off: neither.
  let metricsServer: Server | undefined;
  if (config.metrics) {
    const { serveMetricsToPrimary, startMetricsServer } = await import("./metrics");
    if (cluster.isWorker) serveMetricsToPrimary();
    else metricsServer = await startMetricsServer({ ...config.metrics, role: "single", checker: dependencies });
  }

  shutdown = gracefulShutdown({
    server,
    drainMs: config.shutdown.drainMs,
    timeoutMs: config.shutdown.timeoutMs,
    onClosed: async () => {
      metricsServer?.close();
      await viteServer?.close();
      // The spans still buffered leave before the process exits (at most 2 s).
      if (tracing) await Promise.race([tracing.shutdown().catch(() => {}), new Promise((r) => setTimeout(r, 2000).unref())]);
    },
  });
  const ready = portalMetrics().ready;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    ready.set(1);
    log.info("portal listening", { port, mode, api: new URL(config.api.url).origin });
  });

  const onSignal = (signal: NodeJS.Signals) => {
    ready.set(0);
    shutdown?.begin(signal);
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
}
