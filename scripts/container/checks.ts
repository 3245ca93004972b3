/**
 * The checklist the container, deployment and compose verifications print (container:verify, deploy:verify,
 * compose:verify): each check one line, `ok` or `FAIL` with its detail; timed steps; a summary and the exit code.
 */
import { secs } from "./image.js";

export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
}

export function checklist() {
  const results: CheckResult[] = [];
  const timings: [string, number][] = [];
  const started = Date.now();
  /** Prints and keeps one check; answers `ok`. */
  const record = (check: string, ok: boolean, detail = "") => {
    results.push({ check, ok, detail });
    console.log(`${ok ? "ok  " : "FAIL"} ${check}${detail ? ` — ${detail}` : ""}`);
    return ok;
  };
  /** Runs a step and keeps how long it took (for the summary's timings). */
  const timed = async <T>(what: string, fn: () => Promise<T> | T): Promise<T> => {
    const t = Date.now();
    try {
      return await fn();
    } finally {
      timings.push([what, Date.now() - t]);
    }
  };
  /** The summary (timings, counts), then exit 1 if any check failed. */
  const finish = (before: string[] = []): never => {
    const failed = results.filter((r) => !r.ok);
    for (const line of before) console.log(line);
    const timed = timings.length ? `timings: ${timings.map(([w, ms]) => `${w} ${secs(ms)}`).join(", ")}; ` : "";
    console.log(`${timed}total ${secs(Date.now() - started)}`);
    console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
    process.exit(failed.length ? 1 : 0);
  };
  return { results, record, timed, finish };
}
