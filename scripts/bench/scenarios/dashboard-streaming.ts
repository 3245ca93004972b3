/**
 * The dashboard (/home/) with its data call (getDashboardActions) delayed in the reference API, streamed and
 * not: the same signed-in request with and without the cookie of a browser that runs scripts (the portal
 * streams only to those, app/shell/scripting.ts; without it the page comes whole, as with JavaScript off).
 * Median of BENCH_RUNS runs each (default 5): time to first byte, to the greeting (the shell), to the cards
 * (the delayed data), to the end of the document.
 */
import { demoAccount } from "../lib/accounts.js";
import { timedGet, type TimedResponse } from "../lib/http.js";
import { signInToPortal } from "../lib/portal-session.js";
import type { Scenario } from "../lib/scenario.js";
import { median } from "../lib/stats.js";
import { fmt, markdownTable } from "../lib/table.js";

export const DASHBOARD_OPERATION = "getDashboardActions";

/** What the page renders first (the greeting heading) and what only the delayed data renders (the cards). */
const MARKERS = { greeting: 'id="dashboard-greeting"', cards: 'aria-labelledby="activity-heading"' };

export const dashboardStreaming: Scenario = {
  name: "dashboard",
  title: "Dashboard: streamed vs whole page",
  async run({ bench, agent, apiDelays, log }) {
    const runs = Number(process.env.BENCH_RUNS ?? 5);
    const delay = apiDelays[DASHBOARD_OPERATION] ?? 0;
    const session = await signInToPortal(bench.portal.url, demoAccount("practitioner@frontrange.example"), agent);
    const url = new URL("/home/", bench.portal.url).href;
    const modes = [
      { label: "streamed (browser runs scripts)", scripts: true },
      { label: "not streamed (no exer-js cookie)", scripts: false },
    ];
    const samples: TimedResponse[][] = modes.map(() => []);
    // One of each first (not counted): connections, the portal's and the API's first-request costs.
    for (let i = -1; i < runs; i++) {
      for (const [m, mode] of modes.entries()) {
        const res = await timedGet(url, { agent, headers: session.headers({ scripts: mode.scripts }), markers: MARKERS });
        const missing = Object.entries(res.markers).filter(([, hit]) => hit === null).map(([name]) => name);
        if (res.status !== 200 || missing.length > 0) {
          throw new Error(`GET /home/ (${mode.label}) answered ${res.status}${missing.length ? `, without ${missing.join(" and ")}` : ""}:\n${res.body.slice(0, 2000)}`);
        }
        if (i >= 0) samples[m]!.push(res);
      }
      if (i >= 0) log(`dashboard run ${i + 1}/${runs}`);
    }

    const med = (list: TimedResponse[], pick: (r: TimedResponse) => number) => median(list.map(pick));
    const rows = modes.map((mode, m) => {
      const s = samples[m]!;
      return [
        mode.label,
        fmt(med(s, (r) => r.ttfbMs)),
        fmt(med(s, (r) => r.markers.greeting!.ms)),
        fmt(med(s, (r) => r.markers.cards!.ms)),
        fmt(med(s, (r) => r.endMs)),
        fmt(med(s, (r) => r.wireBytes) / 1024),
      ];
    });
    const table = markdownTable(["GET /home/ (median ms)", "first byte", "greeting (shell)", "cards (data)", "end of document", "KB on the wire"], rows);

    const streamed = samples[0]!;
    const greeting = med(streamed, (r) => r.markers.greeting!.ms);
    const cards = med(streamed, (r) => r.markers.cards!.ms);
    const shellFirst = greeting < cards && greeting < delay;
    const verdict = shellFirst
      ? `The shell arrives before the delayed data: greeting at ${fmt(greeting)} ms, cards at ${fmt(cards)} ms.`
      : `The shell does NOT arrive before the delayed data: greeting at ${fmt(greeting)} ms, cards at ${fmt(cards)} ms.`;
    return {
      report: `${table}\n\nGET v2/dashboards/actions (${DASHBOARD_OPERATION}) delayed by ${delay} ms in the reference API; practitioner@frontrange.example; ${runs} runs each, browser user agent, gzip/br accepted. ${verdict}`,
      failure: shellFirst ? undefined : verdict,
    };
  },
};
