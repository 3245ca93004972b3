/**
 * The portal's production server (and the app server of `npm run dev:portal`): validates the configuration
 * (one line per problem, exit 1), loads the app's build (React Router), listens, and shuts down gracefully on SIGTERM/SIGINT
 * (readiness turns 503, in-flight requests finish, at most 10 s).
 *
 * With WEB_CONCURRENCY > 1 (the default in production: one process per core) this process becomes the cluster's
 * primary (cluster.ts): it forks that many workers, each of which runs the server below on the same port.
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/config.server";
import { log, setLogLevel } from "../app/log.server";
import { createApp } from "./app";
import { runPrimary, workerCount } from "./cluster";

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
if (!viteDev && cluster.isPrimary && workers > 1) runPrimary({ workers });
else await serve();

async function serve() {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let mode: string;
  let viteServer: import("vite").ViteDevServer | undefined;
  if (viteDev) {
    const vite = await import("vite");
    viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
    const devServer = viteServer;
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    mode = "development";
  } else {
    build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    // A built app is production unless told otherwise: development shows error details in pages, so only on
    // loopback (config.errorDetails; app/config.server.ts).
    mode = config.errorDetails ? "development" : "production";
  }

  let shuttingDown = false;
  const app = createApp({ build, mode, config, root, isShuttingDown: () => shuttingDown, devMiddleware: viteServer?.middlewares });

  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log.info("portal listening", { port, mode, api: new URL(config.api.url).origin });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info("shutting down", { signal });
    const force = setTimeout(() => {
      log.warn("shutdown: closing remaining connections");
      server.closeAllConnections();
      process.exit(0);
    }, 10_000);
    force.unref();
    void viteServer?.close();
    server.close((err) => {
      if (err) log.error("shutdown: close failed", { error: err.name });
      else log.info("stopped");
      process.exit(err ? 1 : 0);
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
