/**
 * The patient list (/patients/) on the large world, end to end through the portal under load: a provider
 * admin of Front Range (the organization's 90,000 of the world's 100,000 patients) with the default list,
 * a search, a sort and a later page, each against the list call it makes (GET v2/patients/pages with the
 * query the portal sends: app/areas/patients/rules/patient-list.ts listQuery) straight to the API with the same token, and
 * the providers call every list page makes beside it (GET v2/practitioners).
 * Closed loop at BENCH_LIST_CONCURRENCY (default 16) for BENCH_SECONDS (default 10) each, after a 2 s warm-up (and the
 * portal after 6 s of its three pages in turn before the first).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startPortal } from "../../../tests/setup/portal.js";
import { signInAs } from "../../identity/sign-in.js";
import { demoAccount } from "../lib/accounts.js";
import { hit, send } from "../lib/http.js";
import { apiHeaders } from "../lib/patients.js";
import { apiCallsOf } from "../lib/portal-log.js";
import { processGroupCpuMs } from "../lib/process-cpu.js";
import { signInToPortal } from "../lib/portal-session.js";
import { runClosedLoop, runTargets } from "../lib/runner.js";
import type { Scenario } from "../lib/scenario.js";
import { fmt, loadTable, markdownTable } from "../lib/table.js";

/** Aim of issue 4: the list's p95 end to end. */
export const LIST_P95_AIM_MS = 100;
/**
 * A list page's p50 at most this many times its list call's (the other calls come from the session cache): issue 14
 * asked 2×, issue 31 item 6 asks 1.5× on this machine.
 */
export const LIST_P50_RATIO_AIM = 1.5;
export const LIST_ACCOUNT = "admin@frontrange.example";
/** Seconds of the three pages, taken in turn, before any measured window (not measured). */
const PORTAL_WARMUP_SECONDS = 6;

/** Portal URLs and the list call each makes (page size 10, the active tab; the admin's filter is empty). */
export const LIST_VARIANTS = [
  { label: "list (page 1)", page: "/patients/", api: "/v2/patients/pages?page=1&limit=10&status=ACTIVE" },
  { label: "search ?q=ann", page: "/patients/?q=ann", api: "/v2/patients/pages?page=1&limit=10&search=ann&status=ACTIVE" },
  { label: "name sort, page 200", page: "/patients/?sort=name&dir=asc&page=200", api: "/v2/patients/pages?page=200&limit=10&sortBy=NAME&orderBy=ASC&status=ACTIVE" },
];

/** The page's slowest other call on the large world (it runs beside the list call): measured alike, for comparison. */
export const PROVIDERS_CALL = "/v2/practitioners";

