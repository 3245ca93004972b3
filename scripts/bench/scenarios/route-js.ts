/**
 * JavaScript each route loads before interaction (gzip), for every route of the build's manifest: the entry,
 * the route modules from the root down, and their static imports, deduplicated (scripts/bench/lib/route-js.ts).
 * Checked against pages the portal serves: the scripts a document refers to, with their imports, must be
 * exactly the set computed for its route.
 *
 * Then the patient pages in a real browser (headless chromium, scripts/bench/lib/browser-js.ts): the patient
 * list, a patient's activity tab and the ROM chart tab, whose chart island loads ECharts lazily after hydration (over the server's SVG, ADR 039).
 * Every script the browser fetches is recorded until the page is idle — on the chart tab, until the chart's
 * svg is in the DOM — and compared with the computed set: the difference is what loads after hydration.
 */
import type { Page } from "@playwright/test";
import { signInAs } from "../../identity/sign-in.js";
import { demoAccount } from "../lib/accounts.js";
import { openBrowserJs } from "../lib/browser-js.js";
import { DOCUMENT_HEADERS, send } from "../lib/http.js";
import { benchPatient } from "../lib/patients.js";
import { signInToPortal } from "../lib/portal-session.js";
import { CLIENT_BUILD_DIR } from "../lib/portal-stack.js";
import { compareLoaded, documentScripts, importClosure, readClientBuild, routeScripts, totalSize } from "../lib/route-js.js";
import type { Scenario } from "../lib/scenario.js";
import { fmt, markdownTable } from "../lib/table.js";

/** Pages fetched to check the computed sets against (signed in unless `public`). */
const CHECKED_PAGES: { path: string; routeId: string; public?: boolean }[] = [
  { path: "/user/login/", routeId: "routes/user.login", public: true },
  { path: "/home/", routeId: "routes/_app.home" },
  { path: "/user/account/info/", routeId: "routes/_app.user.account.$accountPath" },
];

const LIST_ROUTE = "routes/_app.patients._index";
const SECTION_ROUTE = "routes/_app.patients.$patientRecordId.$patientProduct.$patientSection";
/** Aim of issue 4: the list route's JavaScript before interaction. */
export const LIST_JS_AIM_KB = 120;

/** The patient pages measured in the browser (`chart`: wait for the chart's svg). */
const patientPages = (id: string) => [
  { label: "patient list", path: "/patients/", routeId: LIST_ROUTE, chart: false },
  { label: "patient detail (activity tab)", path: `/patients/${id}/health/activity/`, routeId: SECTION_ROUTE, chart: false },
  { label: "chart tab (ROM)", path: `/patients/${id}/health/rom/`, routeId: SECTION_ROUTE, chart: true },
];

/** The chart island draws its live SVG over the server's (ADR 039). */
const chartDrawn = (page: Page) => page.locator('figure.chart [data-testid="chart-live"] svg').first().waitFor({ state: "attached", timeout: 30_000 });

