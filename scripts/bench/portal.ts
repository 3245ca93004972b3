/**
 * Benchmark of the built portal against the reference API, printed as markdown tables:
 *
 *   npm run build && npm run bench:portal          # every scenario
 *   npm run bench:portal -- dashboard page         # some (names: dashboard, js, page)
 *
 * Starts identity + the reference API on the demo world (temporary data directory) with the dashboard's call
 * delayed (API_DELAYS=getDashboardActions=<BENCH_DASHBOARD_DELAY_MS, default 2000>) and the built portal,
 * then runs the scenarios of scripts/bench/scenarios/. Only the dashboard's call is delayed: the other
 * scenarios do not make it. Options: BENCH_RUNS (dashboard, default 5), BENCH_SECONDS (load, default 10),
 * BENCH_PAGE_CONCURRENCY (default 50).
 */
import { isbot } from "isbot";
import { BROWSER_USER_AGENT, keepAliveAgent } from "./lib/http.js";
import { checkBuild, startBenchPortal, type BenchPortal } from "./lib/portal-stack.js";
import type { Scenario } from "./lib/scenario.js";
import { machineLine } from "./lib/table.js";
import { DASHBOARD_OPERATION, dashboardStreaming } from "./scenarios/dashboard-streaming.js";
import { routeJs } from "./scenarios/route-js.js";
import { signedInPage } from "./scenarios/signed-in-page.js";

const scenarios: Scenario[] = [dashboardStreaming, routeJs, signedInPage];
const log = (m: string) => console.error(`[bench] ${m}`);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !scenarios.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(", ")}: choose from ${scenarios.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;

let staleNote: string | null;
try {
  staleNote = checkBuild();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
// Bots get no streaming: the benchmark must look like a browser.
if (isbot(BROWSER_USER_AGENT)) throw new Error("isbot takes the benchmark's user agent for a bot");

const apiDelays = { [DASHBOARD_OPERATION]: Number(process.env.BENCH_DASHBOARD_DELAY_MS ?? 2000) };
const apiDelaysEnv = Object.entries(apiDelays).map(([op, ms]) => `${op}=${ms}`).join(",");
const agent = keepAliveAgent();
const machine = machineLine(); // before the stack starts: the load is the machine's, not the benchmark's
let bench: BenchPortal | undefined;
const failures: string[] = [];
try {
  const t = Date.now();
  bench = await startBenchPortal({ apiEnv: { API_DELAYS: apiDelaysEnv }, log });
  log(`stack and portal up in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const sections: string[] = [];
  for (const s of selected) {
    log(`${s.title}…`);
    const result = await s.run({ bench, agent, apiDelays, log });
    sections.push(`## ${s.title}\n\n${result.report}`);
    if (result.failure) failures.push(`${s.title}: ${result.failure}`);
  }
  console.log([`# Portal benchmark`, machine, ...(staleNote ? [staleNote] : []), ...sections].join("\n\n"));
} finally {
  agent.destroy();
  await bench?.stop();
}
if (failures.length > 0) {
  console.error(`\nFAILED:\n${failures.join("\n")}`);
  process.exitCode = 1;
}
