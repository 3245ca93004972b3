/**
 * How the browser build is cut into files (vite.config.ts, ADR 038): Rolldown's code splitting groups.
 *
 * - `framework`: React, React DOM, React Router and their helpers — the same on every page, changed only by an upgrade.
 * - `shell`: every module the root route (app/root.tsx), the signed-in layout (app/routes/_app.tsx) or the browser
 *   entry import statically, directly or not, that is not framework: what every signed-in page runs anyway.
 * - the rest follows Rolldown's automatic splitting: a route's module with what only it imports, and a common chunk for
 *   what several routes share.
 *
 * Modules a page imports with `import()` (lazy dialogs, the chart island) stay out of both groups: they load on use.
 */
import { resolve } from "node:path";
import type { CodeSplittingOptions } from "rolldown";

type ChunkingContext = Parameters<Extract<NonNullable<CodeSplittingOptions["groups"]>[number]["name"], (...a: never[]) => unknown>>[1];

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;
/** The shell's roots: the browser entry, the root route and the signed-in layout (module ids are absolute paths). */
const SHELL_ROOTS = ["app/entry.client.tsx", "app/root.tsx", "app/routes/_app.tsx"].map((f) => resolve(import.meta.dirname, "../..", f));
/** React Router's client route modules (entries of the build: each stays its route's own file). */
const ROUTE_MODULE = /\?__react-router-build-client-route/;

/** The modules statically reachable from the shell's roots, once per chunking pass (the context object is reused). */
const reachable = new WeakMap<object, Set<string>>();
function shellModules(ctx: ChunkingContext): Set<string> {
  let set = reachable.get(ctx);
  if (set) return set;
  set = new Set();
  const queue = [...SHELL_ROOTS];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (set.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    set.add(id);
    queue.push(...info.importedIds);
  }
  if (set.size === 0) throw new Error(`chunk groups: none of the shell's roots is in the build (${SHELL_ROOTS.join(", ")})`);
  reachable.set(ctx, set);
  return set;
}

export const chunkGroups: CodeSplittingOptions = {
  groups: [
    { name: "framework", test: FRAMEWORK, priority: 20 },
    {
      name: (id, ctx) => (!ROUTE_MODULE.test(id) && !FRAMEWORK.test(id) && shellModules(ctx).has(id) ? "shell" : null),
      debugName: "shell",
      priority: 10,
    },
  ],
};
