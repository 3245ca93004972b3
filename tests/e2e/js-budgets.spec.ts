/**
 * JavaScript before interaction per route against budgets/route-js.json (ADR 038), on the build this run made: the
 * check of scripts/bundle/js-budgets.ts, here so that `npm test` fails when a route grows past its budget; that no
 * route's file is a mere re-export (a request for nothing on a slow link); that every page starts with two files; that
 * no page loads the dialog's code before one is opened. Reads files only (no page): the js project runs it, once.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test, expect } from "./fixtures.js";
import { checkJsBudgets, CLIENT_BUILD_DIR, formatFigures } from "../../scripts/bundle/js-budgets.js";
import { readClientBuild, routeScripts } from "../../scripts/bench/lib/route-js.js";

test("@js-only every route's JavaScript before interaction is within its budget (budgets/route-js.json)", async ({}, testInfo) => {
  const { figures, over } = checkJsBudgets();
  await testInfo.attach("route-js", { body: formatFigures(figures), contentType: "text/plain" });
  expect(figures.length, "routes in the build").toBeGreaterThan(50);
  expect(over, `routes over their JavaScript budget (gzip KB before interaction; budgets/route-js.json says how to change a budget):\n${formatFigures(over)}`).toEqual([]);
});

test("@js-only no route's file only re-exports another file's code, so a page fetches no file for nothing; the entry's file imports none (the framework and Rolldown's runtime are in it)", () => {
  const { manifest } = readClientBuild(CLIENT_BUILD_DIR);
  const reExportOnly = /^export\s*\{[^}]*\}\s*from\s*"[^"]+";?\s*$/;
  // The check itself: the root's file was such a file (the document's code was in the entry's).
  expect('export{t as ErrorBoundary,a as default}from"./entry.client-TXU8nvuc.js";').toMatch(reExportOnly);
  const facades = Object.values(manifest.routes)
    .filter((r) => reExportOnly.test(readFileSync(join(CLIENT_BUILD_DIR, r.module.replace(/^\/build\//, "")), "utf8")))
    .map((r) => `${r.id}: ${r.module}`);
  expect(facades, "route files that only re-export (scripts/bundle/chunk-groups.ts: put the route module in its code's group)").toEqual([]);
  // Every page's first two files: the entry's (the framework, the runtime's helpers) and the root's (the document).
  expect(manifest.entry.imports, "files the browser entry imports (scripts/bundle/chunk-groups.ts: the framework's group)").toEqual([]);
  expect(manifest.routes.root!.imports, "files the root route's file imports").toEqual([manifest.entry.module]);
});

test("@js-only no route loads the dialog's code before interaction: dialogs load with the first one opened", () => {
  const build = readClientBuild(CLIENT_BUILD_DIR);
  // The dialog's file: the one holding its focus trap's selector (app/components/dialog.tsx), as the minifier left it.
  const selector = /const FOCUSABLE = '([^']+)'/.exec(readFileSync("app/components/dialog.tsx", "utf8"))?.[1];
  expect(selector, "app/components/dialog.tsx's FOCUSABLE selector").toBeTruthy();
  // Each file read once (routes share most of their files).
  const holding = new Map<string, boolean>();
  const holds = (url: string) => {
    if (!holding.has(url)) holding.set(url, readFileSync(join(CLIENT_BUILD_DIR, url.replace(/^\/build\//, "")), "utf8").includes(selector!));
    return holding.get(url)!;
  };
  // The check itself: the dialog is in the build.
  expect(readdirSync(CLIENT_BUILD_DIR).filter((f) => f.endsWith(".js") && holds(`/build/${f}`)).length, "files holding the dialog's code").toBeGreaterThan(0);
  const eager = Object.keys(build.manifest.routes).filter((id) => routeScripts(build.manifest, id, build.importsOf).some(holds));
  expect(eager, "routes whose files before interaction hold the dialog (import it with lazyPart where a dialog is opened; its URLs are app/shell/dialog-url.ts)").toEqual([]);
});
