/**
 * Benchmark of the built portal against the reference API, printed as markdown tables:
 *
 *   npm run build && npm run bench:portal          # every scenario
 *   npm run bench:portal -- detail list js         # some (names: dashboard, js, page, detail, programs, list, scan, slow)
 *
 * Demo-world scenarios (dashboard, js, page, detail, slow) share one stack: identity + the reference API on the demo
 * world (temporary data directory) with two calls delayed — the dashboard's (getDashboardActions,
 * BENCH_DASHBOARD_DELAY_MS, default 2000) and a patient's health sessions (listPatientHealthSessions,
 * BENCH_SESSIONS_DELAY_MS, default 2000; the detail scenario's, also made by the js scenario's patient tabs) —
 * and the built portal. The list scenario runs on a second stack, started after the first has stopped: the
 * large world (100,000 patients, generated into data/bench and reused until the reference API's sources or the day change), no delays.
 * Scenarios live in scripts/bench/scenarios/. Options: BENCH_RUNS (dashboard, detail; default 5), BENCH_SECONDS
 * (load, default 10), BENCH_PAGE_CONCURRENCY (page, default 50), BENCH_LIST_CONCURRENCY (list, default 16).
 */
import { isbot } from "isbot";
import { BROWSER_USER_AGENT, keepAliveAgent } from "./lib/http.js";
import { requireBuild, startBenchPortal, type BenchPortal, type BenchWorld } from "./lib/portal-stack.js";
import type { Scenario } from "./lib/scenario.js";
import { machineLine } from "./lib/table.js";
import { DASHBOARD_OPERATION, dashboardStreaming } from "./scenarios/dashboard-streaming.js";
import { patientDetail, SESSIONS_OPERATION } from "./scenarios/patient-detail.js";
import { patientList } from "./scenarios/patient-list.js";
import { programs } from "./scenarios/programs.js";
import { routeJs } from "./scenarios/route-js.js";
import { scanSessions } from "./scenarios/scan-sessions.js";
import { signedInPage } from "./scenarios/signed-in-page.js";
import { slowLink } from "./scenarios/slow-link.js";

const scenarios: Scenario[] = [dashboardStreaming, routeJs, signedInPage, patientDetail, programs, patientList, scanSessions, slowLink];
const log = (m: string) => console.error(`[bench] ${m}`);

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !scenarios.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(", ")}: choose from ${scenarios.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;

const staleNote = requireBuild();
// Bots get no streaming: the benchmark must look like a browser.
if (isbot(BROWSER_USER_AGENT)) throw new Error("isbot takes the benchmark's user agent for a bot");

/** The API's artificial delays per world: the demo world's delayed calls; none on the large world. */
const worldDelays: Record<BenchWorld, Record<string, number>> = {
  demo: {
    [DASHBOARD_OPERATION]: Number(process.env.BENCH_DASHBOARD_DELAY_MS ?? 2000),
    [SESSIONS_OPERATION]: Number(process.env.BENCH_SESSIONS_DELAY_MS ?? 2000),
  },
  large: {},
};
const agent = keepAliveAgent();
const machine = machineLine(); // before the stack starts: the load is the machine's, not the benchmark's
const failures: string[] = [];
const sections: string[] = [];
try {
  // One stack per world (and the demo world once more without the API's delays, for the scenarios judged by the E2E
  // stack's budgets), one after the other (never two at once on a small machine).
  const stacks = [
    { world: "demo", apiDelays: worldDelays.demo, undelayed: false },
    { world: "demo", apiDelays: {}, undelayed: true },
    { world: "large", apiDelays: worldDelays.large, undelayed: false },
  ] as const;
  for (const { world, apiDelays, undelayed } of stacks) {
    const mine = selected.filter((s) => (s.world ?? "demo") === world && (s.undelayed ?? false) === undelayed);
    if (mine.length === 0) continue;
    const apiDelaysEnv = Object.entries(apiDelays).map(([op, ms]) => `${op}=${ms}`).join(",");
    let bench: BenchPortal | undefined;
    try {
      const t = Date.now();
      // One portal process (the figures are per process; scripts/bench/processes.ts compares one with two).
      bench = await startBenchPortal({ world, apiEnv: apiDelaysEnv ? { API_DELAYS: apiDelaysEnv } : {}, portalEnv: { WEB_CONCURRENCY: "1" }, log });
      log(`${world} world: stack and portal up in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      for (const s of mine) {
        log(`${s.title}…`);
        const result = await s.run({ bench, agent, apiDelays, log });
        sections.push(`## ${s.title}\n\n${result.report}`);
        if (result.failure) failures.push(`${s.title}: ${result.failure}`);
        // An aim the report calls MISSED is a failed result, not a note.
        else if (/\bMISSED\b/.test(result.report)) failures.push(`${s.title}: an aim MISSED (see its report)`);
      }
    } finally {
      await bench?.stop();
    }
  }
} catch (e) {
  // What was measured before the failure is still printed.
  failures.push(`stopped: ${(e as Error).message}`);
} finally {
  agent.destroy();
}
console.log([`# Portal benchmark`, machine, ...(staleNote ? [staleNote] : []), ...sections].join("\n\n"));
if (failures.length > 0) {
  console.error(`\nFAILED:\n${failures.join("\n")}`);
  process.exitCode = 1;
}
