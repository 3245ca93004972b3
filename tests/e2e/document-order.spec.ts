/**
 * The document's order on every kind of page (both projects; issue 31, ADR 038): no module preload or script comes
 * before the last stylesheet, so the render-blocking CSS does not queue behind JavaScript on a slow link (React 19
 * hoists `<link rel=modulepreload>` above stylesheets that have no `precedence`: app/root.tsx); and a browser that
 * runs scripts is told the entry's and the root's scripts in the document's headers. The load budgets are slow-link.spec.ts's.
 */
import { test, expect } from "./fixtures.js";
import { apiAs, PRACTITIONER, PROVIDER_ADMIN, PRODUCT_ADMIN } from "./helpers/stack.js";
import { sessionCookies } from "./helpers/session.js";
import { listPatients } from "./helpers/patient-data.js";
import { readState } from "../setup/state.js";
import { SCRIPTING_COOKIE } from "../../app/shell/scripting.js";
import { BROWSER_USER_AGENT } from "../../scripts/bench/lib/http.js";

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

  test("@js-only a browser that runs scripts is told the entry's and the root's scripts in the document's headers, each one the document preloads; one without is not", async ({ browser, playwright }) => {
    const { baseURL } = readState();
    const jar = (await sessionCookies(browser, PRACTITIONER.email)).map((c) => `${c.name}=${c.value}`).join("; ");
    const chrome = await playwright.request.newContext({ baseURL, userAgent: BROWSER_USER_AGENT });
    try {
      const streamed = await chrome.get("/patients/", { headers: { accept: "text/html", cookie: `${jar}; ${SCRIPTING_COOKIE}=1` } });
      expect(streamed.status()).toBe(200);
      const announced = [...(streamed.headers()["link"] ?? "").matchAll(/<([^>]+)>;\s*rel=modulepreload/g)].map((m) => m[1]);
      const preloaded = [...(await streamed.text()).matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
      // The entry's file (the framework in it) and the root's (the document's code).
      expect(announced.some((u) => /\/build\/entry\.client-[\w-]+\.js$/.test(u ?? "")), `Link: ${announced.join(", ")}`).toBe(true);
      expect(announced.some((u) => /\/build\/root-[\w-]+\.js$/.test(u ?? "")), `Link: ${announced.join(", ")}`).toBe(true);
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
