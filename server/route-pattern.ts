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
