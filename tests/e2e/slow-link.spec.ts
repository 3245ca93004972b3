/**
 * The portal on a slow clinic link (issue 31, ADR 038): the production build through Chromium's network emulation —
 * 400 kbps both ways, 400 ms round trip — signed in as the practitioner, on the three pages clinicians open most
 * (/patients/, /home/, a patient's activity tab). Cold (a fresh browser context: nothing cached) the first content
 * must paint within firstContentMs and the load event fire within loadMs (or the page's recorded exception); warm
 * (the same context again once the cold page is idle: the fingerprinted assets cached for a year, the document
 * fetched anew) the load event within warmLoadMs. The budgets live in budgets/slow-link.json with how and why to
 * change them; a page over its budget fails the run.
 *
 * And the document's order on every kind of page (both projects): no module preload or script comes before the last
 * stylesheet, so the render-blocking CSS does not queue behind JavaScript (React 19 hoists `<link rel=modulepreload>`
 * above stylesheets that have no `precedence`: app/root.tsx).
 */
import { isbot } from "isbot";
import { test, expect, expectAccessible } from "./fixtures.js";
import { apiAs, PRACTITIONER, PROVIDER_ADMIN, PRODUCT_ADMIN } from "./helpers/stack.js";
import { sessionCookies } from "./helpers/session.js";
import { listPatients } from "./helpers/patient-data.js";
import { readState } from "../setup/state.js";
import { SCRIPTING_COOKIE } from "../../app/shell/scripting.js";
import { BROWSER_USER_AGENT } from "../../scripts/bench/lib/http.js";
import { formatLoad, formatWaterfall, measureColdAndWarm, overBudget, readSlowLinkBudgets, throttle, type Load } from "../../scripts/bench/lib/slow-link.js";

const budgets = readSlowLinkBudgets();

const fmt = (l: Load) => formatLoad(l);