export const routeJs: Scenario = {
  name: "js",
  title: "JavaScript loaded before interaction, per route",
  async run({ bench, agent, log }) {
    const build = readClientBuild(CLIENT_BUILD_DIR);
    const routes = build.routes();
    const table = markdownTable(
      ["route", "URL", "files", "gzip KB", "raw KB"],
      routes.map((r) => [r.routeId, r.url, r.files, fmt(r.gzipBytes / 1024), fmt(r.rawBytes / 1024)]),
      ["l", "l", "r", "r", "r"],
    );

    const account = demoAccount("practitioner@frontrange.example");
    const session = await signInToPortal(bench.portal.url, account, agent);
    const { accessToken } = await signInAs(bench.stack.identity, { username: account.userId, password: account.password });
    const id = await benchPatient(bench.stack, { apiUrl: bench.stack.apiUrl, portalUrl: bench.portal.url, accessToken, pageHeaders: session.headers(), agent });
    const pages = patientPages(id);
    const checks: string[] = [];
    const mismatches: string[] = [];
    for (const page of [...CHECKED_PAGES, ...pages.map((p) => ({ path: p.path, routeId: p.routeId, public: false }))]) {
      const res = await send(new URL(page.path, bench.portal.url).href, { agent, headers: page.public ? DOCUMENT_HEADERS : session.headers() });
      if (res.status !== 200) throw new Error(`GET ${page.path} answered ${res.status}`);
      const served = new Set(importClosure(documentScripts(res.body), build.importsOf));
      const computed = new Set(routeScripts(build.manifest, page.routeId, build.importsOf));
      const extra = [...served].filter((u) => !computed.has(u));
      const left = [...computed].filter((u) => !served.has(u));
      if (extra.length === 0 && left.length === 0) checks.push(`${page.path.replace(id, "{id}")} (${served.size} files)`);
      else mismatches.push(`${page.path}: the page also loads [${extra.join(", ")}], not [${left.join(", ")}]`);
    }
    const note =
      mismatches.length === 0
        ? `Same sets as the pages the portal serves: ${checks.join(", ")}.`
        : `Differences from the pages the portal serves: ${mismatches.join("; ")}.`;

    // The patient pages in a real browser.
    const kb = (bytes: number) => fmt(bytes / 1024);
    const gzipOf = (urls: readonly string[]) => totalSize(urls, build.size).gzipBytes;
    const browser = await openBrowserJs(session);
    const rows: (string | number)[][] = [];
    const lazyNotes: string[] = [];
    const browserMismatches: string[] = [];
    let listKb = NaN;
    try {
      for (const page of pages) {
        log(`browser: ${page.label}`);
        const before = routeScripts(build.manifest, page.routeId, build.importsOf);
        const loaded = await browser.load(page.path, { until: page.chart ? chartDrawn : undefined });
        const urls = loaded.map((s) => s.url);
        const { lazy, notLoaded } = compareLoaded(urls, before);
        if (notLoaded.length > 0) browserMismatches.push(`${page.label}: the browser did not load [${notLoaded.join(", ")}]`);
        if (lazy.length > 0) lazyNotes.push(`${page.label}: ${lazy.map((u) => `${u} (${kb(build.size(u).gzip)} KB)`).join(", ")}`);
        if (page.routeId === LIST_ROUTE) listKb = gzipOf(before) / 1024;
        rows.push([
          page.label,
          before.length,
          kb(gzipOf(before)),
          page.chart ? "after the chart is drawn" : "after load, network idle",
          urls.length,
          kb(gzipOf(urls)),
          kb(loaded.reduce((n, s) => n + s.wireBytes, 0)),
          lazy.length,
          kb(gzipOf(lazy)),
        ]);
      }
    } finally {
      await browser.close();
    }
    const browserTable = markdownTable(
      ["page", "files before interaction", "gzip KB before interaction", "browser measured", "files loaded", "gzip KB loaded", "KB on the wire", "files after hydration", "gzip KB after hydration"],
      rows,
      ["l", "r", "r", "l", "r", "r", "r", "r", "r"],
    );
    const aim = `Aim (list route ≤ ${LIST_JS_AIM_KB} KB gzip of JS before interaction): ${listKb <= LIST_JS_AIM_KB ? "met" : "MISSED"} (${fmt(listKb)} KB).`;
    const browserNote = [
      `Before interaction: the route's computed set (as in the table above). Loaded: every script chromium fetched (fresh profile, nothing cached) until the network was idle — on the chart tab after the chart island drew its live svg over the server's (ECharts); gzip KB from the build (zlib's default level), KB on the wire as chromium counted the response bodies. After hydration: the files loaded beyond the route's set.`,
      lazyNotes.length > 0 ? `Loaded after hydration — ${lazyNotes.join("; ")}.` : "Nothing loaded after hydration.",
      ...(browserMismatches.length > 0 ? [`Differences from the computed sets: ${browserMismatches.join("; ")}.`] : []),
      aim,
    ].join(" ");
    const failures = [...(mismatches.length > 0 ? [note] : []), ...browserMismatches];
    return {
      report: `${table}\n\nEntry + route modules root → route + their static imports, deduplicated; gzip at zlib's default level (as served). Lazily imported chunks (after hydration) are not counted. ${note}\n\n### Patient pages in a browser\n\n${browserTable}\n\nSigned in as practitioner@frontrange.example; patient ${id} (a demo Health patient with recent sessions). ${browserNote}`,
      failure: failures.length === 0 ? undefined : failures.join("; "),
    };
  },
};
