/**
 * JavaScript before interaction per route against budgets/route-js.json (ADR 038), on the build this run made: the
 * check of scripts/bundle/js-budgets.ts, here so that `npm test` fails when a route grows past its budget; and that no
 * route's file is a mere re-export (a request for nothing on a slow link). Reads files only (no page): the js project
 * runs it, once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test, expect } from "./fixtures.js";
import { checkJsBudgets, CLIENT_BUILD_DIR, formatFigures } from "../../scripts/bundle/js-budgets.js";
import { readClientBuild } from "../../scripts/bench/lib/route-js.js";

test("@js-only every route's JavaScript before interaction is within its budget (budgets/route-js.json)", async ({}, testInfo) => {
  const { figures, over } = checkJsBudgets();
  await testInfo.attach("route-js", { body: formatFigures(figures), contentType: "text/plain" });
  expect(figures.length, "routes in the build").toBeGreaterThan(50);
  expect(over, `routes over their JavaScript budget (gzip KB before interaction; budgets/route-js.json says how to change a budget):\n${formatFigures(over)}`).toEqual([]);
});

test("@js-only no route's file only re-exports another file's code (but the root's: the browser entry holds it), so a page fetches no file for nothing", () => {
  const { manifest } = readClientBuild(CLIENT_BUILD_DIR);
  const reExportOnly = /^export\s*\{[^}]*\}\s*from\s*"[^"]+";?\s*$/;
  const facades = Object.values(manifest.routes)
    .filter((r) => r.id !== "root" && reExportOnly.test(readFileSync(join(CLIENT_BUILD_DIR, r.module.replace(/^\/build\//, "")), "utf8")))
    .map((r) => `${r.id}: ${r.module}`);
  expect(facades, "route files that only re-export (scripts/bundle/chunk-groups.ts: put the route module in its code's group)").toEqual([]);
  // The check itself: the root's file is such a file.
  expect(readFileSync(join(CLIENT_BUILD_DIR, manifest.routes.root!.module.replace(/^\/build\//, "")), "utf8")).toMatch(reExportOnly);
});
