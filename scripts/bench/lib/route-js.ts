/**
 * The JavaScript each route loads before the page is interactive, from the React Router build: the browser entry,
 * the module of every route from the root down to this one, the chunks the manifest lists for them, and
 * everything those files import statically (dynamic `import()` — e.g. a lazily loaded chart — is left out:
 * it loads after hydration). Deduplicated; sizes gzip-compressed as the portal serves them.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

/** The part of React Router's browser manifest (`window.__reactRouterManifest`) read here. */
export interface RouterManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The routes from the root down to `routeId`. */
export function routeChain(manifest: RouterManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    chain.unshift(route);
  }
  return chain;
}

/** The URL pattern of a route ("/home", "/user/account/:accountPath"). */
export function routeUrl(manifest: RouterManifest, routeId: string): string {
  const segments = routeChain(manifest, routeId)
    .map((r) => (r.path ?? "").replace(/^\/+|\/+$/g, ""))
    .filter(Boolean);
  return `/${segments.join("/")}`;
}

/** The module URLs a file imports statically (`import … from "…"`, `import "…"`), resolved against its own URL. */
export function staticImports(source: string, fileUrl: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g)) {
    found.add(new URL(m[1]!, `http://build.invalid${fileUrl}`).pathname);
  }
  return [...found];
}

/** `seeds` and every file they import, directly or not (first seen first), given each file's static imports. */
export function importClosure(seeds: readonly string[], importsOf: (url: string) => readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...seeds];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...importsOf(url));
  }
  return [...seen];
}

/** Every script URL the route loads before interaction (first seen first), given each file's static imports. */
export function routeScripts(manifest: RouterManifest, routeId: string, importsOf: (url: string) => readonly string[]): string[] {
  const seeds = [manifest.entry.module, ...manifest.entry.imports];
  for (const r of routeChain(manifest, routeId)) seeds.push(r.module, ...(r.imports ?? []));
  return importClosure(seeds, importsOf);
}

/**
 * The scripts a server-rendered document loads under `publicPath`: its module preloads and the modules its
 * inline scripts import. (URLs that only appear in the inlined route manifest are not loaded.)
 */
export function documentScripts(html: string, publicPath = "/build/"): string[] {
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
  const imports = [...html.matchAll(/\bimport\s*(?:\(\s*|[\w$*{},\s]+?\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
  return [...new Set([...preloads, ...imports])].filter((u) => u.startsWith(publicPath));
}

/**
 * What a browser loaded (`loaded`, script URLs in order) against what the route loads before interaction
 * (`before`): the files it loaded beyond those (lazy chunks, imported after hydration) and those of `before`
 * it did not load (none when the computed set is right). Both deduplicated, in their lists' order.
 */
export function compareLoaded(loaded: readonly string[], before: readonly string[]): { lazy: string[]; notLoaded: string[] } {
  const loadedSet = new Set(loaded);
  const beforeSet = new Set(before);
  return { lazy: [...new Set(loaded)].filter((u) => !beforeSet.has(u)), notLoaded: [...new Set(before)].filter((u) => !loadedSet.has(u)) };
}

/** Sums the sizes of `scripts` (`size` per URL). */
export function totalSize(scripts: readonly string[], size: (url: string) => { raw: number; gzip: number }) {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of scripts) {
    const s = size(url);
    rawBytes += s.raw;
    gzipBytes += s.gzip;
  }
  return { rawBytes, gzipBytes };
}

export interface RouteJs {
  routeId: string;
  url: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface ClientBuild {
  manifest: RouterManifest;
  /** A file's static imports. */
  importsOf(url: string): string[];
  /** Raw and gzip size of one file (zlib's default level, as the portal's compression middleware). */
  size(url: string): { raw: number; gzip: number };
  /** Every route with the JavaScript it loads before interaction. */
  routes(): RouteJs[];
}

/** Reads a React Router client build's assets (`clientDir` = build/client/build, served at `publicPath`). */
export function readClientBuild(clientDir: string, publicPath = "/build/"): ClientBuild {
  const manifestFile = readdirSync(clientDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`no manifest-*.js in ${clientDir}: run \`npm run build\``);
  const manifest = parseManifest(readFileSync(join(clientDir, manifestFile), "utf8"));
  const files = new Map<string, Buffer>();
  const file = (url: string) => {
    let b = files.get(url);
    if (!b) {
      if (!url.startsWith(publicPath)) throw new Error(`${url} is not under ${publicPath}`);
      b = readFileSync(join(clientDir, url.slice(publicPath.length)));
      files.set(url, b);
    }
    return b;
  };
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (url: string) => {
    let s = sizes.get(url);
    if (!s) {
      s = { raw: file(url).length, gzip: gzipSync(file(url)).length };
      sizes.set(url, s);
    }
    return s;
  };
  const importsOf = (url: string) => staticImports(file(url).toString("utf8"), url);
  return {
    manifest,
    importsOf,
    size,
    routes: () =>
      Object.keys(manifest.routes).map((routeId) => {
        const scripts = routeScripts(manifest, routeId, importsOf);
        return { routeId, url: routeUrl(manifest, routeId), files: scripts.length, ...totalSize(scripts, size) };
      }),
  };
}

/** The manifest out of `window.__reactRouterManifest={…};`. */
export function parseManifest(source: string): RouterManifest {
  const start = source.indexOf("{");
  const end = source.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("not a React Router manifest");
  return JSON.parse(source.slice(start, end + 1)) as RouterManifest;
}
