/**
 * Runs npm scripts side by side and fails when any fails: `tsx scripts/test/parallel.ts test:e2e test:pg`.
 * The first script's output streams live; the others' goes to test-results/<script>.log and is printed when
 * all have ended, so the lanes do not interleave. Each lane's wall time is printed. When the first lane fails, the end
 * of its output (the test runner's failure summary) is printed again last, so a log read from its tail names the
 * failing tests. Used by `npm test` to run the PostgreSQL lane (ADR 016) while the end-to-end tests run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: tsx scripts/test/parallel.ts <npm script> [<npm script> …]");
  process.exit(2);
}
const outDir = join(process.cwd(), "test-results");
mkdirSync(outDir, { recursive: true });
const started = Date.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const children: ChildProcess[] = [];
/** The first lane's last lines, kept to be printed again after the other lanes' logs when it fails. */
const TAIL_LINES = 120;
let firstTail: string[] = [];

const lanes = scripts.map(
  (script, i) =>
    new Promise<{ script: string; code: number; ms: number; log?: string }>((resolve) => {
      const t = Date.now();
      const log = i === 0 ? undefined : join(outDir, `${script.replace(/[^\w.-]+/g, "_")}.log`);
      const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
      children.push(child);
      if (!log) {
        let partial = "";
        const keep = (chunk: Buffer) => {
          const lines = (partial + chunk.toString("utf8")).split("\n");
          partial = lines.pop() ?? "";
          firstTail = firstTail.concat(lines).slice(-TAIL_LINES);
        };
        child.stdout?.on("data", (c: Buffer) => (process.stdout.write(c), keep(c)));
        child.stderr?.on("data", (c: Buffer) => (process.stderr.write(c), keep(c)));
        child.on("exit", () => partial && (firstTail = firstTail.concat(partial).slice(-TAIL_LINES)));
      }
      if (log) {
        const file = createWriteStream(log);
        child.stdout?.pipe(file);
        child.stderr?.pipe(file);
        console.log(`[parallel] ${script} started alongside (output: ${log})`);
      }
      child.on("exit", (code, signal) => {
        const ms = Date.now() - t;
        if (log) console.log(`[parallel] ${script} ended (${secs(ms)}, exit ${code ?? signal})`);
        // The file stream flushes on the next turn.
        setTimeout(() => resolve({ script, code: code ?? 1, ms, log }), 100);
      });
    }),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const c of children) if (c.exitCode === null) c.kill(signal);
  });
}

const results = await Promise.all(lanes);
// Lanes that passed first, failed ones last: CI keeps only the end of the output, so a failing lane's log must be there.
const logged = results.flatMap((r) => (r.log ? [{ ...r, log: r.log }] : [])).sort((a, b) => Number(a.code !== 0) - Number(b.code !== 0));
for (const r of logged) {
  console.log(`\n[parallel] ===== ${r.script} (${secs(r.ms)}, exit ${r.code}) =====`);
  process.stdout.write(readFileSync(r.log, "utf8"));
}
const first = results[0];
if (first && first.code !== 0 && results.length > 1 && firstTail.length > 0) {
  console.log(`\n[parallel] ===== ${first.script} FAILED: the end of its output again =====`);
  console.log(firstTail.join("\n"));
}
console.log(`\n[parallel] ${results.map((r) => `${r.script}: ${r.code === 0 ? "passed" : `FAILED (${r.code})`} in ${secs(r.ms)}`).join("; ")}; wall ${secs(Date.now() - started)}`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
