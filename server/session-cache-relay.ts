/**
 * Run as a cluster (several portal processes), each worker keeps its own session cache (ADR 021). A worker that
 * drops entries after a change sends the drop to the primary; this relays it to the other workers, so that an
 * admin's change is seen at once by every process, not only after the cache's time to live (SESSION_CACHE_SECONDS).
 * The primary calls it once: `relaySessionCacheDrops(cluster)`.
 */
import type { Cluster, Worker } from "node:cluster";
import { isSessionCacheDrop } from "../app/api/session-cache.server";

export function relaySessionCacheDrops(cluster: Pick<Cluster, "on" | "workers">): void {
  cluster.on("message", (from: Worker, message: unknown) => {
    if (!isSessionCacheDrop(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
    }
  });
}
