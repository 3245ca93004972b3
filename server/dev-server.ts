/**
 * `npm run dev:portal` (PORTAL_DEV=1): Vite's dev server in middleware mode inside the portal's own express app
 * (server/index.ts). What it may serve is limited by vite.config.ts (`server.fs`: only app/, the optimized
 * dependencies and Vite's own client; data/, dotfiles, keys and the rest of the project denied) and, in front of it,
 * by `devRequestsOnly` below: only the URLs a browser of the app asks Vite for reach it at all; everything else goes
 * on to the app (its pages, or its not-found page). ADR 035.
 */
import { readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ViteDevServer } from "vite";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Vite's dev server for the app at `root`, in middleware mode (the portal's express server listens); `hmr: false` for tests. */
export async function createViteDevServer(root: string, options: { hmr?: boolean } = {}): Promise<ViteDevServer> {
  const vite = await import("vite");
  return vite.createServer({ root, server: { middlewareMode: true, ...(options.hmr === false ? { hmr: false } : {}) } });
}

/**
 * The URL paths a browser of the app asks Vite's dev server for: Vite's client and its helpers (`/@vite/…`,
 * `/@react-refresh`, `/@id/…` for virtual and bare modules, React Router's `/@react-router/…` (the page's critical CSS), `/@fs/…` checked by `server.fs`), the app's own modules
 * (`/app/…`) and the optimized dependencies (under the cache directory, `/.cache/vite/deps/…`) or a dependency's file
 * (`/node_modules/…`, checked by `server.fs`). `cacheDir` is vite.config.ts's, relative to the root.
 */
export function isDevModuleRequest(pathname: string, cacheDir = ".cache/vite"): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  if (path.includes("\0") || path.split("/").includes("..")) return false;
  const deps = `/${cacheDir.replace(/^\.?\/+|\/+$/g, "")}/deps/`;
  if (path.startsWith(deps)) return !path.slice(deps.length).split("/").some((s) => s.startsWith("."));
  // A dotfile or dot-directory (/.env, /node_modules/.vite/…, /app/.secret) is never one of them.
  if (path.split("/").some((s) => s.startsWith("."))) return false;
  return (
    path === "/@vite/client" ||
    path === "/@vite/env" ||
    path === "/@react-refresh" ||
    path.startsWith("/@react-router/") ||
    path.startsWith("/@id/") ||
    path.startsWith("/@fs/") ||
    path.startsWith("/app/") ||
    path.startsWith("/node_modules/")
  );
}

/**
 * Whether `pathname` names something of the project rather than a page: a dotfile or dot-directory anywhere in it,
 * or a first segment that is one of the project root's entries (`rootEntries`, e.g. data, package.json, scripts)
 * other than app/ (whose modules Vite serves under its rules) and build/ (the built assets, served before).
 */
export function namesProjectFile(pathname: string, rootEntries: ReadonlySet<string>): boolean {
  let segments: string[];
  try {
    segments = decodeURIComponent(pathname).split("/").filter(Boolean);
  } catch {
    return false;
  }
  if (segments.some((s) => s.startsWith("."))) return true;
  const first = segments[0];
  return first !== undefined && first !== "app" && first !== "build" && rootEntries.has(first);
}

/**
 * Development only, in front of Vite's middleware: a request for one of Vite's URLs (`isDevModuleRequest`) goes to
 * Vite; a request that names the project's own files (`namesProjectFile`: /data/identity.json, /package.json, /.env,
 * /reference-api/…) answers 404 at once — even where no such file exists, so nothing tells what the project holds —
 * and every other request goes on to the app (its pages, the not-found page).
 */
export function devRequestsOnly(vite: Middleware, root: string): Middleware {
  const rootEntries = new Set(readdirSync(root));
  return (req, res, next) => {
    const pathname = (req.url ?? "/").split("?")[0]!;
    if (isDevModuleRequest(pathname)) return vite(req, res, next);
    if (namesProjectFile(pathname, rootEntries)) {
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.end("Not found");
      return;
    }
    next();
  };
}
