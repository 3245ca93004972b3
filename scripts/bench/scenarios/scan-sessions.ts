/**
 * The Scan Sessions page (/scan/sessions/?location=…) on the large world (50,400 scan sessions: 5,600 per scan
 * location), end to end through the portal under load, against the API call it wraps (GET v2/scan/sessions/pages
 * with the location and the default 30-day range) straight to the API with the same token. Signed in as the
 * scan-only provider admin of Summit Scan Labs, at its first location. Closed loop at BENCH_SCAN_CONCURRENCY
 * (default 16) for BENCH_SECONDS (default 10), after a 2 s warm-up; p50/p95 side by side.
 */
import { signInAs } from "../../identity/sign-in.js";
import { demoAccount } from "../lib/accounts.js";
import { hit, send } from "../lib/http.js";
import { apiHeaders } from "../lib/patients.js";
import { signInToPortal } from "../lib/portal-session.js";
import { runTargets } from "../lib/runner.js";
import type { Scenario } from "../lib/scenario.js";
import { loadTable } from "../lib/table.js";

export const SCAN_ACCOUNT = "scan@scanonly.example";
/** The page size of the portal's sessions table as the API query writes it (the spec leaves it open). */
export const SCAN_PAGE_SIZE = 20;

/** The default range (30 days up to now), as the API query of the page: start of the day 30 days ago, now. */
export function scanSessionsApiPath(locationId: string, now = new Date()): string {
  const start = new Date(now.getTime() - 30 * 86_400_000);
  start.setUTCHours(0, 0, 0, 0);
  const q = new URLSearchParams({ page: "1", limit: String(SCAN_PAGE_SIZE), locationId, start: start.toISOString(), end: now.toISOString() });
  return `/v2/scan/sessions/pages?${q}`;
}

export const scanSessions: Scenario = {
  name: "scan",
  title: "Scan Sessions page on the large world (50,400 sessions) vs its API call",
  world: "large",
  async run({ bench, agent, log }) {
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    const warmupSeconds = 2;
    const concurrency = Number(process.env.BENCH_SCAN_CONCURRENCY ?? 16);
    const account = demoAccount(SCAN_ACCOUNT);
    const session = await signInToPortal(bench.portal.url, account, agent);
    const { accessToken } = await signInAs(bench.stack.identity, { username: account.userId, password: account.password });
    const headers = apiHeaders(accessToken);
    const locations = await send(new URL("/v2/locations", bench.stack.apiUrl).href, { headers });
    if (locations.status !== 200) throw new Error(`GET /v2/locations answered ${locations.status}`);
    const location = (JSON.parse(locations.body) as { id: string; name: string }[])[0];
    if (!location) throw new Error(`${SCAN_ACCOUNT} has no location`);

    const page = `/scan/sessions/?location=${location.id}`;
    const api = scanSessionsApiPath(location.id);
    const pageUrl = new URL(page, bench.portal.url).href;
    const apiUrl = new URL(api, bench.stack.apiUrl).href;
    const pageHeaders = session.headers({ scripts: true });
    const first = await send(pageUrl, { agent, headers: pageHeaders });
    if (first.status !== 200 || !first.body.includes("<table")) throw new Error(`GET ${page} answered ${first.status}${first.status === 200 ? " without the sessions table" : ""}`);
    const total = await send(apiUrl, { headers });
    const totalItems = (JSON.parse(total.body) as { metadata: { totalItems: number } }).metadata.totalItems;

    const targets = [
      { label: `portal GET ${page}`, task: async () => (await hit(pageUrl, { agent, headers: pageHeaders })) === 200 },
      { label: `API GET ${api.replace(/start=[^&]+&end=[^&]+/, "start=…&end=…")}`, task: async () => (await hit(apiUrl, { agent, headers })) === 200 },
    ];
    const results = await runTargets(targets, { concurrency, warmupSeconds, seconds, log });
    const table = loadTable(targets.map((t, i) => ({ label: t.label, result: results[i]! })));
    const errors = results.reduce((n, r) => n + r.errors, 0);
    return {
      report: `${table}\n\nSigned in as ${SCAN_ACCOUNT} (scan-only provider admin) at ${location.name}: ${totalItems.toLocaleString("en-US")} sessions in the last 30 days there; concurrency ${concurrency}, requests completed in ${seconds} s after a ${warmupSeconds} s warm-up, end to end (the whole document read); the page against the list call it makes, straight to the API with the same token.`,
      failure: errors > 0 ? `${errors} requests failed under load` : undefined,
    };
  },
};