/** The total the list shows ("… of N"), read from the API's page metadata. */
async function totalItems(url: string, headers: Record<string, string>): Promise<number> {
  const res = await send(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 500)}`);
  return (JSON.parse(res.body) as { metadata: { totalItems: number } }).metadata.totalItems;
}

export const patientList: Scenario = {
  name: "list",
  title: "Patient list on the large world (100,000 patients) vs its API call",
  world: "large",
  async run({ bench, agent, log }) {
    const seconds = Number(process.env.BENCH_SECONDS ?? 10);
    const warmupSeconds = 2;
    const concurrency = Number(process.env.BENCH_LIST_CONCURRENCY ?? 16);
    const account = demoAccount(LIST_ACCOUNT);
    const session = await signInToPortal(bench.portal.url, account, agent);
    const { accessToken } = await signInAs(bench.stack.identity, { username: account.userId, password: account.password });
    const pageHeaders = session.headers({ scripts: true });
    const callHeaders = apiHeaders(accessToken);
    const total = await totalItems(new URL(LIST_VARIANTS[0]!.api, bench.stack.apiUrl).href, callHeaders);

    const providersUrl = new URL(PROVIDERS_CALL, bench.stack.apiUrl).href;
    const targets = [
      ...LIST_VARIANTS.flatMap((v) => {
        const pageUrl = new URL(v.page, bench.portal.url).href;
        const apiUrl = new URL(v.api, bench.stack.apiUrl).href;
        return [
          { label: `portal GET ${v.page}`, variant: v.label, task: async () => (await hit(pageUrl, { agent, headers: pageHeaders })) === 200, cpuMs: () => processGroupCpuMs(bench.portal.pid) },
          { label: `API GET ${v.api}`, variant: v.label, task: async () => (await hit(apiUrl, { agent, headers: callHeaders })) === 200 },
        ];
      }),
      { label: `API GET ${PROVIDERS_CALL} (every list page, beside the list call)`, variant: "providers", task: async () => (await hit(providersUrl, { agent, headers: callHeaders })) === 200 },
    ];
    // The page must be the list itself (not a redirect to sign-in or an error view).
    for (const v of LIST_VARIANTS) {
      const res = await send(new URL(v.page, bench.portal.url).href, { agent, headers: pageHeaders });
      if (res.status !== 200 || !res.body.includes("<table")) throw new Error(`GET ${v.page} answered ${res.status}${res.status === 200 ? " without the list's table" : ""}`);
    }

    // The portal warmed on every page first: a freshly started process is still compiling what a page runs, and the
    // variant measured first paid for it (page 1 ran ~8% more portal CPU per page than the same page measured last).
    const portalPages = targets.filter((t) => t.label.startsWith("portal"));
    let next = 0;
    await runClosedLoop({ concurrency, seconds: PORTAL_WARMUP_SECONDS, task: () => portalPages[next++ % portalPages.length]!.task() });
    const results = await runTargets(targets, { concurrency, warmupSeconds, seconds, log });
    const callsPerPage = await countCallsPerPage(bench, account, agent, log);

    const table = loadTable(targets.map((t, i) => ({ label: t.label, result: results[i]! })));
    const pagesP95 = targets.flatMap((t, i) => (t.label.startsWith("portal") ? [{ variant: t.variant, p95: results[i]!.p95 }] : []));
    const missed = pagesP95.filter((p) => !(p.p95 <= LIST_P95_AIM_MS));
    const aim = `Aim (list p95 ≤ ${LIST_P95_AIM_MS} ms at concurrency 16): ${missed.length === 0 ? "met by every variant" : `MISSED by ${missed.map((p) => `${p.variant} (${fmt(p.p95)} ms)`).join(", ")}`}.`;
    const thin = results.some((r) => r.requests < 2 * concurrency) ? ` Few requests completed in the window: raise BENCH_SECONDS for steady-state figures.` : "";
    const ratios = LIST_VARIANTS.map((v, i) => ({ variant: v.label, ratio: (results[2 * i]!.p50 ?? NaN) / (results[2 * i + 1]!.p50 ?? NaN) }));
    const overRatio = ratios.filter((r) => !(r.ratio <= LIST_P50_RATIO_AIM));
    const ratioAim = `Aim (page p50 ≤ ${LIST_P50_RATIO_AIM}× its list call's p50): ${ratios.map((r) => `${r.variant} ${fmt(r.ratio, 2)}×`).join(", ")} — ${overRatio.length === 0 ? "met" : "MISSED"}.`;
    const errors = results.reduce((n, r) => n + r.errors, 0);
    // The portal process's own cost (issue 31): its CPU in the measured window per page completed (the API and identity run in other processes).
    const cpuRows = LIST_VARIANTS.map((v, i) => [v.label, fmt(results[2 * i]!.cpuMsPerRequest ?? NaN, 2), fmt(results[2 * i]!.p50), fmt(results[2 * i + 1]!.p50)] as [string, string, string, string]);
    const cpuTable = `Portal CPU per list page (user + system time of the portal's process group over the measured window ÷ pages completed in it):\n\n${markdownTable(["variant", "portal CPU ms/page", "page p50 ms", "list call p50 ms"], cpuRows, ["l", "r", "r", "r"])}`;
    return {
      report: `${table}\n\n${cpuTable}\n\nSigned in as ${LIST_ACCOUNT} (provider admin: ${total.toLocaleString("en-US")} active patients in the organization's list); requests completed in ${seconds} s after a ${warmupSeconds} s warm-up (the portal first warmed for ${PORTAL_WARMUP_SECONDS} s on its three pages in turn), end to end (the whole document read); each page against the list call it makes, straight to the API with the same token. The page's other reads (GET v2/users/current, v2/locations, v2/practitioners) come from the session cache (ADR 021) after the session's first page.\n\n${callsPerPage}\n\n${aim} ${ratioAim}${thin}`,
      failure: errors > 0 ? `${errors} requests failed under load` : undefined,
    };
  },
};

/**
 * API calls per page, read from the debug log of a portal of its own on the same stack (the measured portal logs
 * at info): a new session's first list page, then the next pages (each variant).
 */
async function countCallsPerPage(bench: Parameters<Scenario["run"]>[0]["bench"], account: { email: string; password: string }, agent: Parameters<Scenario["run"]>[0]["agent"], log: (m: string) => void): Promise<string> {
  const logFile = join(bench.dataDir, "portal-list-calls.log");
  const portal = await startPortal({ stack: bench.stack, dataDir: bench.dataDir, logFile, env: { LOG_LEVEL: "debug", WEB_CONCURRENCY: "1" } });
  const rows: [string, number, string][] = [];
  try {
    const session = await signInToPortal(portal.url, account, agent);
    const pages = [{ label: "first page after sign-in", page: LIST_VARIANTS[0]!.page }, ...LIST_VARIANTS.map((v) => ({ label: `next: ${v.label}`, page: v.page }))];
    for (const [i, p] of pages.entries()) {
      const res = await send(new URL(p.page, portal.url).href, { agent, headers: { ...session.headers({ scripts: true }), "x-request-id": `bench-list-calls-${i}` } });
      if (res.status !== 200) throw new Error(`GET ${p.page} answered ${res.status}`);
    }
    await new Promise((r) => setTimeout(r, 200));
    const text = readFileSync(logFile, "utf8");
    for (const [i, p] of pages.entries()) {
      const calls = apiCallsOf(text, `bench-list-calls-${i}`);
      rows.push([p.label, calls.length, calls.map((c) => `${c.method} ${c.path}`).join(", ")]);
    }
    log(`list: API calls per page counted (log: ${logFile})`);
  } finally {
    await portal.stop();
  }
  return `API calls per page (the portal's debug log; the session's sign-in already read its profile):\n\n${markdownTable(["page", "API calls", "which"], rows, ["l", "r", "l"])}`;
}
