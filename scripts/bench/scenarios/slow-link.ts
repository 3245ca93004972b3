/**
 * The three pages of issue 31 on a slow clinic link (budgets/slow-link.json: 400 kbps both ways, 400 ms round trip),
 * in Chromium as the E2E tests drive it, signed in as the practitioner: cold (a fresh context) and warm (the same
 * context again), with the cold load's waterfall — when the document's first and last byte came, each request's
 * start, first and last byte and size, what blocked rendering — and the document's `<head>` order. The slow-link E2E
 * (tests/e2e/slow-link.spec.ts) holds the budgets; this prints how a page gets there, judged by the same budgets
 * (a page over them fails the command). It runs on a stack of its own, without the API's artificial delays of the
 * other scenarios (which hold the dashboard's cards and the activity tab's sessions back by 2 s each; the E2E stack
 * has none), and in a browser that says it is Chrome (BROWSER_USER_AGENT: the headless one's own user agent is a bot's,
 * which gets whole documents).
 *
 *   npm run bench:portal -- slow
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { SCRIPTING_COOKIE } from "../../../app/shell/scripting.js";
import { signInAs } from "../../identity/sign-in.js";
import { demoAccount } from "../lib/accounts.js";
import { BROWSER_USER_AGENT, send } from "../lib/http.js";
import { benchPatient } from "../lib/patients.js";
import { signInToPortal } from "../lib/portal-session.js";
import { formatLoad, formatWaterfall, headOrder, measureColdAndWarm, overBudget, readSlowLinkBudgets, throttle, type Load } from "../lib/slow-link.js";
import type { Scenario } from "../lib/scenario.js";
import { markdownTable } from "../lib/table.js";

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

const load1 = () => loadavg()[0]!.toFixed(1);
const sec = (ms: number) => (ms / 1000).toFixed(2);

export const slowLink: Scenario = {
  name: "slow",
  undelayed: true,
  title: "The patient list, the dashboard and a patient's activity tab on a slow link (cold, warm, waterfall)",
  async run({ bench, agent, log }) {
    const budgets = readSlowLinkBudgets();
    const account = demoAccount("practitioner@frontrange.example");
    const session = await signInToPortal(bench.portal.url, account, agent);
    const { accessToken } = await signInAs(bench.stack.identity, { username: account.userId, password: account.password });
    const id = await benchPatient(bench.stack, { apiUrl: bench.stack.apiUrl, portalUrl: bench.portal.url, accessToken, pageHeaders: session.headers(), agent });
    const pages = [
      { label: "patient list", path: "/patients/" },
      { label: "dashboard", path: "/home/" },
      { label: "activity tab", path: `/patients/${id}/health/activity/` },
    ];
    const origin = new URL(bench.portal.url);
    const cookies = [...session.jar.entries(), { name: SCRIPTING_COOKIE, value: "1" }].map((c) => ({ ...c, domain: origin.hostname, path: "/" }));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
    const rows: (string | number)[][] = [];
    const over: string[] = [];
    const details: string[] = [];
    try {
      for (const p of pages) {
        log(`slow link: ${p.label}`);
        const context = await browser.newContext({ baseURL: bench.portal.url, userAgent: BROWSER_USER_AGENT, viewport: { width: 1280, height: 800 }, locale: "en-US" });
        try {
          await context.addCookies(cookies);
          const page = await context.newPage();
          await throttle(context, page, budgets.link);
          const loadCold = load1();
          const measured = await measureColdAndWarm(page, p.path);
          if (measured.status !== 200) throw new Error(`GET ${p.path} answered ${measured.status}`);
          const loadWarm = load1(); // the load average after both loads
          const cold = { load: measured.cold };
          const warm = { load: measured.warm };
          const row = (l: Load, load: string) => [sec(l.firstContentMs), sec(l.loadMs), l.requests, l.requestsBeforeLoad, l.kb, load];
          rows.push([p.label, "cold", ...row(cold.load, loadCold)], [p.label, "warm", ...row(warm.load, loadWarm)]);
          over.push(...overBudget(budgets, p.label, measured.cold, measured.warm));
          const html = (await send(new URL(p.path, bench.portal.url).href, { agent, headers: session.headers({ scripts: true }) })).body;
          const scripts = cold.load.waterfall.filter((r) => /\.m?js$/.test(r.url));
          details.push(
            [
              `### ${p.label} (\`${p.path.replace(id, "{id}")}\`), cold: ${formatLoad(cold.load)}; load average ${loadCold}`,
              "",
              "```",
              formatWaterfall(cold.load),
              "```",
              "",
              `Scripts: ${scripts.length} requests, ${(scripts.reduce((n, r) => n + r.bytes, 0) / 1024).toFixed(1)} KB on the wire. Document: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB uncompressed.`,
              `\`<head>\` order: ${headOrder(html).join(" → ")}`,
            ].join("\n"),
          );
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
    const table = markdownTable(["page", "cache", "first content s", "load s", "requests", "before load", "KB", "load average"], rows, ["l", "l", "r", "r", "r", "r", "r", "r"]);
    const held = (budgets.exceptions ?? []).map((e) => `${e.page} held to ${sec(e.loadMs)} s (target ${sec(e.target)} s)`);
    const aim = `Aims (budgets/slow-link.json: first content ≤ ${sec(budgets.firstContentMs)} s, load ≤ ${sec(budgets.loadMs)} s cold${held.length ? ` — ${held.join(", ")}` : ""} — ≤ ${sec(budgets.warmLoadMs)} s warm): ${over.length === 0 ? "met" : `MISSED (${over.join(", ")})`}.`;
    return {
      failure: over.length ? over.join("; ") : undefined,
      report: `${budgets.link.kbps} kbps both ways, ${budgets.link.rttMs} ms added to every request (Chromium's emulation), signed in as ${account.email}; patient ${id}.\n\n${table}\n\n${aim}\n\n${details.join("\n\n")}`,
    };
  },
};
