/**
 * The portal's HTTP application: express 5 + @react-router/express, with compression, immutable caching of the
 * fingerprinted assets, security headers with a per-request CSP nonce, a same-origin check on form posts,
 * `Cache-Control: no-store` on every page and data response, /healthz and /readyz, and JSON request logs.
 *
 * First of all, a request target over the limit is answered 414 (server/request-limits.ts), and every request is
 * counted for the metrics (server/request-metrics.ts). `/healthz` is this process's liveness, `/readyz` its readiness
 * (503 while it drains for a shutdown, server/shutdown.ts), `/healthz?deep=1` the dependencies' health (ADR 029).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import compression from "compression";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import type { PortalConfig } from "../app/config.server";
import { createLoadContext, type PortalRequest } from "../app/context";
import { log, redactPath } from "../app/log.server";
import { bodyLimit } from "./body-limit";
import { CSP_REPORT_PATH, cspReportEndpoint } from "./csp-report";
import { devRequestsOnly } from "./dev-server";
import { isCrossSiteRequest } from "./csrf";
import type { DependencyChecker } from "./health";
import { requestMetrics } from "./request-metrics";
import { requestTargetLimit } from "./request-limits";
import { formBodiesOnly, retryAfterOn429 } from "./odd-requests";
import { originOf, securityHeaders } from "./security";
import { inlineStylesheets } from "./inline-css";
import { precompressed, scriptsAndStyles } from "./precompressed";

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  config: PortalConfig;
  /** Project root: build/client and public/ are served from there. */
  root: string;
  /** Whether the process is shutting down (readiness answers 503, connections close). */
  isShuttingDown: () => boolean;
  /** The dependencies' health for `/healthz?deep=1` (server/health.ts); without it, that answers 404. */
  dependencies?: DependencyChecker;
  /** Development: Vite's dev server (the app's modules, hot updates), mounted before the app's handler. */
  devMiddleware?: express.RequestHandler | import("vite").Connect.Server;
}

