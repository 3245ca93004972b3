/**
 * What a session revocation check costs per request (ADR 025) on the local stores: in the process's memory, and in a
 * Node cluster worker asking the primary over IPC (as the container runs). PostgreSQL's figure comes from
 * app/auth/revocation.server.pg-test.ts. Run: `npx tsx server/revocation-bench.ts`.
 */
import cluster from "node:cluster";
import { ClusterWorkerRevocations, MemoryRevocations, SessionRevocations, startRevocationPrimary, type RevocationBackend } from "../app/auth/revocation.server";

const N = 5_000;
const probe = { sid: "probe-sid", username: "probe-user", organizationId: "probe-org", signedInAt: Date.now() };

async function perCheckMs(backend: RevocationBackend): Promise<number> {
  const r = new SessionRevocations(backend, { keyPrefix: "bench", keepMs: 12 * 3_600_000 });
  await r.revokeSession("another-sid");
  for (let i = 0; i < 200; i++) await r.check(probe);
  const started = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await r.check(probe);
  return Number(process.hrtime.bigint() - started) / 1e6 / N;
}

if (cluster.isPrimary) {
  console.log(`memory (one process): ${(await perCheckMs(new MemoryRevocations())).toFixed(4)} ms per check`);
  startRevocationPrimary();
  const worker = cluster.fork();
  worker.on("exit", () => process.exit(0));
} else {
  console.log(`cluster worker → primary (IPC): ${(await perCheckMs(new ClusterWorkerRevocations())).toFixed(4)} ms per check`);
  process.exit(0);
}
