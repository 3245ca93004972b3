/**
 * The Content-Security-Policy without inline styles (issue 23, finding 13; ADR 024 §13): a page of each area loads
 * with no CSP violation in the browser's console (and, with JavaScript, no `securitypolicyviolation` event),
 * including the client islands — the chart island over the server's SVG (tooltip shown), the virtualized activity list, the replay viewer, the
 * drag-and-drop list, the logo's crop control — and the two-step verification screens (the sign-in's code step, the
 * authenticator set-up's QR code), and no page's HTML carries a style attribute. The report endpoint logs a posted report in
 * either format with its directive, blocked origin and document path only (no query, no sample, no names).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { canReplay } from "../../app/domain/scan-display.js";
import { readState } from "../setup/state.js";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { useSession } from "./helpers/session.js";
import { apiAs, createProvider, PRACTITIONER, PRODUCT_ADMIN } from "./helpers/stack.js";
import { answerCodeStep, demoTotpSecret, signInAs, submitLogin } from "./helpers/ui.js";
import { BLUE, GREEN, RED, bandsPng } from "../../reference-api/src/testing/images.js";

test.describe.configure({ timeout: 180_000 });

/**
 * Collects the page's CSP violations from here on: console messages (both projects) and, with JavaScript, the
 * `securitypolicyviolation` events of each document (an init script, registered once per page).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content[ -]Security[ -]Policy/i.test(m.text())) seen.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp?: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp!.push(`${location.pathname}: ${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
  });
  return async () => {
    const events = jsEnabled() ? await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []) : [];
    const all = [...seen, ...events];
    seen.length = 0;
    return all;
  };
}

/**
 * Opens `path`, lets the islands run, and takes the page's violations before the accessibility check (axe-core,
 * injected by the test, probes `Function()` and is refused by the CSP: the test's tool, not the page); then checks
 * that the page's HTML has no style attribute.
 */
async function visit(page: Page, violations: () => Promise<string[]>, path: string, ready?: (page: Page) => Promise<void>): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await page.waitForLoadState("load");
  if (ready) await ready(page);
  const found = await violations();
  await expectAccessible(page);
  const html = await (await page.request.get(path)).text();
  expect(html.match(/<[a-zA-Z][^<>]*\sstyle\s*=/g) ?? [], `style attributes in the HTML of ${path}`).toEqual([]);
  return found;
}

/**
 * The server's chart SVG is on the page; with JavaScript the island draws over it and shows a tooltip (ECharts sets
 * its styles through the CSSOM and draws the tooltip in the SVG: nothing for the CSP to refuse).
 */
async function chartDrawn(p: Page) {
  // The patient may have nothing to chart in the range (then the tab says so): nothing to check.
  if ((await p.locator("figure.chart").count()) === 0) return;
  await expect(p.locator("figure.chart .chart-svg > svg[role=img]").first()).toBeVisible();
  if (!jsEnabled()) return;
  const live = p.getByTestId("chart-live").first().locator("svg");
  await expect(live).toBeVisible({ timeout: 20_000 });
  await live.scrollIntoViewIfNeeded();
  const box = (await live.boundingBox())!;
  await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await p.mouse.move(box.x + box.width / 2 + 4, box.y + box.height / 2);
}

const replayable = (s: { artifacts: string[]; session: { meta: { scanVersion: string } } }) => s.artifacts.includes("pose-log") && canReplay(s.session.meta.scanVersion);

test("a page of each area loads without a CSP violation, islands included", async ({ page }) => {
  const api = await apiAs(PRACTITIONER.email);
  const patients = (await api.GET("/v2/health/patients/pages", { params: { query: { limit: 10, status: "ACTIVE" } } })).data!.items;
  const patient = patients[0]!;
  const sessions = (await api.GET("/v2/scan/sessions/pages", { params: { query: { limit: 999, assessmentIds: ["AST-0018"] } } })).data!.items;
  const scanSession = sessions.find(replayable);
  expect(scanSession, "a replayable scan session at the practitioner's locations").toBeTruthy();

  const all: string[] = [];
  const violations = await watchCsp(page);
  // Signed out: the sign-in page.
  all.push(...(await visit(page, violations, "/user/login/")));

  await useSession(page, PRACTITIONER);
  const practitionerPages: [string, ((p: Page) => Promise<void>)?][] = [
    ["/home/"],
    ["/patients/"],
    [`/patients/${patient.id}/health/activity/`],
    [
      `/patients/${patient.id}/health/activity/?dialog=patient-view&zoom=120`,
      async (p) => {
        // The zoom is a stylesheet rule now (no style attribute): it still applies.
        const zoom = await p.locator(".patient-view-content").evaluate((el) => getComputedStyle(el).zoom);
        expect(zoom).toBe("1.2");
      },
    ],
    [`/patients/${patient.id}/health/rom/`, chartDrawn],
    ["/programs/exercise-library/"],
    ["/programs/templates/"],
    ["/rtm-billing/cycles-by-month/"],
    ["/organization/details/"],
    ["/organization/providers/"],
    ["/scan/sessions/"],
    [
      `/scan/sessions/${scanSession!.id}/replay/`,
      async (p) => {
        if (jsEnabled()) await expect(p.locator("canvas").first()).toBeVisible({ timeout: 20_000 });
      },
    ],
    ["/gait/reports/"],
    ["/telehealth/hands/"],
    ["/user/account/info/"],
  ];
  for (const [path, ready] of practitionerPages) all.push(...(await visit(page, violations, path, ready)));

  await page.context().clearCookies();
  await useSession(page, PRODUCT_ADMIN);
  const { data: orgs } = await (await apiAs(PRODUCT_ADMIN.email)).GET("/v2/admin/scan/organizations/locations");
  const adminPages: [string, ((p: Page) => Promise<void>)?][] = [["/admin/organizations/"], ["/admin/insights/", chartDrawn], ["/admin/settings/"]];
  const scanOrg = (orgs as { id: string }[] | undefined)?.[0];
  if (scanOrg) adminPages.push([`/admin/scan/organizations/${scanOrg.id}/modules/`]);
  for (const [path, ready] of adminPages) all.push(...(await visit(page, violations, path, ready)));

  expect(all).toEqual([]);
});

