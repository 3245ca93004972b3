/**
 * The E2E `test`: Playwright's, plus
 * - `baseURL` = the portal the global setup started (so `page.goto("/home/")` works);
 * - `expectAccessible(page)`: axe on the current page, failing on serious or critical violations
 *   (helpers/a11y.ts; works in both projects);
 * - an automatic guard that makes "an accessibility check on every page visited" hold: it records every
 *   main-frame navigation of every page of the test; at the end of a passing test, the last page is checked if
 *   the test did not check it, and any earlier page that was left without a check fails the test with its URL;
 * - `page.goto` and `page.reload` made once more when Chromium aborted them for a change of the machine's network
 *   (retryOnNetworkChange), in the test's context and every other one opened on the browser (retryInEveryContext);
 * - with JavaScript, `page.goto` and `page.reload` return once the streamed document's parts are in place
 *   (settleStreamedParts);
 * - an automatic guard against errors the pages' scripts leave uncaught (`pageerror`): a passing test that saw one
 *   fails with it. A hydration mismatch is one (React's #418/#425): React then throws the server's HTML away and
 *   renders the part again, losing what the user did before the scripts ran (a row opened, a field typed in).
 *
 * Import `test` and `expect` from here, never from @playwright/test, in the specs.
 */
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { checkAccessibility, type A11yOptions } from "./helpers/a11y.js";
import { readState } from "../setup/state.js";

interface Visit {
  url: string;
  checked: boolean;
}

const visitsOf = new WeakMap<Page, Visit[]>();

function track(page: Page): void {
  if (visitsOf.has(page)) return;
  const visits: Visit[] = [];
  visitsOf.set(page, visits);
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = frame.url().replace(/#.*$/, "");
    if (!/^https?:/.test(url)) return;
    // Same URL again (a history.replaceState on hydration, a re-render of the same page): the same visit.
    const last = visits.at(-1);
    if (last && last.url === url) return;
    visits.push({ url, checked: false });
  });
}

type Navigation = Awaited<ReturnType<Page["goto"]>>;
type WaitUntil = NonNullable<Parameters<Page["goto"]>[1]>["waitUntil"];
/**
 * Wraps a page's document navigations — `page.goto` and `page.reload` — in `around` (given the navigation to make and
 * what it waits for), once per page and wrapper (a context's pages are wrapped again as fixtures come).
 */
function wrapNavigations(page: Page, wrapped: WeakSet<Page>, around: (navigate: () => Promise<Navigation>, waitUntil: WaitUntil) => Promise<Navigation>): void {
  if (wrapped.has(page)) return;
  wrapped.add(page);
  const goto = page.goto.bind(page);
  page.goto = (url, options) => around(() => goto(url, options), options?.waitUntil);
  const reload = page.reload.bind(page);
  page.reload = (options) => around(() => reload(options), options?.waitUntil);
}

/**
 * `page.goto` and `page.reload` made once more when the browser aborted them because the machine's network changed
 * (`net::ERR_NETWORK_CHANGED`): Chromium drops the requests in flight when a network interface comes or goes, and CI's
 * container lane creates and removes podman's beside the E2E lane (a layout test's `goto` failed so in a clean-clone
 * run, and a care-timer test's `reload`). Only that error, once: anything else fails as it did.
 */
const retrying = new WeakSet<Page>();
function retryOnNetworkChange(page: Page): void {
  wrapNavigations(page, retrying, async (navigate) => {
    try {
      return await navigate();
    } catch (e) {
      if (!(e instanceof Error) || !e.message.includes("net::ERR_NETWORK_CHANGED")) throw e;
      return navigate();
    }
  });
}

/**
 * The same for the pages of every other context opened on the worker's browser — a helper's (the sign-in that caches a
 * session's cookies: one such `goto` failed so in a clean-clone run), a second user's window — not only the test's own.
 */
const retryingBrowsers = new WeakSet<Browser>();
function retryInEveryContext(browser: Browser): void {
  if (retryingBrowsers.has(browser)) return;
  retryingBrowsers.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on("page", retryOnNetworkChange);
    return context;
  };
}

/**
 * A document that a browser running scripts loads comes streamed, as to every clinician's browser (the E2E browser
 * says it is Chrome: playwright.config.ts): the shell first, each slow part after it in a hidden `<div id="S:n">` that
 * React's inline script then moves into place — in batches, a moment after the part arrived (React 19.2). The load
 * event, which `page.goto` and `page.reload` wait for, comes when the document has ended, not when every part is in
 * place: right after it a part can be in the page twice (its hidden copy too: a strict locator fails) or not yet where
 * it goes (a read that does not retry finds nothing). After such a navigation this waits until no streamed part is
 * left hidden — what the clinician sees a moment later. A navigation that does not wait for the load event
 * (`waitUntil: "commit"`, to see a page while its data is slow) is left as it is.
 */
