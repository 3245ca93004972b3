/**
 * A document carries inline only the stylesheets the browser lacks (app/shell/cached-sheets.ts, ADR 038): the first
 * document of a browser carries its sheets inline (content at one round trip); once the page has loaded, the browser
 * fetches those sheets' files and names them in the `exer-css` cookie, and its next document links them — taken from
 * the browser's cache, the page styled as before. A browser that runs no scripts names nothing: its documents carry
 * their sheets every time.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.js";
import { PRACTITIONER } from "./helpers/stack.js";
import { sessionCookies, useSession } from "./helpers/session.js";
import { readState } from "../setup/state.js";
import { CACHED_SHEETS_COOKIE, cachedSheets, sheetKey } from "../../app/shell/cached-sheets.js";

const INLINE = /<style\b[^>]*\bdata-href="([^"]+)"/g;
const LINKED = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/build\/[^"]+\.css)"|<link\b[^>]*\bhref="(\/build\/[^"]+\.css)"[^>]*\brel="stylesheet"/g;

/** The document's head: the sheets it carries inline and those it links. */
function sheetsOf(html: string): { inline: string[]; linked: string[] } {
  const head = html.slice(0, html.indexOf("</head>"));
  return { inline: [...head.matchAll(INLINE)].map((m) => m[1]!), linked: [...head.matchAll(LINKED)].map((m) => (m[1] ?? m[2])!) };
}

/** Styles that show the shell and the list are styled (computed, so the same whichever way the sheets came). */
const styling = (page: Page) =>
  page.evaluate(() => {
    const pick = (el: Element | null) => {
      if (!el) return null;
      const s = getComputedStyle(el);
      return [s.display, s.fontFamily, s.backgroundColor, s.padding, s.borderCollapse, s.gap].join("|");
    };
    return { body: pick(document.body), nav: pick(document.querySelector("nav")), main: pick(document.querySelector("main")), table: pick(document.querySelector("main table")) };
  });

test("@js-only the next document links the sheets the browser fetched after the first one carried them inline, from its cache", async ({ page, context }) => {
  await useSession(page, PRACTITIONER.email);
  const first = await page.goto("/patients/");
  const firstSheets = sheetsOf(await first!.text());
  expect(firstSheets.inline.length, "a first visit's document carries its sheets inline").toBeGreaterThan(0);
  await expect(page.getByRole("table")).toBeVisible();
  const styledFirst = await styling(page);

  // Once the page has loaded: the cookie names every sheet the document carried (their files fetched).
  const wanted = firstSheets.inline.map((href) => sheetKey(href)!);
  await expect
    .poll(async () => cachedSheets((await context.cookies()).filter((c) => c.name === CACHED_SHEETS_COOKIE).map((c) => `${c.name}=${c.value}`).join("; ")), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(wanted));

  // The same page again: its sheets linked, each taken from the browser's cache (none fetched from the server).
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requested = new Map<string, { path: string; cached: boolean }>();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (/\/build\/[^?]+\.css$/.test(e.request.url)) requested.set(e.requestId, { path: new URL(e.request.url).pathname, cached: false });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const sheet = requested.get(e.requestId);
    if (sheet) sheet.cached = true;
  });
  cdp.on("Network.responseReceived", (e) => {
    const sheet = requested.get(e.requestId);
    if (sheet && (e.response.fromDiskCache || e.response.fromPrefetchCache)) sheet.cached = true;
  });
  const again = await page.reload();
  const againSheets = sheetsOf(await again!.text());
  expect(againSheets.inline, "the sheets the browser has are not carried again").toEqual([]);
  expect([...againSheets.linked].sort()).toEqual([...firstSheets.inline].sort());
  await expect(page.getByRole("table")).toBeVisible();
  await expect
    .poll(() => [...requested.values()].map((r) => `${r.path} ${r.cached ? "from the cache" : "from the server"}`).sort())
    .toEqual(againSheets.linked.map((path) => `${path} from the cache`).sort());
  expect(await styling(page), "the page is styled as when its sheets were inline").toEqual(styledFirst);
  await expectAccessible(page);
});

test("@js-only a browser that runs no scripts names no sheets: its documents keep carrying them inline", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: readState().baseURL, javaScriptEnabled: false });
  try {
    await context.addCookies(await sessionCookies(browser, PRACTITIONER.email));
    const page = await context.newPage();
    for (const visit of ["first", "second"]) {
      const res = await page.goto("/patients/");
      const sheets = sheetsOf(await res!.text());
      expect(sheets.inline.length, `the ${visit} document carries its sheets`).toBeGreaterThan(0);
      expect(sheets.linked, `the ${visit} document links no build sheet`).toEqual([]);
      await expect(page.getByRole("table")).toBeVisible();
    }
    expect((await context.cookies()).some((c) => c.name === CACHED_SHEETS_COOKIE)).toBe(false);
  } finally {
    await context.close();
  }
});
