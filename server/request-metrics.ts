/**
 * `requestMetrics` counts each request of the public server by route pattern (server/route-pattern.ts), method and
 * status (ADR 029): `portal_http_requests_total` and `portal_http_request_duration_seconds` of app/metrics.server.ts,
 * served by server/metrics.ts. Apart from that module so that the express app does not load prom-client when
 * metrics are off (the counts then go nowhere).
 */
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { portalMetrics } from "../app/metrics.server";
import { routePatterns, routeTree } from "./route-pattern";

/** The label of a request no route of the app handles: assets, health, static files, or nothing. */
function fixedRoute(path: string): string | undefined {
  if (path.startsWith("/build/")) return "/build/*";
  if (path === "/healthz" || path === "/readyz") return path;
  return undefined;
}

/** Counts every request by method, route pattern and status when its response ends (or its connection closes). */
export function requestMetrics(build: ServerBuild | (() => Promise<ServerBuild>)): RequestHandler {
  const patternsOf = (routes: ServerBuild["routes"]) => routePatterns(routeTree(routes));
  let patterns: ((pathname: string) => string | undefined) | undefined = typeof build === "function" ? undefined : patternsOf(build.routes);
  let loading = false;
  const patternsNow = () => {
    if (!patterns && typeof build === "function" && !loading) {
      // Development (Vite): the build is loaded on demand; label with what is known once it is.
      loading = true;
      void build()
        .then((b) => (patterns = patternsOf(b.routes)))
        .catch(() => {})
        .finally(() => (loading = false));
    }
    return patterns;
  };
  return (req, res, next) => {
    const started = performance.now();
    const path = req.path;
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      const status = res.headersSent ? res.statusCode : 499; // 499: the client went away before an answer
      const pattern = fixedRoute(path) ?? patternsNow()?.(path);
      const route = pattern ?? (status < 400 ? "static" : "unmatched");
      const labels = { method: req.method, route, status: String(status) };
      const m = portalMetrics();
      m.httpRequests.inc(labels);
      m.httpDuration.observe(labels, (performance.now() - started) / 1000);
    };
    res.once("finish", count);
    res.once("close", count);
    next();
  };
}
