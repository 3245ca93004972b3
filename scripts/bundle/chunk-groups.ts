/**
 * How the browser build is cut into files (vite.config.ts, ADR 038): Rolldown's code splitting groups.
 *
 * - the browser entry's file (group `framework`): React, React DOM, React Router and their helpers, with the entry's own
 *   modules (app/entry.client.tsx and what it imports: the download clicks, cancelled navigations) — what changes only
 *   with an upgrade or the entry itself. Rolldown's runtime helpers (`__toESM` for React's CommonJS, 0.7 KB) join it:
 *   every chunk that needs them imports this file already. Apart, the framework and the runtime were two more files on
 *   every page, and the entry's file held the document's code (2 requests × ~30 ms on the slow link, ADR 038 tenth pass).
 * - `document`: the root route's module with every module it imports statically, directly or not, that is not the
 *   entry's or the framework's: what every page runs (the root's layout, toasts, error screens, the progress bar). The
 *   route module in the group makes it the root's own file (it was a re-export of the entry's file, and now the entry's
 *   file does not change with the document's code). Nothing in the entry's file imports it: no cycle between the two.
 * - `shell`: the same for the signed-in layout (app/routes/_app.tsx), with the layout's route module itself: what every
 *   signed-in page runs, and the sign-in pages do not load. The route module in the group makes the shell the layout's
 *   own file; apart, the layout's file only re-exported the shell's (one request more on every signed-in page: on a
 *   slow link each request costs at least one packet time of the link's, ~30 ms at 400 kbps, however small). And the
 *   shell's own modules (app/shell/) that screens below the shell's layouts import as they load (whether the user may
 *   change things, the filter's model): files of their own before, loaded by 2 to 22 screens each.
 * - a nested layout's group (a patient's record, a patient's product, the organization's screens, the admin area; the
 *   layouts of React Router's route config, scripts/bundle/route-config.ts): the layout's route module with what its
 *   file imports that no page outside the layout runs. Rolldown does not know that a child route's page always loads
 *   its layout's file, so it gave such a module (the care timer's intents, a product page's data helpers) a chunk of
 *   its own: a patient's section loaded 14 files, now 12, with no byte more.
 * - the rest follows Rolldown's automatic splitting: a route's module with what only it imports, and a common chunk for
 *   what several routes share.
 *
 * Modules a page imports with `import()` (lazy dialogs, the chart island) stay out of the groups: they load on use.
 */
import { resolve } from "node:path";
import type { CodeSplittingOptions } from "rolldown";
import { readRouteConfig, type ConfigRoute } from "./route-config.js";

type ChunkingContext = Parameters<Extract<NonNullable<CodeSplittingOptions["groups"]>[number]["name"], (...a: never[]) => unknown>>[1];

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const fromProject = (f: string) => resolve(import.meta.dirname, "../..", f);
/** The browser entry (module ids are absolute paths). */
const ENTRY_ROOTS = ["app/entry.client.tsx"].map(fromProject);
/** The root route: the document. */
const DOCUMENT_ROOTS = ["app/root.tsx"].map(fromProject);
/** The signed-in layout's root. */
const LAYOUT_ROOTS = ["app/routes/_app.tsx"].map(fromProject);
/** React Router's client route modules (entries of the build: each stays its route's own file). */
const ROUTE_MODULE = /\?__react-router-build-client-route/;
const routeModuleOf = (file: string) => `${file}?__react-router-build-client-route`;
/** The signed-in layout's route module: in the shell's group, so the shell is its file (no file re-exporting it). */
const LAYOUT_ROUTE = routeModuleOf(LAYOUT_ROOTS[0]!);
/** The root route's module: in the document's group, so the document's code is its file. */
const DOCUMENT_ROUTE = routeModuleOf(DOCUMENT_ROOTS[0]!);

/** A layout route below the root other than the signed-in layout: its file, as roots, and the files of its pages. */
interface NestedLayout {
  name: string;
  roots: string[];
  pages: Set<string>;
}

/** The shell's own modules (app/shell/), for the browser. */
const SHELL_DIR = fromProject("app/shell/");
/** The layouts that render the shell (app/shell/shell-route.tsx): every page below them loads the shell's file. */
const SHELL_LAYOUTS = ["app/routes/_app.tsx", "app/routes/admin.tsx"].map(fromProject);

/** React Router's route config as the chunk groups use it (route files are absolute paths). */
interface RouteTree {
  /** Every route's file. */
  files: Set<string>;
  /** The nested layouts, the outermost first. */
  layouts: NestedLayout[];
  /** The files of the routes below the shell's layouts (and theirs). */
  shellPages: Set<string>;
}

