/**
 * Benchmark of the RTM month list on the large world (data/bench, generated again when the reference API's sources or the day change): the organization with the
 * most cycles ending in the month (Front Range, >= 20,000 of them), its month list as the RTM Billing screen
 * asks for it (page 1, limit 20, the default sort) and the clinicians' needs-attention view
 * (`needsAttention=true&sortBy=DAYS_LEFT&orderBy=ASC`), p50/p95/p99 at concurrency 16, with the counts.
 *
 *   npm run bench:rtm
 *
 * Options: BENCH_SECONDS (per target, default 8), BENCH_CONCURRENCY (default 16), BENCH_MONTH (YYYY-MM,
 * default the organization's current month). The counts are read from the world's database before the API
 * opens it (an embedded database has one owner at a time).
 */
import { join } from "node:path";
import { signInAs } from "../identity/sign-in.js";
import { startStack, type Stack } from "../dev/stack.js";
import { createPglite } from "../../reference-api/src/db/db.js";
import { demoAccount } from "./lib/accounts.js";
import { hit, keepAliveAgent, send } from "./lib/http.js";
import { ensureLargeWorld, LARGE_WORLD_DIR } from "./lib/portal-stack.js";
import { runClosedLoop } from "./lib/runner.js";
import { fmt, machineLine, markdownTable, type Cell } from "./lib/table.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ACCOUNT = "admin@frontrange.example";
const MIN_CYCLES = 20_000;
const log = (m: string) => console.error(m);

interface Counts {
  organization: string;
  month: string;
  cycles: number;
  patients: number;
  atRisk: number;
}

/** Cycles ending in the month of the organization with the most of them (the month: BENCH_MONTH or its current one). */
async function countCycles(): Promise<Counts> {
  const pg = await createPglite({ dataDir: join(LARGE_WORLD_DIR, "api", "pgdata") });
  try {
    const res = await pg.query<{ organization: string; month: string; cycles: number; patients: number; at_risk: number }>(
      `WITH m AS (SELECT o.id, o.name, o.timezone, coalesce($1::text, to_char((now() AT TIME ZONE o.timezone)::date, 'YYYY-MM')) AS month,
                         (now() AT TIME ZONE o.timezone)::date AS today FROM organizations o)
       SELECT m.name AS organization, m.month, count(*)::int AS cycles, count(DISTINCT c.patient_record_id)::int AS patients,
              (count(*) FILTER (WHERE c.status IN ('IN_PROGRESS', 'ACTIVE_DAYS_INCOMPLETE') AND c.end_date >= m.today))::int AS at_risk
         FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id AND NOT pr.hidden JOIN m ON m.id = pr.organization_id
        WHERE to_char(c.end_date, 'YYYY-MM') = m.month
        GROUP BY m.name, m.month ORDER BY cycles DESC LIMIT 1`,
      [process.env.BENCH_MONTH ?? null],
    );
    const r = res.rows[0];
    if (!r) throw new Error("the large world has no RTM cycles");
    return { organization: r.organization, month: r.month, cycles: r.cycles, patients: r.patients, atRisk: r.at_risk };
  } finally {
    await pg.close();
  }
}

const t = Date.now();
await ensureLargeWorld(log);
const counts = await countCycles();
log(`${counts.organization}: ${counts.cycles} cycles end in ${counts.month} (${counts.patients} patients; ${counts.atRisk} still running and not billable)`);
if (counts.cycles < MIN_CYCLES) log(`warning: fewer than ${MIN_CYCLES} cycles in the month; delete data/bench to regenerate the large world`);

let stack: Stack | undefined;
try {
  stack = await startStack({ dataDir: LARGE_WORLD_DIR, world: "large", apiEnv: { VALIDATE_RESPONSES: "false", LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "10000000" }, log });
  log(`stack up in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const account = demoAccount(ACCOUNT);
  const token = (await signInAs(stack.identity, { username: account.userId, password: account.password })).accessToken;
  const agent = keepAliveAgent(128);
  const headers = { authorization: `Bearer ${token}` };
  const url = (path: string) => new URL(path, stack!.apiUrl).href;

  const targets = [
    { name: "month list (page 1, limit 20, default sort)", path: `/v2/health/rtm-cycles/${counts.month}?page=1&limit=20` },
    { name: "needs attention (needsAttention, DAYS_LEFT ASC)", path: `/v2/health/rtm-cycles/${counts.month}?page=1&limit=20&needsAttention=true&sortBy=DAYS_LEFT&orderBy=ASC` },
  ];
  const rows: Cell[][] = [];
  for (const target of targets) {
    // The first answer: its totals (and the daily pass, if it had anything to do, out of the measurement).
    const first = await send(url(target.path), { agent, headers });
    if (first.status !== 200) {
      rows.push([target.name, concurrency, "-", "-", "-", "-", "-", `status ${first.status}`]);
      continue;
    }
    const total = (JSON.parse(first.body) as { metadata: { totalItems: number } }).metadata.totalItems;
    const r = await runClosedLoop({ concurrency, seconds, warmupSeconds: 1, task: async () => (await hit(url(target.path), { agent, headers })) === 200 });
    rows.push([target.name, concurrency, total, fmt(r.rps, 0), fmt(r.p50), fmt(r.p95), fmt(r.p99), r.errors]);
  }
  agent.destroy();

  console.log(machineLine());
  console.log(`${counts.organization}, ${counts.month}: ${counts.cycles} cycles ending in the month, ${counts.patients} patients, ${counts.atRisk} cycles still running and not billable`);
  console.log(markdownTable(["month list", "conc.", "patients listed", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors"], rows));
} finally {
  await stack?.stop();
}
