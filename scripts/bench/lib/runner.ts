/** A closed-loop load runner: `concurrency` workers each send the next request as soon as the last one ends. */
import { summarize, type LatencySummary } from "./stats.js";

export interface LoadOptions {
  concurrency: number;
  seconds: number;
  /** One request; resolves true when it succeeded. A rejection counts as an error. */
  task: () => Promise<boolean>;
}

export interface LoadResult extends LatencySummary {
  concurrency: number;
  elapsedSeconds: number;
}

export async function runClosedLoop({ concurrency, seconds, task }: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const ok = await task().catch(() => false);
      latencies.push(performance.now() - start);
      if (!ok) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedSeconds = (performance.now() - started) / 1000;
  return { concurrency, elapsedSeconds, ...summarize(latencies, elapsedSeconds, errors) };
}