let tree: RouteTree | undefined;
function routeTree(): RouteTree {
  if (tree) return tree;
  const fileOf = (r: ConfigRoute) => fromProject(`app/${r.file}`);
  const filesBelow = (r: ConfigRoute): string[] => [fileOf(r), ...(r.children ?? []).flatMap(filesBelow)];
  const files = new Set<string>();
  const shellPages = new Set<string>();
  const found: { depth: number; layout: NestedLayout }[] = [];
  const walk = (routes: ConfigRoute[], depth: number, belowShell: boolean) => {
    for (const r of routes) {
      const file = fileOf(r);
      const shell = belowShell || SHELL_LAYOUTS.includes(file);
      files.add(file);
      if (shell) shellPages.add(file);
      if (r.children?.length && depth > 0 && !LAYOUT_ROOTS.includes(file)) {
        found.push({ depth, layout: { name: r.file.replace(/^routes\//, "").replace(/\.[jt]sx?$/, ""), roots: [file], pages: new Set(filesBelow(r)) } });
      }
      walk(r.children ?? [], depth + 1, shell);
    }
  };
  walk(readRouteConfig(), 0, false);
  return (tree = { files, shellPages, layouts: found.sort((x, y) => x.depth - y.depth).map((f) => f.layout) });
}

/**
 * The route files whose pages run `id` — those that import it, statically or with `import()`, directly or through
 * other modules — and whether some page runs it as it loads (not only after an `import()`). null: something else
 * imports it (the browser entry).
 */
interface PageUse {
  routes: Set<string>;
  /** Some page runs it as it loads (a chain of static imports from a route file). */
  eager: boolean;
}
const pageUseMemo = new WeakMap<object, Map<string, PageUse | null>>();
function pageUse(ctx: ChunkingContext, id: string): PageUse | null {
  let memo = pageUseMemo.get(ctx);
  if (!memo) pageUseMemo.set(ctx, (memo = new Map()));
  if (memo.has(id)) return memo.get(id)!;
  const { files } = routeTree();
  let use: PageUse | null = { routes: new Set(), eager: false };
  // Each module with whether it was reached through static imports only.
  const seen = new Map<string, boolean>();
  const queue: [string, boolean][] = [[id, true]];
  while (queue.length > 0) {
    const [m, statically] = queue.pop()!;
    if (seen.get(m) === true || (seen.has(m) && !statically)) continue;
    seen.set(m, statically);
    if (files.has(m)) {
      use.routes.add(m);
      if (statically) use.eager = true;
      continue;
    }
    const info = ctx.getModuleInfo(m);
    const importers = info?.importers ?? [];
    const dynamicImporters = info?.dynamicImporters ?? [];
    if (importers.length + dynamicImporters.length === 0) {
      use = null;
      break;
    }
    for (const i of importers) queue.push([i, statically]);
    for (const i of dynamicImporters) queue.push([i, false]);
  }
  memo.set(id, use);
  return use;
}

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

/** The nested layout group of `id`, if any (the group's comment, below). */
function layoutGroupOf(id: string, ctx: ChunkingContext): string | null {
  if (FRAMEWORK.test(id)) return null;
  for (const layout of routeTree().layouts) {
    if (id === routeModuleOf(layout.roots[0]!)) return `layout ${layout.name}`;
    if (ROUTE_MODULE.test(id) || !reachableFrom(ctx, layout.roots).has(id)) continue;
    const use = pageUse(ctx, id);
    if (use && [...use.routes].every((r) => layout.pages.has(r))) return `layout ${layout.name}`;
  }
  return null;
}

/**
 * A module of the shell's (app/shell/) that pages below the shell's layouts run as they load, and no other page: the
 * shell's helpers a screen imports itself (whether the user may change things, the filter's model). In the shell's
 * file they cost those pages no request of their own (they were files of 0.2–0.5 KB that 2 to 22 screens loaded).
 * One that pages load only on use (the filter's controls) stays out: it would load before it is needed.
 */
function isShellModule(ctx: ChunkingContext, id: string): boolean {
  // One that only a nested layout's pages run (the admin area's navigation) is that layout's.
  if (!id.startsWith(SHELL_DIR) || /\.server\.[jt]sx?$/.test(id) || layoutGroupOf(id, ctx)) return false;
  const use = pageUse(ctx, id);
  if (!use?.eager) return false;
  const { shellPages } = routeTree();
  return [...use.routes].every((r) => shellPages.has(r));
}

export const chunkGroups: CodeSplittingOptions = {
  groups: [
    {
      // Every page, first: the framework with the browser entry (the entry's own file).
      name: (id, ctx) => (FRAMEWORK.test(id) || (!ROUTE_MODULE.test(id) && reachableFrom(ctx, ENTRY_ROOTS).has(id)) ? "framework" : null),
      debugName: "framework",
      priority: 20,
    },
    {
      // Every page: the document (the root route's own file).
      name: (id, ctx) => (id === DOCUMENT_ROUTE || (!ROUTE_MODULE.test(id) && !FRAMEWORK.test(id) && reachableFrom(ctx, DOCUMENT_ROOTS).has(id)) ? "document" : null),
      debugName: "document",
      priority: 15,
    },
    {
      // Every signed-in page: the shell's sidebar, header, filter controls (not the sign-in pages).
      name: (id, ctx) => (id === LAYOUT_ROUTE || (!ROUTE_MODULE.test(id) && !FRAMEWORK.test(id) && (reachableFrom(ctx, LAYOUT_ROOTS).has(id) || isShellModule(ctx, id))) ? "shell" : null),
      debugName: "shell",
      priority: 10,
    },
    {
      // A nested layout's pages (a patient's record, a patient's product, the organization's screens, the admin area):
      // the layout's route module with what its file imports that only its pages run — every one of them runs it, so
      // it costs them no byte more and no request of its own. Its imports used elsewhere stay where they are (no
      // dependencies pulled along: a module a page outside the layout needs never lands in the layout's file).
      name: layoutGroupOf,
      debugName: "layout",
      priority: 5,
      includeDependenciesRecursively: false,
    },
  ],
};