test("the two-step verification screens and the logo's crop control load without a CSP violation", async ({ page }) => {
  const all: string[] = [];
  const violations = await watchCsp(page);

  // The sign-in's code step (ADR 027): a staff account signs in for real, its code screen checked as a page.
  await submitLogin(page, PRODUCT_ADMIN.email, PRODUCT_ADMIN.password);
  await expect(page).toHaveURL(/\/user\/login\/mfa\/$/);
  all.push(...(await visit(page, violations, "/user/login/mfa/")));
  await answerCodeStep(page, demoTotpSecret(PRODUCT_ADMIN.email)!);
  await expect(page).toHaveURL(/\/home\/$/);
  await expectAccessible(page);

  // The logo step's crop control (react-easy-crop, whose own <style> injection the CSP would refuse): a PNG chosen,
  // nothing uploaded.
  const { data: orgs } = await (await apiAs(PRODUCT_ADMIN.email)).GET("/v2/admin/organizations");
  const organization = orgs?.[0];
  expect(organization, "an organization for the logo step").toBeTruthy();
  all.push(
    ...(await visit(page, violations, `/admin/organizations/?add=logo&organization=${organization!.id}`, async (p) => {
      await p.getByLabel("Logo", { exact: true }).setInputFiles({ name: "bands.png", mimeType: "image/png", buffer: await bandsPng([RED, GREEN, BLUE], 250, 140) });
      if (jsEnabled()) await expect(p.getByRole("group", { name: "Crop area" })).toBeVisible();
    })),
  );

  // Setting up an authenticator: the server-drawn QR code and the key, for a provider of the test's own.
  const provider = await createProvider();
  await page.context().clearCookies();
  await signInAs(page, provider.email, provider.password);
  all.push(...(await visit(page, violations, "/user/account/two-step/")));
  await page.getByRole("button", { name: "Set Up Authenticator App" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  all.push(...(await violations()));
  await expectAccessible(page);

  expect(all).toEqual([]);
});

test("the report endpoint logs a posted report, both formats, without PHI", async ({ page }) => {
  const tag = randomUUID().replace(/-/g, "").slice(0, 10);
  const name = `Zebulon${tag}`;
  const email = `quixote.${tag}@example.com`;
  const origin = new URL(readState().baseURL).origin;
  const reportsJson = [
    {
      type: "csp-violation",
      age: 1,
      url: `${origin}/patients/?search=${name}`,
      user_agent: "e2e",
      body: {
        documentURL: `${origin}/csp-e2e-${tag}/?search=${name}&email=${encodeURIComponent(email)}`,
        referrer: `${origin}/patients/?search=${name}`,
        blockedURL: `https://cdn.example/${name}.js?email=${encodeURIComponent(email)}`,
        effectiveDirective: "script-src-elem",
        originalPolicy: "script-src 'self'",
        sample: `${name} ${email}`,
        disposition: "enforce",
        statusCode: 200,
      },
    },
  ];
  const legacy = {
    "csp-report": {
      "document-uri": `${origin}/csp-e2e-legacy-${tag}/?q=${name}`,
      "violated-directive": "style-src-attr",
      "effective-directive": "style-src-attr",
      "blocked-uri": "inline",
      "script-sample": `color:red /* ${name} */`,
      disposition: "enforce",
    },
  };
  const a = await page.request.post("/csp-report", { data: JSON.stringify(reportsJson), headers: { "Content-Type": "application/reports+json" } });
  expect(a.status()).toBe(204);
  const b = await page.request.post("/csp-report", { data: JSON.stringify(legacy), headers: { "Content-Type": "application/csp-report" } });
  expect(b.status()).toBe(204);
  expect((await page.request.post("/csp-report", { data: "x", headers: { "Content-Type": "text/plain" } })).status()).toBe(415);

  type Line = { msg?: string; directive?: string; blocked?: string; documentPath?: string };
  const lines = async (): Promise<Line[]> =>
    readFileSync(readState().portalLog, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("{") && l.includes(tag))
      .map((l) => JSON.parse(l) as Line);
  await expect.poll(async () => (await lines()).filter((l) => l.msg === "csp violation").length, { timeout: 10_000 }).toBe(2);
  const logged = (await lines()).filter((l) => l.msg === "csp violation");
  expect(logged).toContainEqual(expect.objectContaining({ directive: "script-src-elem", blocked: "https://cdn.example", documentPath: `/csp-e2e-${tag}/` }));
  expect(logged).toContainEqual(expect.objectContaining({ directive: "style-src-attr", blocked: "inline", documentPath: `/csp-e2e-legacy-${tag}/` }));
  const log = readFileSync(readState().portalLog, "utf8");
  expect(log).not.toContain(name);
  expect(log).not.toContain(email);
  expect(log).not.toContain(encodeURIComponent(email));
});
