/**
 * Accessibility check of the page as the user sees it now: axe-core (WCAG 2.0/2.1 A and AA rules and axe's
 * best practices), failing on serious or critical violations. Lesser ones are attached to the report.
 *
 * With JavaScript enabled, axe runs in the page itself. With JavaScript disabled it cannot (Playwright cannot
 * evaluate in a page whose scripts are off, and switching them on would change what we test), so the page's
 * current DOM is snapshotted and re-opened, at the same URL, with its cookies and viewport but without any of
 * its scripts, in a scratch context of the same browser: the stylesheets, fonts and images load from the
 * portal as they did, `<noscript>` content is shown as a browser without JavaScript shows it, and axe runs there.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

export interface A11yOptions {
  /** Rules to switch off for this check, each with a reason in the test. Use sparingly. */
  disableRules?: string[];
  /** CSS selectors to leave out (e.g. a third-party widget). */
  exclude?: string[];
}

/** The page's DOM with its scripts removed and <noscript> unwrapped: what a browser without JavaScript renders. */
export function staticSnapshot(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, "")
    .replace(/<meta\b[^>]*http-equiv=["']?content-security-policy["']?[^>]*>/gi, "")
    .replace(/<\/?noscript\b[^>]*>/gi, "");
}

interface Scratch {
  context: BrowserContext;
  page: Page;
  /** The snapshot the next navigation of `page` is answered with. */
  html: string;
}

/** One scratch context and page per browser (= per worker; checks in a worker never overlap). */
const scratches = new WeakMap<Browser, Promise<Scratch>>();

async function scratchFor(browser: Browser): Promise<Scratch> {
  let s = scratches.get(browser);
  if (!s) {
    s = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true, locale: "en-US" });
      const scratch: Scratch = { context, page: await context.newPage(), html: "" };
      await scratch.page.route("**/*", async (route) => {
        const req = route.request();
        if (req.isNavigationRequest() && req.frame() === scratch.page.mainFrame()) {
          await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: scratch.html });
        } else {
          await route.continue();
        }
      });
      return scratch;
    })();
    scratches.set(browser, s);
  }
  return s;
}

async function analyzeWithoutJs(page: Page, options: A11yOptions): Promise<{ results: AxeResults; html: string }> {
  const context = page.context();
  const browser = context.browser();
  if (!browser) throw new Error("expectAccessible: the page's browser is not available");
  const scratch = await scratchFor(browser);
  scratch.html = staticSnapshot(await page.content());
  await scratch.context.clearCookies();
  await scratch.context.addCookies(await context.cookies());
  const size = page.viewportSize();
  if (size) await scratch.page.setViewportSize(size);
  await scratch.page.goto(page.url(), { waitUntil: "load" });
  return { results: await builder(scratch.page, options).analyze(), html: scratch.html };
}

function builder(page: Page, options: A11yOptions): AxeBuilder {
  // Legacy mode runs axe.run() in the page itself; the default mode opens an extra page per check to merge
  // frame results (our pages have no iframes; ~2x slower).
  let b = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
  if (options.disableRules?.length) b = b.disableRules(options.disableRules);
  for (const sel of options.exclude ?? []) b = b.exclude(sel);
  return b;
}

function describe(v: Violation): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map((n) => `      - ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ").trim() ?? ""}`)
    .join("\n");
  return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${v.nodes.length > 5 ? `\n      … ${v.nodes.length - 5} more` : ""}`;
}

/**
 * Runs axe on the page's current state; throws (failing the test) on serious or critical violations.
 * Returns the full results.
 */
export async function checkAccessibility(page: Page, testInfo: TestInfo, options: A11yOptions = {}): Promise<AxeResults> {
  const jsEnabled = testInfo.project.use.javaScriptEnabled !== false;
  // An assertion on the URL passes as soon as a navigation commits, while the document may still be arriving
  // (streamed): check the whole page, not the part parsed so far.
  await page.waitForLoadState("load");
  let snapshot: string | undefined;
  let results: AxeResults;
  if (jsEnabled) results = await builder(page, options).analyze();
  else ({ results, html: snapshot } = await analyzeWithoutJs(page, options));
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  if (results.violations.length) {
    await testInfo.attach(`axe ${path}`, {
      contentType: "application/json",
      body: JSON.stringify(results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target) })), null, 2),
    });
  }
  if (failing.length) {
    // Without JavaScript: the document axe saw, to reproduce (open it with the portal running).
    if (snapshot) await testInfo.attach(`axe snapshot ${path}`, { contentType: "text/html", body: snapshot });
    throw new Error(`Accessibility: ${failing.length} serious or critical axe violation(s) on ${path}:\n${failing.map(describe).join("\n")}`);
  }
  return results;
}
