/** Summary statistics of benchmark samples (milliseconds). Pure. */

/** The p-th percentile (0 < p ≤ 100) of ascending `sorted` values by the nearest-rank method; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The median (the mean of the two middle values for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface LatencySummary {
  requests: number;
  errors: number;
  /** Completed requests per second of wall time. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Latency percentiles and throughput of `latencies` (ms) completed in `elapsedSeconds`. */
export function summarize(latencies: readonly number[], elapsedSeconds: number, errors = 0): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    errors,
    rps: elapsedSeconds > 0 ? sorted.length / elapsedSeconds : NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}
