/**
 * The route pattern of a request (`/patients/:patientRecordId/:patientProduct/:patientSection`), for metrics
 * labels: never the path itself, which carries record ids, nor the query, which carries search terms (names).
 * Matched against the app's own route manifest with React Router's matcher, as the request handler will.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Manifest = ServerBuild["routes"];

/** The manifest as a tree of route objects (ids kept) for `matchRoutes`. */
export function routeTree(manifest: Manifest): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push(route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive });
    byParent.set(route.parentId, list);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((r) => {
      const children = byParent.get(r.id);
      return r.index || !children ? r : { ...r, children: attach(children) };
    });
  return attach(byParent.get(undefined) ?? []);
}

/**
 * The pattern of `pathname` (`undefined` when no route matches). A single-fetch data request (`/x.data`, `/_.data`
 * for `/`, `/x/_.data` for `/x/`) gets its page's pattern with ` [data]`.
 */
export function routePattern(tree: RouteObject[], pathname: string): string | undefined {
  let path = pathname;
  let data = false;
  if (path.endsWith("/_.data")) {
    path = path.slice(0, -"_.data".length);
    data = true;
  } else if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    data = true;
  }
  let matches;
  try {
    matches = matchRoutes(tree, path);
  } catch {
    return undefined;
  }
  if (!matches || matches.length === 0) return undefined;
  const segments = matches.map((m) => m.route.path ?? "").filter((p) => p !== "");
  let pattern = `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
  if (path.endsWith("/") && !pattern.endsWith("/") && !pattern.endsWith("*")) pattern += "/";
  return data ? `${pattern} [data]` : pattern;
}

/** A UUID path segment (a record's id), up to the segment's end or a data request's `.data`. */
const UUID_SEGMENT = /(?<=\/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|\.data$|$)/gi;

/**
 * `routePattern` for every request, remembered: React Router's `matchRoutes` flattens and ranks the whole route tree
 * on every call (~1.6 ms of CPU per request here, ~6 % of a list page's), so the pattern of a path is kept, keyed by
 * the path with its UUID segments (record ids) set to one placeholder — a UUID only ever matches a dynamic segment, so
 * the placeholder matches the same routes — and at most `maxPaths` paths are kept (the oldest goes first).
 */
export function routePatterns(tree: RouteObject[], maxPaths = 1000): (pathname: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (pathname) => {
    const key = pathname.replace(UUID_SEGMENT, ":uuid");
    if (known.has(key)) return known.get(key);
    const pattern = routePattern(tree, key);
    if (known.size >= maxPaths) known.delete(known.keys().next().value!);
    known.set(key, pattern);
    return pattern;
  };
}