test.describe("on a slow link", () => {
  test("@js-only the patient list, the dashboard and a patient's activity tab paint at one round trip and load within budget, cold and warm", async ({ browser }, testInfo) => {
    test.slow();
    const api = await apiAs(PRACTITIONER.email);
    const [patient] = await listPatients(api, "health", 1);
    if (!patient) throw new Error("the practitioner has no Health patient");
    const pages = [
      { label: "patient list", path: "/patients/" },
      { label: "dashboard", path: "/home/" },
      { label: "activity tab", path: `/patients/${patient.id}/health/activity/` },
    ];
    const { baseURL } = readState();
    const cookies = await sessionCookies(browser, PRACTITIONER.email);
    const over: string[] = [];
    const lines: string[] = [];
    const waterfalls: string[] = [];
    for (const p of pages) {
      // A fresh context: an empty cache (cold), then the same context again (warm: the hashed assets cached).
      // A clinician's Chrome: the headless browser's own user agent is a bot's, which the portal answers whole documents
      // (no streaming) — another page than the one clinicians get (scripts/bench/lib/http.ts).
      const context = await browser.newContext({ baseURL, userAgent: BROWSER_USER_AGENT, viewport: { width: 1280, height: 800 }, locale: "en-US" });
      try {
        await context.addCookies([...cookies, { name: SCRIPTING_COOKIE, value: "1", url: baseURL, sameSite: "Lax" }]);
        const page = await context.newPage();
        expect(isbot(await page.evaluate(() => navigator.userAgent)), "the test's browser is taken for a bot").toBe(false);
        await throttle(context, page, budgets.link);
        const { status, cold, warm } = await measureColdAndWarm(page, p.path);
        expect(status, `GET ${p.path}`).toBe(200);
        lines.push(`${p.label}: cold ${fmt(cold)}; warm ${fmt(warm)}`);
        const held = budgets.exceptions?.find((e) => e.page === p.label);
        if (held) lines.push(`  (${p.label}: held to ${held.loadMs} ms cold, target ${held.target} ms: budgets/slow-link.json exceptions)`);
        waterfalls.push(`${p.label}, cold:\n${formatWaterfall(cold)}`);
        over.push(...overBudget(budgets, p.label, cold, warm));
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    }
    const report = `${budgets.link.kbps} kbps, ${budgets.link.rttMs} ms RTT:\n  ${lines.join("\n  ")}`;
    // SLOW_LINK_WATERFALL=1: each cold load's waterfall too (it is always in the test's attachment).
    console.log(`[slow link] ${report}${process.env.SLOW_LINK_WATERFALL ? `\n\n${waterfalls.join("\n\n")}` : ""}`);
    await testInfo.attach("slow-link", { body: `${report}\n\n${waterfalls.join("\n\n")}`, contentType: "text/plain" });
    expect(over, `over budget (budgets/slow-link.json):\n${report}`).toEqual([]);
  });
});

/**
 * The last stylesheet (a `<link rel="stylesheet">` or the inline `<style>` that carries one, app/shell/document-links.tsx)
 * comes before the first module preload and script in a document's HTML.
 */
function orderProblem(html: string): string | null {
  const head = html.slice(0, html.indexOf("</head>") + 1 || undefined);
  const sheets = [...head.matchAll(/<link\b[^>]*\brel="stylesheet"|<style\b[^>]*\bdata-href="[^"]+"/g)].map((m) => m.index);
  if (sheets.length === 0) return "no stylesheet in <head>";
  const lastSheet = Math.max(...sheets);
  const script = /<link\b[^>]*\brel="modulepreload"|<script\b/g;
  const first = script.exec(html);
  if (first && first.index < lastSheet) return `${first[0]}… at ${first.index} comes before the last stylesheet at ${lastSheet}`;
  return null;
}

test.describe("the document's order", () => {
  test("stylesheets come before every module preload and script, on the sign-in page, the shell's pages and a patient's section", async ({ browser, playwright }) => {
    const { baseURL } = readState();
    const anonymous = await playwright.request.newContext({ baseURL });
    const problems: string[] = [];
    try {
      for (const path of ["/user/login/", "/no-such-page/"]) {
        const res = await anonymous.get(path, { headers: { accept: "text/html" } });
        const problem = orderProblem(await res.text());
        if (problem) problems.push(`${path}: ${problem}`);
      }
    } finally {
      await anonymous.dispose();
    }
    const api = await apiAs(PRACTITIONER.email);
    const [patient] = await listPatients(api, "health", 1);
    const byUser: [string, string[]][] = [
      [PRACTITIONER.email, ["/home/", "/patients/", `/patients/${patient!.id}/health/activity/`, `/patients/${patient!.id}/health/rom/`, "/programs/templates/", "/programs/exercise-library/", "/user/account/info/"]],
      [PROVIDER_ADMIN.email, ["/organization/providers/", "/programs/templates/builder/?action=create-template"]],
      [PRODUCT_ADMIN.email, ["/admin/organizations/"]],
    ];
    for (const [email, paths] of byUser) {
      const cookies = await sessionCookies(browser, email);
      const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } });
      try {
        for (const path of paths) {
          const res = await signedIn.get(path, { headers: { accept: "text/html" }, maxRedirects: 0 });
          expect(res.status(), `GET ${path} as ${email}`).toBe(200);
          const html = await res.text();
          if (process.env.SLOW_LINK_DUMP) (await import("node:fs")).writeFileSync(`${process.env.SLOW_LINK_DUMP}/${path.replace(/\W+/g, "_")}.html`, html);
          const problem = orderProblem(html);
          if (problem) problems.push(`${path}: ${problem}`);
        }
      } finally {
        await signedIn.dispose();
      }
    }
    expect(problems).toEqual([]);
  });

  test("@js-only a browser that runs scripts is told the entry's scripts in the document's headers, each one the document preloads; one without is not", async ({ browser, playwright }) => {
    const { baseURL } = readState();
    const jar = (await sessionCookies(browser, PRACTITIONER.email)).map((c) => `${c.name}=${c.value}`).join("; ");
    const chrome = await playwright.request.newContext({ baseURL, userAgent: BROWSER_USER_AGENT });
    try {
      const streamed = await chrome.get("/patients/", { headers: { accept: "text/html", cookie: `${jar}; ${SCRIPTING_COOKIE}=1` } });
      expect(streamed.status()).toBe(200);
      const announced = [...(streamed.headers()["link"] ?? "").matchAll(/<([^>]+)>;\s*rel=modulepreload/g)].map((m) => m[1]);
      const preloaded = [...(await streamed.text()).matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
      expect(announced.some((u) => /\/build\/framework-[\w-]+\.js$/.test(u ?? "")), `Link: ${announced.join(", ")}`).toBe(true);
      expect(announced.some((u) => /\/build\/entry\.client-[\w-]+\.js$/.test(u ?? "")), `Link: ${announced.join(", ")}`).toBe(true);
      for (const url of announced) expect(preloaded, `${url} is announced but not preloaded by the document`).toContain(url);
      // Without scripts (no scripting cookie: a whole document), nothing to fetch early.
      const whole = await chrome.get("/patients/", { headers: { accept: "text/html", cookie: jar } });
      expect(whole.status()).toBe(200);
      expect(whole.headers()["link"]).toBeUndefined();
    } finally {
      await chrome.dispose();
    }
  });
});