const HIDDEN_PARTS = 'div[hidden][id^="S:"]';
const settling = new WeakSet<Page>();
function settleStreamedParts(page: Page): void {
  wrapNavigations(page, settling, async (navigate, waitUntil) => {
    const response = await navigate();
    if (waitUntil === undefined || waitUntil === "load" || waitUntil === "networkidle") {
      await page.waitForFunction((selector) => !document.querySelector(selector), HIDDEN_PARTS, { timeout: 10_000 });
    }
    return response;
  });
}

/** Axe on the page as it is now; fails the test on serious or critical violations. */
export async function expectAccessible(page: Page, options?: A11yOptions): Promise<void> {
  const url = new URL(page.url());
  await test.step(`accessibility of ${url.pathname}${url.search}`, () => checkAccessibility(page, test.info(), options), { box: true });
  const last = visitsOf.get(page)?.at(-1);
  if (last) last.checked = true;
}

/** The start of a console line by which a page reports what an error it reported was caused by (pageErrorGuard). */
const CAUSE_MARK = "[error cause] ";

export const test = base.extend<{ a11yGuard: void; pageErrorGuard: void; networkChangeRetry: void; streamedParts: void }, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      retryInEveryContext(browser);
      await use(browser);
    },
    { scope: "worker" },
  ],
  baseURL: async ({}, use) => {
    await use(readState().baseURL);
  },
  networkChangeRetry: [
    async ({ context }, use) => {
      for (const p of context.pages()) retryOnNetworkChange(p);
      context.on("page", retryOnNetworkChange);
      await use();
    },
    { auto: true },
  ],
  streamedParts: [
    async ({ context, javaScriptEnabled }, use) => {
      if (javaScriptEnabled !== false) {
        for (const p of context.pages()) settleStreamedParts(p);
        context.on("page", settleStreamedParts);
      }
      await use();
    },
    { auto: true },
  ],
  a11yGuard: [
    async ({ context }, use, testInfo) => {
      for (const p of context.pages()) track(p);
      context.on("page", track);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      const unchecked: string[] = [];
      for (const p of context.pages()) {
        const visits = visitsOf.get(p) ?? [];
        const last = visits.at(-1);
        if (last && !last.checked && !p.isClosed()) await expectAccessible(p);
        for (const v of visits) if (!v.checked) unchecked.push(new URL(v.url).pathname + new URL(v.url).search);
      }
      if (unchecked.length) {
        throw new Error(`Pages visited without an accessibility check (call expectAccessible(page) after each navigation):\n  ${unchecked.join("\n  ")}`);
      }
    },
    { auto: true },
  ],
  pageErrorGuard: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      // The message, and where it was thrown (a thrown non-Error — "Response" — names only its class).
      const where = (e: Error) => e.stack?.split("\n").filter((l) => l.trim().startsWith("at ")).slice(0, 4).map((l) => l.trim()).join(" < ") ?? "";
      const watch = (p: Page) =>
        p.on("pageerror", (e) => {
          const at = where(e);
          errors.push(`${p.url()}: ${e.message}${at ? ` (${at})` : ""}`);
        });
      for (const p of context.pages()) watch(p);
      context.on("page", watch);
      // What a reported error wraps: React reports an error it recovered from (#418 hydration mismatch, #422 an error
      // while hydrating a Suspense boundary, #520) as its own minified message, the thrown error in `cause`, which the
      // page error does not carry. The pages print it; the guard adds it to the error's line.
      await context.addInitScript((mark: string) => {
        addEventListener("error", (event: ErrorEvent) => {
          const cause: unknown = (event.error as { cause?: unknown } | null)?.cause;
          if (cause) console.error(`${mark}${cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause)}`);
        });
      }, CAUSE_MARK);
      context.on("console", (m) => {
        if (m.type() === "error" && m.text().startsWith(CAUSE_MARK)) errors.push(`${m.page()?.url() ?? ""}: …caused by ${m.text().slice(CAUSE_MARK.length).split("\n").slice(0, 5).map((l) => l.trim()).join(" < ")}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      if (errors.length) throw new Error(`Uncaught errors in the page's scripts:\n  ${[...new Set(errors)].join("\n  ")}`);
    },
    { auto: true },
  ],
});

export { expect };

/** Whether this test runs with JavaScript enabled (project `js`). */
export const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;
