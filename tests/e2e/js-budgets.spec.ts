/**
 * JavaScript before interaction per route against budgets/route-js.json (ADR 038), on the build this run made: the
 * check of scripts/bundle/js-budgets.ts, here so that `npm test` fails when a route grows past its budget. Reads
 * files only (no page): the js project runs it, once.
 */
import { test, expect } from "./fixtures.js";
import { checkJsBudgets, formatFigures } from "../../scripts/bundle/js-budgets.js";

test("@js-only every route's JavaScript before interaction is within its budget (budgets/route-js.json)", async ({}, testInfo) => {
  const { figures, over } = checkJsBudgets();
  await testInfo.attach("route-js", { body: formatFigures(figures), contentType: "text/plain" });
  expect(figures.length, "routes in the build").toBeGreaterThan(50);
  expect(over, `routes over their JavaScript budget (gzip KB before interaction; budgets/route-js.json says how to change a budget):\n${formatFigures(over)}`).toEqual([]);
});
