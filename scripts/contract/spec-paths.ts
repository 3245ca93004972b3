/**
 * Compares the contract's paths with the specification's call catalogue (scripts/contract/spec-calls.ts):
 * every call the spec writes must be in the contract with the same method and the same path, character for
 * character — slashes (the trailing one too) and literal segments; only path-parameter names may differ, and a
 * literal segment of the spec may stand where the contract has a parameter (`pose-log` for `{artifact}`).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { SPEC_CALLS, type SpecCall } from "./spec-calls.js";

export interface ContractOperation {
  method: string;
  path: string;
}

const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Whether the spec's path (without a leading slash or with one) is the contract's path. */
export function samePath(specPath: string, contractPath: string): boolean {
  const spec = (specPath.startsWith("/") ? specPath : `/${specPath}`).split("/");
  const contract = contractPath.split("/");
  if (spec.length !== contract.length) return false;
  return spec.every((s, i) => {
    const c = contract[i]!;
    if (isParam(c)) return s !== "" && (isParam(s) || !s.includes("{"));
    return s === c;
  });
}

/** Problems: calls of the spec the contract lacks (with the nearest contract path when only a slash differs). */
export function compareWithSpec(operations: readonly ContractOperation[], calls: readonly SpecCall[] = SPEC_CALLS): string[] {
  const problems: string[] = [];
  for (const call of calls) {
    for (const path of call.expand ?? [call.path]) {
      if (operations.some((o) => o.method === call.method && samePath(path, o.path))) continue;
      const near = operations.find((o) => o.method === call.method && (samePath(`${path}/`, o.path) || samePath(path.replace(/\/$/, ""), o.path)));
      problems.push(`${call.method} ${path} (spec ${call.doc}) is not in the contract${near ? ` — the contract writes ${near.path}` : ""}`);
    }
  }
  return problems;
}

/** The operations of a bundled OpenAPI document. */
export function operationsOf(bundle: { paths: Record<string, Record<string, unknown>> }): ContractOperation[] {
  const methods = new Set(["get", "post", "put", "patch", "delete"]);
  return Object.entries(bundle.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => methods.has(m)).map((m) => ({ method: m.toUpperCase(), path })));
}

/**
 * When the specification's documents are at hand: every catalogue entry's path (and `alsoWritten` path) is
 * written so in the document it names — the catalogue cannot drift from the spec. Answers null without the spec.
 */
export function catalogueAgainstSpec(specDir: string, calls: readonly SpecCall[] = SPEC_CALLS): string[] | null {
  if (!existsSync(specDir)) return null;
  const docs = new Map(readdirSync(specDir).filter((f) => /^\d{3}_.*\.txt$/.test(f)).map((f) => [f.slice(0, 3), readFileSync(join(specDir, f), "utf8")]));
  if (docs.size === 0) return null;
  const problems: string[] = [];
  const written = (doc: string, method: string, path: string) => {
    const text = docs.get(doc) ?? "";
    // The path as a whole word: followed by a space, `?`, `;`, `|`, `)`, `.` or the end of the line.
    const re = new RegExp(`(^|[\\s,])${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[\\s?;|).,]|$)`, "m");
    if (!re.test(text)) problems.push(`${method} ${path} is not written so in spec ${doc}`);
  };
  for (const c of calls) {
    written(c.doc, c.method, c.path);
    if (c.alsoWritten) written(c.alsoWritten.doc, c.method, c.alsoWritten.path);
  }
  return problems;
}
