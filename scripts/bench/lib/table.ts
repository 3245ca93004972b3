/** Markdown tables for benchmark output, and the machine they ran on. */
import { cpus, loadavg, platform, arch } from "node:os";

export type Cell = string | number | null | undefined;

/** A number with `digits` decimals; "-" for null, undefined and NaN. */
export function fmt(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
}

/**
 * A GitHub-flavoured markdown table, columns padded to line up in a terminal. The first column is
 * left-aligned and the others right-aligned unless `align` says otherwise ("l" / "r" per column).
 */
export function markdownTable(header: readonly string[], rows: readonly (readonly Cell[])[], align?: readonly ("l" | "r")[]): string {
  const text = rows.map((r) => header.map((_, i) => cellText(r[i])));
  const sides = header.map((_, i) => align?.[i] ?? (i === 0 ? "l" : "r"));
  const widths = header.map((h, i) => Math.max(h.length, 3, ...text.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((v, i) => (sides[i] === "l" ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (sides[i] === "l" ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...text.map(line)].join("\n");
}

function cellText(c: Cell): string {
  if (c === null || c === undefined) return "-";
  return typeof c === "number" ? (Number.isNaN(c) ? "-" : String(c)) : c.replace(/\|/g, "\\|");
}

/** One line describing where the numbers come from: cores, CPU model, load, Node version. */
export function machineLine(): string {
  const cores = cpus();
  const load = loadavg().map((l) => l.toFixed(2)).join(" ");
  return `machine: ${cores.length} cores (${cores[0]?.model.trim() ?? "unknown CPU"}), ${platform()} ${arch()}, load average ${load}, Node ${process.version}`;
}

/** The load table: one row per target with its result (runner.ts runTargets). */
export function loadTable(rows: readonly { label: string; result: { concurrency: number; requests: number; rps: number; p50: number | null; p95: number | null; p99: number | null; errors: number } }[]): string {
  return markdownTable(
    ["target", "conc.", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors"],
    rows.map(({ label, result: r }) => [label, r.concurrency, r.requests, fmt(r.rps, 0), fmt(r.p50), fmt(r.p95), fmt(r.p99), r.errors]),
  );
}
