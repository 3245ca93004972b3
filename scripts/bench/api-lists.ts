/**
 * Benchmark of the provider API's list endpoints on the large world (100,000 patients): latency p50/p95/p99
 * and throughput at concurrency 1, 16 and 64, printed as a table.
 *
 *   npm run bench:api                      # starts identity + reference API on the large world (data/bench)
 *   BENCH_API_URL=... BENCH_TOKEN=... BENCH_ADMIN_TOKEN=...   # against a running deployment instead
 *
 * The large world is generated once into data/bench (kept for later runs; generated again when the reference API's sources or the day change).
 * Options: BENCH_SECONDS (per cell, default 4), BENCH_CONCURRENCY (default "1,16,64"), BENCH_ONLY (a word of the
 * targets' names, e.g. "scan").
 */
import { signInAs } from "../identity/sign-in.js";
import { startStack, type Stack } from "../dev/stack.js";
import { demoAccount } from "./lib/accounts.js";
import { hit, keepAliveAgent } from "./lib/http.js";
import { ensureLargeWorld, LARGE_WORLD_DIR } from "./lib/portal-stack.js";
import { runClosedLoop } from "./lib/runner.js";
import { fmt, machineLine, markdownTable, type Cell } from "./lib/table.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const levels = (process.env.BENCH_CONCURRENCY ?? "1,16,64").split(",").map(Number);

let stack: Stack | undefined;
let apiUrl = process.env.BENCH_API_URL;
let token = process.env.BENCH_TOKEN;
let adminToken = process.env.BENCH_ADMIN_TOKEN;
if (!apiUrl) {
  const t = Date.now();
  await ensureLargeWorld((m) => console.error(m));
  stack = await startStack({ dataDir: LARGE_WORLD_DIR, world: "large", apiEnv: { VALIDATE_RESPONSES: "false", LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "10000000" }, log: (m) => console.error(m) });
  console.error(`stack up in ${((Date.now() - t) / 1000).toFixed(1)} s (the large world generated first when missing)`);
  apiUrl = stack.apiUrl;
  const providerAdmin = demoAccount("admin@frontrange.example");
  const staff = demoAccount("productadmin@exer.example");
  token = (await signInAs(stack.identity, { username: providerAdmin.userId, password: providerAdmin.password })).accessToken;
  adminToken = (await signInAs(stack.identity, { username: staff.userId, password: staff.password })).accessToken;
}

const agent = keepAliveAgent(128);
const base = new URL(apiUrl!);
const get = (path: string, bearer: string) => hit(new URL(path, base).href, { agent, headers: { authorization: `Bearer ${bearer}` } });

const month = new Date().toISOString().slice(0, 7);
const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
const now = new Date().toISOString();
// The Scan Sessions page's call (issue 12): one Front Range location (5,600 sessions), the default 30-day range.
const locationsRes = await fetch(new URL("/v2/locations", base), { headers: { authorization: `Bearer ${token}` } });
const scanLocation = locationsRes.ok ? ((await locationsRes.json()) as { id: string }[])[0]?.id : undefined;
const allTargets: { name: string; path: string; admin?: boolean }[] = [
  { name: "patients (page 1)", path: "/v2/patients/pages?page=1&limit=20" },
  { name: "patients (search)", path: "/v2/patients/pages?page=1&limit=20&search=ann" },
  { name: "patients (page 200, name sort)", path: "/v2/patients/pages?page=200&limit=20&sortBy=NAME&orderBy=ASC" },
  { name: "health patients", path: "/v2/health/patients/pages?page=1&limit=20" },
  { name: "gait patients", path: "/v2/gait/patients/pages?page=1&limit=20" },
  { name: "scan sessions", path: `/v2/scan/sessions/pages?page=1&limit=20&start=${since}&end=${now}` },
  { name: "RTM cycles", path: "/v2/health/rtm-cycles?page=1&limit=20" },
  { name: "RTM cycles by month", path: `/v2/health/rtm-cycles/${month}?page=1&limit=20` },
  { name: "admin scan sessions", path: "/v2/admin/scan/sessions/pages?page=1&limit=15", admin: true },
  ...(scanLocation ? [{ name: "scan sessions (location, 30 days)", path: `/v2/scan/sessions/pages?page=1&limit=20&locationId=${scanLocation}&start=${since}&end=${now}` }] : []),
];
/** BENCH_ONLY=scan runs the targets whose name contains the word (default all). */
const only = process.env.BENCH_ONLY;
const targets = only ? allTargets.filter((t) => t.name.includes(only)) : allTargets;

const rows: Cell[][] = [];
for (const t of targets) {
  const bearer = t.admin ? adminToken! : token!;
  const first = await get(t.path, bearer);
  if (first !== 200) {
    rows.push([t.name, "-", `status ${first}`, "", "", "", ""]);
    continue;
  }
  for (const c of levels) {
    const r = await runClosedLoop({ concurrency: c, seconds, task: async () => (await get(t.path, bearer)) === 200 });
    rows.push([t.name, c, fmt(r.rps, 0), fmt(r.p50), fmt(r.p95), fmt(r.p99), r.errors]);
  }
}

console.log(machineLine());
console.log(markdownTable(["endpoint", "conc.", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors"], rows));
agent.destroy();
await stack?.stop();
