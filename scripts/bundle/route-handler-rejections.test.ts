import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { awaitRouteHandler } from "./route-handler-rejections.js";

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve("react-router/package.json"));
const routesJs = (build: "production" | "development") => readFileSync(join(packageDir, "dist", build, "lib", "dom", "ssr", "routes.js"), "utf8");

/** React Router's `prefetchStylesAndCallHandler` as the module has it (the function, with its closing brace). */
function extractFunction(code: string): string {
  const start = code.indexOf("async function prefetchStylesAndCallHandler(handler) {");
  expect(start).toBeGreaterThanOrEqual(0);
  const end = code.indexOf("\n\t\t}\n", start);
  return code.slice(start, end + 4);
}

/**
 * Runs the function in a Node process of its own (vitest reports unhandled rejections itself): a handler that
 * rejects with a redirect `Response` while the stylesheet prefetch (50 ms) is still pending. What the process saw:
 * unhandled rejections, and what the function's promise settled with.
 */
function runWithSlowStylesheet(fn: string): { unhandled: string[]; rejectedWithRedirect: boolean } {
  const script = `
    const unhandled = [];
    process.on("unhandledRejection", (reason) => unhandled.push(reason?.constructor?.name ?? String(reason)));
    const route = { id: "root" };
    const routeModulesCache = { root: {} };
    const prefetchStyleLinks = () => new Promise((resolve) => setTimeout(resolve, 50));
    ${fn}
    const redirect = new Response(null, { status: 302, headers: { Location: "/home/" } });
    prefetchStylesAndCallHandler(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw redirect;
    }).catch((e) => setTimeout(() => console.log(JSON.stringify({ unhandled, rejectedWithRedirect: e === redirect })), 10));
  `;
  return JSON.parse(execFileSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], { encoding: "utf8" })) as { unhandled: string[]; rejectedWithRedirect: boolean };
}

describe("React Router's route handlers awaited before the stylesheet prefetch (scripts/bundle/route-handler-rejections.ts)", () => {
  it("the installed React Router leaves a redirect's rejection unhandled while a stylesheet preloads (what the fix is for)", () => {
    expect(runWithSlowStylesheet(extractFunction(routesJs("production")))).toEqual({ unhandled: ["Response"], rejectedWithRedirect: true });
  });

  it("fixed: no unhandled rejection, and the function still rejects with the redirect after the stylesheets", () => {
    for (const build of ["production", "development"] as const) {
      expect(runWithSlowStylesheet(extractFunction(awaitRouteHandler(routesJs(build))))).toEqual({ unhandled: [], rejectedWithRedirect: true });
    }
  });

  it("fails the build when React Router's code is not the one it fixes", () => {
    expect(() => awaitRouteHandler("export {};", "routes.js")).toThrow(/routes\.js: React Router's prefetchStylesAndCallHandler is not the code/);
  });
});
