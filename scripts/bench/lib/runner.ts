/**
 * A closed-loop load runner: `concurrency` workers each send the next request as soon as the last one ends.
 * After `warmupSeconds` (not counted), the requests that complete within the next `seconds` are measured —
 * latency of each, throughput = their count / `seconds`; requests still in flight at the end are awaited
 * and dropped (as wrk does).
 */
import { summarize, type LatencySummary } from "./stats.js";

export interface LoadOptions {
  concurrency: number;
  seconds: number;
  warmupSeconds?: number;
  /** One request; resolves true when it succeeded. A rejection counts as an error. */
  task: () => Promise<boolean>;
  /** A CPU clock (ms) of the process that serves the requests, sampled when the measured window opens and closes. */
  cpuMs?: () => number;
}

export interface LoadResult extends LatencySummary {
  concurrency: number;
  seconds: number;
  /** With `cpuMs`: the serving process's CPU milliseconds in the measured window per request completed in it. */
  cpuMsPerRequest?: number;
}

export async function runClosedLoop({ concurrency, seconds, warmupSeconds = 0, task, cpuMs }: LoadOptions): Promise<LoadResult> {
  const from = performance.now() + warmupSeconds * 1000;
  const to = from + seconds * 1000;
  const latencies: number[] = [];
  // The window's CPU, sampled on timers at its edges (requests in flight there are split between windows, as their count is).
  const cpu: { from?: number; to?: number } = {};
  const timers = cpuMs ? [setTimeout(() => (cpu.from = cpuMs()), warmupSeconds * 1000), setTimeout(() => (cpu.to = cpuMs()), (warmupSeconds + seconds) * 1000)] : [];
  let errors = 0;
  const worker = async () => {
    while (performance.now() < to) {
      const start = performance.now();
      const ok = await task().catch(() => false);
      const done = performance.now();
      if (done < from || done > to) continue;
      latencies.push(done - start);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  timers.forEach(clearTimeout);
  const cpuMsPerRequest = cpu.from !== undefined && cpu.to !== undefined && latencies.length > 0 ? (cpu.to - cpu.from) / latencies.length : undefined;
  return { concurrency, seconds, ...summarize(latencies, seconds, errors), ...(cpuMsPerRequest !== undefined ? { cpuMsPerRequest } : {}) };
}

export interface LoadTarget {
  label: string;
  /** One request; true when it was answered as expected (200). */
  task: () => Promise<boolean>;
  /** The serving process's CPU clock (ms), when its CPU per request is to be measured. */
  cpuMs?: () => number;
}

/**
 * Each target in turn: one checked request (an error when it fails), then a closed loop at `concurrency`.
 * Returns the results in the targets' order.
 */
export async function runTargets(
  targets: readonly LoadTarget[],
  opts: { concurrency: number; warmupSeconds: number; seconds: number; log?: (m: string) => void },
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const t of targets) {
    if (!(await t.task())) throw new Error(`${t.label} did not answer 200`);
    opts.log?.(`${t.label}: ${opts.warmupSeconds} + ${opts.seconds} s at concurrency ${opts.concurrency}`);
    results.push(await runClosedLoop({ concurrency: opts.concurrency, warmupSeconds: opts.warmupSeconds, seconds: opts.seconds, task: t.task, cpuMs: t.cpuMs }));
  }
  return results;
}
