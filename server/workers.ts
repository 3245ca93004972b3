/**
 * How many portal processes (server/cluster.ts runs them). A module of its own: server/index.ts decides before it
 * loads the cluster's primary (which imports the sign-in throttle and with it pg) and, in the process that serves,
 * before it starts traces (ADR 030), so that pg is loaded after the instrumentations.
 */
import { availableParallelism } from "node:os";

/**
 * How many processes: WEB_CONCURRENCY (1 = no cluster, the server runs in this process), else one per core in
 * production and 1 otherwise (development). Answers an error message for an invalid value.
 */
export function workerCount(env: Record<string, string | undefined>, cores = availableParallelism()): number | { error: string } {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (raw === undefined || raw === "") return env.NODE_ENV === "production" ? Math.max(1, cores) : 1;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) return { error: `WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${raw}")` };
  return Number(raw);
}
