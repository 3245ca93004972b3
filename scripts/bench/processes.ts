/**
 * One portal process against two (ADR 017): the patient list page (/patients/, a provider admin of Front Range)
 * and a patient's page (the first patient of the list; its first section) at concurrency 16, through the built
 * portal started with WEB_CONCURRENCY=1 and then WEB_CONCURRENCY=2 against the same stack (identity + reference
 * API), printed side by side in one table (README "Sizing" reads req/s per process from it).
 *
 *   npm run build && npm run bench:processes
 *
 * BENCH_WORLD (large = 100,000 patients, default, generated into data/bench, reused until the sources or the day change; demo = the demo world),
 * BENCH_LIST_CONCURRENCY (default 16), BENCH_SECONDS (default 10, after a 2 s warm-up), BENCH_PROCESSES
 * (default "1,2"). The load average is printed before each run: on a shared machine read the figures with it.
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import { startPortal, type Portal } from "../../tests/setup/portal.js";
import { demoAccount } from "./lib/accounts.js";
import { hit, keepAliveAgent, send } from "./lib/http.js";
import { requireBuild, startBenchPortal, type BenchWorld } from "./lib/portal-stack.js";
import { signInToPortal } from "./lib/portal-session.js";
import { runClosedLoop } from "./lib/runner.js";
import { fmt, machineLine, markdownTable } from "./lib/table.js";
import { LIST_ACCOUNT } from "./scenarios/patient-list.js";

const log = (m: string) => console.error(`[bench] ${m}`);
const world = (process.env.BENCH_WORLD ?? "large") as BenchWorld;
const concurrency = Number(process.env.BENCH_LIST_CONCURRENCY ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = 2;
const counts = (process.env.BENCH_PROCESSES ?? "1,2").split(",").map((s) => Number(s.trim()));
// A provider admin of Front Range (the large world's 90,000 patients; the demo world's organization too).
const account = demoAccount(LIST_ACCOUNT);
const PAGE = "/patients/";

const stale = requireBuild();
if (stale) log(stale);

const machine = machineLine();
const agent = keepAliveAgent();
const rows: (string | number)[][] = [];
const failures: string[] = [];
// One stack; the first portal comes with it (WEB_CONCURRENCY of the first count), the others are started on it.
const bench = await startBenchPortal({ world, portalEnv: { WEB_CONCURRENCY: String(counts[0]) }, log });
try {
  for (const [i, n] of counts.entries()) {
    let portal: Portal = bench.portal;
    if (i > 0) portal = await startPortal({ stack: bench.stack, dataDir: bench.dataDir, logFile: join(bench.dataDir, `portal-${n}.log`), env: { WEB_CONCURRENCY: String(n) } });
    try {
      const session = await signInToPortal(portal.url, account, agent);
      const headers = session.headers({ scripts: true });
      const url = new URL(PAGE, portal.url).href;
      const first = await send(url, { agent, headers });
      if (first.status !== 200 || !first.body.includes("<table")) throw new Error(`GET ${PAGE} answered ${first.status}${first.status === 200 ? " without the list's table" : ""}`);
      // A patient's page: the list's first patient link goes to its first section (a redirect); that section.
      const link = /href="(\/patients\/[0-9a-f-]{36}\/)"/.exec(first.body)?.[1];
      if (!link) throw new Error(`GET ${PAGE}: no patient link`);
      const opened = await send(new URL(link, portal.url).href, { agent, headers });
      const patientPath = opened.status >= 300 && opened.status < 400 && typeof opened.headers.location === "string" ? new URL(opened.headers.location, portal.url).pathname : link;
      for (const [path, label] of [
        [PAGE, PAGE],
        [patientPath, patientPath.replace(/[0-9a-f-]{36}/, "{id}")],
      ] as const) {
        const target = new URL(path, portal.url).href;
        const load = loadavg()[0]!.toFixed(2);
        log(`${n} process(es), ${label}: ${warmupSeconds} + ${seconds} s at concurrency ${concurrency} (load average ${load})`);
        const r = await runClosedLoop({ concurrency, seconds, warmupSeconds, task: async () => (await hit(target, { agent, headers })) === 200 });
        rows.push([`portal GET ${label}, WEB_CONCURRENCY=${n}`, n, r.concurrency, r.requests, fmt(r.rps, 0), fmt(r.p50), fmt(r.p95), fmt(r.p99), r.errors, load]);
        if (r.errors > 0) failures.push(`${n} process(es), ${label}: ${r.errors} requests failed`);
      }
    } finally {
      if (i > 0) await portal.stop();
    }
    // The next portal starts on the same port range; the first one stays until the stack stops.
    if (i === 0 && counts.length > 1) await bench.portal.stop();
  }
} catch (e) {
  failures.push(`stopped: ${(e as Error).message}`);
} finally {
  agent.destroy();
  await bench.stop();
}

const table = markdownTable(["target", "processes", "conc.", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "load (1 min) at start"], rows, ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r"]);
console.log(
  [
    "# Portal: one process against two",
    machine,
    `## The patient list page and a patient's page (${world} world, signed in as ${account.email})`,
    table,
    `Closed loop at concurrency ${concurrency}, requests completed in ${seconds} s after a ${warmupSeconds} s warm-up, the whole document read; one stack (one reference API process) behind both runs.`,
  ].join("\n\n"),
);
if (failures.length > 0) {
  console.error(`\nFAILED:\n${failures.join("\n")}`);
  process.exitCode = 1;
}
