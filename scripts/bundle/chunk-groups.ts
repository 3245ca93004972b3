/**
 * How the browser build is cut into files (vite.config.ts, ADR 038): Rolldown's code splitting groups.
 *
 * - `framework`: React, React DOM, React Router and their helpers — the same on every page, changed only by an upgrade.
 * - `document`: every module the browser entry or the root route (app/root.tsx) imports statically, directly or not,
 *   that is not framework (Rolldown puts it in the entry's own file): what every page runs.
 * - `shell`: the same for the signed-in layout (app/routes/_app.tsx), with the layout's route module itself: what every
 *   signed-in page runs, and the sign-in pages do not load. The route module in the group makes the shell the layout's
 *   own file; apart, the layout's file only re-exported the shell's (one request more on every signed-in page: on a
 *   slow link each request costs at least one packet time of the link's, ~30 ms at 400 kbps, however small).
 * - the rest follows Rolldown's automatic splitting: a route's module with what only it imports, and a common chunk for
 *   what several routes share.
 *
 * Modules a page imports with `import()` (lazy dialogs, the chart island) stay out of both groups: they load on use.
 */
import { resolve } from "node:path";
import type { CodeSplittingOptions } from "rolldown";

type ChunkingContext = Parameters<Extract<NonNullable<CodeSplittingOptions["groups"]>[number]["name"], (...a: never[]) => unknown>>[1];

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const fromProject = (f: string) => resolve(import.meta.dirname, "../..", f);
/** The document's roots: the browser entry and the root route (module ids are absolute paths). */
const DOCUMENT_ROOTS = ["app/entry.client.tsx", "app/root.tsx"].map(fromProject);
/** The signed-in layout's root. */
const LAYOUT_ROOTS = ["app/routes/_app.tsx"].map(fromProject);
/** React Router's client route modules (entries of the build: each stays its route's own file). */
const ROUTE_MODULE = /\?__react-router-build-client-route/;
/** The signed-in layout's route module: in the shell's group, so the shell is its file (no file re-exporting it). */
const LAYOUT_ROUTE = `${LAYOUT_ROOTS[0]!}?__react-router-build-client-route`;

/** The modules statically reachable from `roots`, once per chunking pass (the context object is reused). */
const reachable = new WeakMap<object, Map<string[], Set<string>>>();
function reachableFrom(ctx: ChunkingContext, roots: string[]): Set<string> {
  let byRoots = reachable.get(ctx);
  if (!byRoots) reachable.set(ctx, (byRoots = new Map()));
  let set = byRoots.get(roots);
  if (set) return set;
  set = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (set.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    set.add(id);
    queue.push(...info.importedIds);
  }
  if (set.size === 0) throw new Error(`chunk groups: none of ${roots.join(", ")} is in the build`);
  byRoots.set(roots, set);
  return set;
}

export const chunkGroups: CodeSplittingOptions = {
  groups: [
    { name: "framework", test: FRAMEWORK, priority: 20 },
    {
      // Every page: the browser entry and the document (merged into the entry's file).
      name: (id, ctx) => (!ROUTE_MODULE.test(id) && !FRAMEWORK.test(id) && reachableFrom(ctx, DOCUMENT_ROOTS).has(id) ? "document" : null),
      debugName: "document",
      priority: 15,
    },
    {
      // Every signed-in page: the shell's sidebar, header, filter controls (not the sign-in pages).
      name: (id, ctx) => (id === LAYOUT_ROUTE || (!ROUTE_MODULE.test(id) && !FRAMEWORK.test(id) && reachableFrom(ctx, LAYOUT_ROOTS).has(id)) ? "shell" : null),
      debugName: "shell",
      priority: 10,
    },
  ],
};
