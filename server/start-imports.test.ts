/**
 * What the server loads at start (README, "What the server loads at start"; issue 33): the packages that only a PDF,
 * a chart, an image, a QR code, a sign-in or the metrics endpoint need are imported on first use (`await import()`),
 * so no module the server or the app's build loads at start imports them statically. Read from the sources' static
 * imports (the server's entry, the app's root, entry and routes; `.client` modules are not in the server's build),
 * which is what both bundlers keep as top-level imports; `import type` is erased.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importClosure } from "../scripts/bench/lib/route-js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Loaded on first use only. */
const LAZY = [/^echarts(\/|$)/, /^zrender(\/|$)/, /^pdfkit(\/|$)/, /^svg-to-pdfkit$/, /^fontkit$/, /^sharp$/, /^qrcode$/, /^@aws-sdk\//, /^prom-client$/];

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^"';]*?)\s+from\s+)?["']([^"']+)["']/gm;

/** The static, runtime imports of a module's source: specifiers of `import … from`, `export … from`, `import "…"`. */
function runtimeImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const [, typeOnly, clause, specifier] = m;
    if (typeOnly) continue;
    // `import { type A, type B } from` is erased too (verbatimModuleSyntax is off).
    const names = /^\{([\s\S]*)\}$/.exec(clause?.trim() ?? "")?.[1];
    if (names !== undefined && names.trim() && names.split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    out.push(specifier!);
  }
  return out;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
  return [`${base}.ts`, `${base}.tsx`, base, join(base, "index.ts")].find((p) => existsSync(p) && !p.endsWith("/") && /\.tsx?$/.test(p));
}

/** Every package a module reachable from the entries imports statically, each with a module that imports it. */
function staticPackages(entries: string[]): Map<string, string> {
  const sources = new Map<string, string>();
  const importsIn = (file: string) => {
    if (!sources.has(file)) sources.set(file, readFileSync(file, "utf8"));
    return runtimeImports(sources.get(file)!);
  };
  // `.client` modules are not in the server's build: the walk does not enter them.
  const files = importClosure(entries, (file) =>
    /\.client\.tsx?$/.test(file) ? [] : importsIn(file).flatMap((specifier) => (specifier.startsWith(".") ? (resolveLocal(file, specifier) ?? []) : [])),
  );
  const packages = new Map<string, string>();
  for (const file of files.filter((f) => !/\.client\.tsx?$/.test(f))) {
    for (const specifier of importsIn(file)) if (!specifier.startsWith(".") && !packages.has(specifier)) packages.set(specifier, relative(root, file));
  }
  return packages;
}

describe("the server's start", () => {
  it("imports no PDF, chart, image, QR code, identity-SDK or metrics package statically", () => {
    const routes = readdirSync(join(root, "app", "routes")).map((f) => join(root, "app", "routes", f));
    const entries = [join(root, "server", "index.ts"), join(root, "server", "app.ts"), join(root, "app", "root.tsx"), join(root, "app", "entry.server.tsx"), ...routes];
    const packages = staticPackages(entries);
    expect(packages.has("react-router"), "the walk reads the sources").toBe(true);
    const eager = [...packages].filter(([name]) => LAZY.some((p) => p.test(name))).map(([name, file]) => `${file} → ${name}`);
    expect(eager).toEqual([]);
  });
});
