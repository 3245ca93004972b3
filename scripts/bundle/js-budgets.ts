/**
 * JavaScript before interaction per route, against budgets/route-js.json (ADR 038): for every route of the client
 * build's manifest, the gzip size (zlib's default level) of the browser entry, the route modules from the root down and
 * everything they import statically (scripts/bench/lib/route-js.ts: what the document's module preloads and inline
 * import load; `import()`ed chunks load after hydration and are not counted). A route over its budget fails.
 *
 *   npm run build && npm run check:js-budgets
 *
 * The E2E lane runs the same check on the build it made (tests/e2e/js-budgets.spec.ts), so `npm test` fails on it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readClientBuild } from "../bench/lib/route-js.js";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BUDGET_FILE = join(PROJECT_ROOT, "budgets", "route-js.json");
export const CLIENT_BUILD_DIR = join(PROJECT_ROOT, "build", "client", "build");

export interface RouteBudget {
  /** A route id, or a prefix of route ids ending in "*". */
  route: string;
  kb: number;
  why: string;
}

/** A route over its target when the budgets were set: held to its measured figure until it shrinks. */
export interface RouteException extends RouteBudget {
  target: number;
}

export interface BudgetFile {
  defaultKb: number;
  routes: RouteBudget[];
  exceptions?: RouteException[];
}

export interface RouteFigure {
  routeId: string;
  url: string;
  files: number;
  kb: number;
  budgetKb: number;
  /** Which entry of the file set the budget ("default" when none). */
  budgetFrom: string;
  /** The route's target when it is held to a recorded exception (above the target). */
  targetKb?: number;
}

/**
 * The budget of one route: its recorded exception (with the target it is over), else the entry that names it exactly,
 * else the longest matching prefix, else the default.
 */
export function budgetOf(file: BudgetFile, routeId: string): { kb: number; from: string; target?: number } {
  const exception = file.exceptions?.find((r) => r.route === routeId);
  if (exception) return { kb: exception.kb, from: "exception", target: exception.target };
  const exact = file.routes.find((r) => r.route === routeId);
  if (exact) return { kb: exact.kb, from: exact.route };
  const prefixes = file.routes.filter((r) => r.route.endsWith("*") && routeId.startsWith(r.route.slice(0, -1))).sort((a, b) => b.route.length - a.route.length);
  return prefixes[0] ? { kb: prefixes[0].kb, from: prefixes[0].route } : { kb: file.defaultKb, from: "default" };
}

export function readBudgets(path = BUDGET_FILE): BudgetFile {
  const file = JSON.parse(readFileSync(path, "utf8")) as BudgetFile & Record<string, unknown>;
  if (typeof file.defaultKb !== "number" || !Array.isArray(file.routes)) throw new Error(`${path}: needs defaultKb and routes`);
  for (const r of [...file.routes, ...(file.exceptions ?? [])]) {
    if (typeof r.route !== "string" || typeof r.kb !== "number" || typeof r.why !== "string" || r.why.trim() === "") {
      throw new Error(`${path}: every route budget needs route, kb and why (${JSON.stringify(r)})`);
    }
  }
  return file;
}

/** Every route of the build with its figure and budget, largest first; and the routes over their budget. */
export function checkJsBudgets(buildDir = CLIENT_BUILD_DIR, budgets = readBudgets()): { figures: RouteFigure[]; over: RouteFigure[] } {
  const build = readClientBuild(buildDir);
  const figures = build
    .routes()
    .map((r) => {
      const budget = budgetOf(budgets, r.routeId);
      const figure: RouteFigure = { routeId: r.routeId, url: r.url, files: r.files, kb: Math.round((r.gzipBytes / 1024) * 10) / 10, budgetKb: budget.kb, budgetFrom: budget.from };
      if (budget.target !== undefined) figure.targetKb = budget.target;
      return figure;
    })
    .sort((a, b) => b.kb - a.kb);
  const unknown = [...budgets.routes, ...(budgets.exceptions ?? [])].filter((b) => !b.route.endsWith("*") && !figures.some((f) => f.routeId === b.route));
  if (unknown.length > 0) throw new Error(`budgets/route-js.json names routes the build does not have: ${unknown.map((b) => b.route).join(", ")}`);
  return { figures, over: figures.filter((f) => f.kb > f.budgetKb) };
}

export function formatFigures(figures: RouteFigure[]): string {
  return figures.map((f) => `${f.kb > f.budgetKb ? "OVER" : "ok  "} ${f.kb.toFixed(1).padStart(6)} KB / ${String(f.budgetKb).padStart(3)} KB  ${String(f.files).padStart(2)} files  ${f.routeId}${f.targetKb !== undefined ? `  (exception: target ${f.targetKb} KB)` : f.budgetFrom === "default" ? "" : `  (budget: ${f.budgetFrom})`}`).join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { figures, over } = checkJsBudgets();
  console.log(formatFigures(figures));
  if (over.length > 0) {
    console.error(`\n${over.length} route(s) over their JavaScript budget (gzip KB before interaction; budgets/route-js.json says how to change a budget):\n${formatFigures(over)}`);
    process.exit(1);
  }
  const held = figures.filter((f) => f.targetKb !== undefined);
  console.log(`\nEvery route within its JavaScript budget (${figures.length} routes; ${held.length} held to a recorded exception above its target).`);
}