/** Calls `fn` right before the response's headers are written. */
function beforeHeaders(res: ServerResponse, fn: () => void): void {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function patchedWriteHead(this: ServerResponse, ...args: unknown[]) {
    if (!done) {
      done = true;
      try {
        fn();
      } catch (err) {
        log.error("before-headers hook failed", { error: err instanceof Error ? err.name : "unknown" });
      }
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

export function parseTrustProxy(value: string | undefined): boolean | number | string | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function createApp(opts: AppOptions) {
  const { config } = opts;
  const app = express();
  app.disable("x-powered-by");
  const trust = parseTrustProxy(config.trustProxy);
  if (trust !== undefined) app.set("trust proxy", trust);

  const apiOrigins = [config.api.url, ...config.api.failoverUrls].map(originOf).filter((o): o is string => o !== null);
  const ssoOrigins = config.sso ? [originOf(config.sso.domain)].filter((o): o is string => o !== null) : [];
  const development = opts.mode === "development";

  // Before anything reads the request: an over-long target is refused at once (414), signed in or not.
  app.use(requestTargetLimit());
  app.use(requestMetrics(opts.build));

  // The probes (ADR 029, issue 33): liveness (this process answers) and readiness (it takes traffic: not while it
  // drains) answer before any per-request work — no request id, nonce, headers, log line or compression — so
  // only the event loop's own delay stands between a probe and its answer. The deep check is below.
  app.get("/readyz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (opts.isShuttingDown()) return void res.status(503).json({ status: "shutting-down" });
    res.json({ status: "ready" });
  });
  app.get("/healthz", (req, res, next) => {
    if (req.query.deep !== undefined) return next();
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  // The build's scripts and stylesheets: from memory, with the headers a subresource needs (server/precompressed.ts).
  const builtAssets = join(opts.root, "build", "client", "build");
  if (existsSync(builtAssets)) app.use("/build", scriptsAndStyles(builtAssets, { isShuttingDown: opts.isShuttingDown }));

  // The build's stylesheets, carried inline by the documents (ADR 038; server/inline-css.ts). Not in development: Vite
  // serves the styles there.
  const inlineCss = !opts.devMiddleware && existsSync(builtAssets) ? inlineStylesheets(builtAssets) : undefined;

  // Request id, nonce, logging, security headers, cookies from the session layer.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const path = req.path; // before mounted middleware rewrites it
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    const nonce = randomBytes(16).toString("base64");
    const context: PortalRequest = { nonce, requestId, responseCookies: new Map(), clientAddress: req.ip, inlineCss };
    res.locals.portal = context;
    res.setHeader("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(securityHeaders({ nonce, https: req.secure, imageOrigins: apiOrigins, formActionOrigins: ssoOrigins, development }))) {
      res.setHeader(name, value);
    }
    if (opts.isShuttingDown()) res.setHeader("Connection", "close");
    beforeHeaders(res, () => {
      // A redirect (single fetch answers data requests' redirects with 202) keeps the flash it read for the next page.
      if ((res.statusCode >= 300 && res.statusCode < 400) || (res.statusCode === 202 && path.endsWith(".data"))) context.onRedirect?.();
      for (const cookie of context.responseCookies.values()) res.append("Set-Cookie", cookie);
    });
    res.on("finish", () => {
      const durationMs = Number((process.hrtime.bigint() - started) / 1_000_000n);
      const quiet = path === "/healthz" || path === "/readyz" || path.startsWith("/build/") || path === "/favicon.svg";
      (quiet ? log.debug : log.info)("request", { requestId, method: req.method, path: redactPath(path), status: res.statusCode, durationMs });
    });
    next();
  });

  // Pages and data are compressed with gzip (documents by the document renderer, a batch at a time:
  // app/html-batches.server.ts; the middleware leaves them as they are); the static files under /build/ are precompressed by the build (Brotli 11,
  // gzip 9; server/precompressed.ts), and what is not (a file the build did not compress) may get Brotli here. Brotli above quality 1 sets up large tables for every response: on the patient list at
  // concurrency 16 one process served ~30 pages/s with Brotli (quality 4, the middleware's default) against ~40-44
  // with gzip-6 or none, for about the same size (the page: 44.7 KB raw, 10.1 KB Brotli-4, 10.3 KB gzip-6).
  app.use((req, _res, next) => {
    if (!req.path.startsWith("/build/")) preferGzip(req);
    next();
  });
  app.use(compression({ filter: shouldCompress }));

  // The dependencies' health (`/healthz?deep=1`), apart from liveness and readiness (above): a provider-API outage
  // must not empty the load balancer (ADR 029).
  app.get("/healthz", async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!opts.dependencies) return void res.status(404).json({ status: "not-available" });
    const checks = await opts.dependencies.check();
    const healthy = checks.every((d) => d.up);
    if (!healthy) log.warn("a dependency's health check failed", { event: "deep-health", down: checks.filter((d) => !d.up).map((d) => d.name).join(",") });
    res.status(healthy ? 200 : 503).json({
      status: healthy ? "ok" : "degraded",
      process: opts.isShuttingDown() ? "draining" : "ready",
      dependencies: Object.fromEntries(checks.map(({ name, ...rest }) => [name, rest])),
    });
  });

  // CSP violation reports (ADR 024 §13): before the body limit, the same-origin check and any content-type gate;
  // the endpoint checks its own types and size.
  app.post(CSP_REPORT_PATH, ...cspReportEndpoint());

  // The rest of the fingerprinted build output (scripts and stylesheets are answered above): cached for a year, never
  // revalidated; sent as the build compressed it (Brotli 11 or gzip 9, server/precompressed.ts), not compressed again.
  if (existsSync(builtAssets)) app.use("/build", precompressed(builtAssets));
  app.use("/build", express.static(builtAssets, { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
  // Other static files (favicon, fonts): an hour.
  app.use(express.static(join(opts.root, "public"), { maxAge: "1h", index: false, redirect: false }));

  // Development: only the URLs a browser of the app asks Vite for reach it (server/dev-server.ts; ADR 035).
  if (opts.devMiddleware) app.use(devRequestsOnly(opts.devMiddleware as Parameters<typeof devRequestsOnly>[0], opts.root) as express.RequestHandler);

  app.use(bodyLimit()); // every body held to the limit of its type (server/body-limit.ts)

  // Cross-site form posts are refused before they reach an action.
  app.use((req, res, next) => {
    const origin = `${req.protocol}://${req.get("host") ?? ""}`;
    if (isCrossSiteRequest({ method: req.method, origin, secFetchSite: req.get("sec-fetch-site"), originHeader: req.get("origin") })) {
      log.warn("cross-site request refused", { requestId: (res.locals.portal as PortalRequest).requestId, method: req.method, path: redactPath(req.path) });
      res.status(403).set("Cache-Control", "no-store").type("text/plain").send("This form was sent from another site and was refused.");
      return;
    }
    next();
  });

  // Bodies that are not forms: 415; every 429 with Retry-After (server/odd-requests.ts).
  app.use(formBodiesOnly(), retryAfterOn429());

  // Pages and data: never stored by browsers or proxies (they carry the user's data).
  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  const handler = createRequestHandler({
    build: opts.build,
    mode: opts.mode,
    getLoadContext: (_req: ExpressRequest, res: ExpressResponse) => createLoadContext(res.locals.portal as PortalRequest),
  });
  app.all("/{*path}", (req, res, next) => {
    // A route may set its own Cache-Control; pages and data stay no-store.
    beforeHeaders(res, () => res.setHeader("Cache-Control", "no-store"));
    return handler(req, res, next);
  });

  app.use((err: unknown, _req: ExpressRequest, res: ExpressResponse, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    const status = typeof err === "object" && err && "status" in err && typeof err.status === "number" ? err.status : 500;
    if (status >= 500) log.error("unhandled server error", { error: err instanceof Error ? err.name : "unknown" });
    res.status(status).set("Cache-Control", "no-store").type("text/plain").send(status === 404 ? "Not found" : "Something went wrong.");
  });

  return app;
}

/**
 * The compression middleware's own rule (compressible types by mime-db), plus the replay's stream of frames
 * (`application/x-ndjson`, ADR 048), which mime-db does not list: ~22 MB of JSON lines for a 10-minute log, ~5× smaller
 * gzipped. The middleware compresses a streamed body as it is written (nothing waits for the whole body).
 */
export function shouldCompress(req: ExpressRequest, res: ExpressResponse): boolean {
  const type = res.getHeader("Content-Type");
  if (typeof type === "string" && /^application\/x-ndjson\s*(;|$)/i.test(type)) return true;
  return compression.filter(req, res);
}

/** Drops `br` from the request's Accept-Encoding, so the compression middleware answers with gzip (or nothing). */
export function preferGzip(req: { headers: Record<string, string | string[] | undefined> }): void {
  const accepted = req.headers["accept-encoding"];
  if (typeof accepted !== "string") return;
  req.headers["accept-encoding"] = accepted
    .split(",")
    .filter((coding) => coding.split(";")[0]!.trim().toLowerCase() !== "br")
    .join(",");
}
