/**
 * Accessibility check of the page as the user sees it now: axe-core (WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's
 * best practices), failing on serious or critical violations. Lesser ones are attached to the report.
 *
 * With JavaScript enabled, axe runs in the page itself. With JavaScript disabled it cannot (Playwright cannot
 * evaluate in a page whose scripts are off, and switching them on would change what we test), so the page's
 * current DOM is snapshotted and re-opened, at the same URL, with its cookies and viewport but without any of
 * its scripts, in a scratch context of the same browser: the stylesheets, fonts and images load from the
 * portal as they did, `<noscript>` content is shown as a browser without JavaScript shows it, and axe runs there.
 *
 * Each distinct page state is checked once per run: before axe runs, the DOM's structure is fingerprinted
 * (elements, their classes, roles, types and ARIA attributes, whether text is present — not the text itself,
 * not ids or data; structurally identical siblings, such as table rows of one kind, count once, wherever they are) together with
 * the viewport and the options. A fingerprint already checked (and passed) in this run is not
 * checked again, in any worker of the run (a file per passed fingerprint in the run's data directory): axe's
 * verdict depends on that structure and the styles its classes select, so the same screen reached again with
 * other data (another patient, another organization) adds nothing but time — axe was more than half of the
 * E2E suite's time. A different state (an error view, a dialog, a message at a field, another row kind, other
 * sidebar items) is a different fingerprint and is checked. Within a check, `color-contrast` (axe's costliest rule)
 * runs only when the page shows a kind of text — colour, size, weight, the backgrounds behind it — that has not
 * passed it yet in this run, or has something laid over it (contrastContexts); `target-size` (the next costliest) only
 * when a control on the page is small or overlapped by another (targetSizeSuspects). Without JavaScript, each screen is
 * checked in its first state only (noJsScreenKey). `A11Y_STATS=1` logs each check's outcome; `A11Y_FP=1` writes each
 * state's fingerprint, with its path, to the run's data directory (`a11y-fp/`; with `E2E_KEEP_DATA=1`), to see what
 * makes two states of one screen differ.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import type { Result as Violation, RunOptions } from "axe-core";
import { redactUrlPath } from "../../../server/url-redaction.js";
import { readState } from "../../setup/state.js";

// WCAG 2.2's AA rules (`wcag22aa`: 2.5.8 Target Size (minimum)) since every target is 24 px at least (app.css, ADR 046).
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** What a check answers: axe's violations (passes and the rest are not sent back). */
interface AxeResults {
  violations: Violation[];
}

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

/**
 * The structure of the document (runs in the page): see the module's comment. Ids, ARIA references and
 * values that carry data are kept as names only; a name, a label or text is reduced to "there is one".
 */
function domFingerprint(): string {
  const KEEP_VALUES = new Set(["class", "role", "type", "scope", "rel", "lang", "dir", "open", "hidden", "disabled", "tabindex", "aria-hidden", "aria-expanded", "aria-selected", "aria-current", "aria-modal", "aria-live", "aria-invalid", "aria-checked", "aria-pressed", "aria-disabled", "aria-haspopup", "aria-orientation", "aria-level", "aria-sort"]);
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent?.trim() ? "T" : "";
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (tag === "script" || tag === "template") return "";
    const attrs = Array.from(el.attributes)
      .map((a) => (KEEP_VALUES.has(a.name) ? `${a.name}=${a.value}` : a.value === "" ? `${a.name}=` : a.name))
      .sort()
      .join(" ");
    // Each kind of child once, in the order first met: rows of three kinds in any order and number are the same table.
    const kids: string[] = [];
    const met = new Set<string>();
    for (const child of Array.from(el.childNodes)) {
      const f = walk(child);
      if (f && !met.has(f)) {
        met.add(f);
        kids.push(f);
      }
    }
    return `<${tag} ${attrs}>${kids.join("")}</>`;
  };
  return walk(document.documentElement);
}

/** Runs in the page: whether React Router's router has no navigation or revalidation under way (true before hydration). */
function routerIdle(): boolean {
  const router = (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__reactRouterDataRouter;
  return !router || (router.state.navigation.state === "idle" && router.state.revalidation === "idle");
}

/**
 * With JavaScript: until React Router's router has finished the navigation a click or a submit started (at most 15 s;
 * then the caller's own assertions report what is wrong). Without JavaScript there is nothing to wait for.
 */
export async function waitForRouterIdle(page: Page): Promise<void> {
  await page.waitForFunction(routerIdle, undefined, { timeout: 15_000 }).catch(() => undefined);
}

/**
 * Keys that passed in this run: this worker's in memory, and every worker's as empty files named by the key in a
 * directory of the run's data directory.
 */
function passedInRun(dirName: string) {
  const mine = new Set<string>();
  const dir = () => join(readState().dataDir, dirName);
  return {
    has: (key: string) => mine.has(key) || existsSync(join(dir(), key)),
    add(keys: readonly string[]) {
      if (!keys.length) return;
      mkdirSync(dir(), { recursive: true });
      for (const key of keys) {
        mine.add(key);
        writeFileSync(join(dir(), key), "");
      }
    },
  };
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex");

/** Page states (fingerprints) checked and passed in this run. */
const statesPassed = passedInRun("a11y-checked");

const stateKey = async (page: Page, options: A11yOptions): Promise<string> => {
  // Not the project: with the same structure, the page with and without JavaScript gets the same verdict.
  const fingerprint = await page.evaluate(domFingerprint);
  const key = hashOf(JSON.stringify([page.viewportSize(), options, fingerprint]));
  if (process.env.A11Y_FP) {
    const dir = join(readState().dataDir, "a11y-fp");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${key}.txt`), `${new URL(page.url()).pathname}\n${fingerprint.replace(/></g, ">\n<")}\n`);
  }
  return key;
};

/**
 * Runs in the page: what axe's `color-contrast` verdict on the page's text depends on, one key per kind of text —
 * its colour, size and weight, its opacity, text shadow, and the backgrounds behind it up to the first opaque one —
 * and whether something is laid over the page (an open dialog, a drawer's backdrop), which changes what is behind
 * text. The rule's verdict on a text is a function of these (WCAG 1.4.3's ratio and its large-text threshold), so a
 * page whose every key passed before, with nothing laid over it, needs no contrast check: `color-contrast` was more
 * than half of axe's time on the suite's pages (the dashboard: 6.7 s of axe, 2.6 s without it, on a loaded machine).
 */
function contrastContexts(): { keys: string[]; overlay: boolean } {
  // Computed colours read "rgb(r, g, b)" or "rgba(r, g, b, a)".
  const alpha = (color: string) => (color.startsWith("rgba(") ? Number(color.slice(5, -1).split(",")[3]) : color === "transparent" ? 0 : 1);
  const opaque = (color: string) => alpha(color) >= 1;
  const keys = new Set<string>();
  const behind = new Map<Element, string>();
  /** The backgrounds from `el` up to the first opaque one (memoised per element). */
  const backgrounds = (el: Element | null): string => {
    if (!el) return "";
    const known = behind.get(el);
    if (known !== undefined) return known;
    const cs = getComputedStyle(el);
    const own = `${cs.backgroundColor}${cs.backgroundImage === "none" ? "" : " image"}${cs.mixBlendMode === "normal" ? "" : ` ${cs.mixBlendMode}`}`;
    const value = opaque(cs.backgroundColor) && cs.backgroundImage === "none" ? own : `${own} / ${backgrounds(el.parentElement)}`;
    behind.set(el, value);
    return value;
  };
  const opacities = new Map<Element, number>();
  /** The opacity `el` is painted with: its own times its ancestors' (memoised per element). */
  const opacity = (el: Element | null): number => {
    if (!el) return 1;
    let value = opacities.get(el);
    if (value === undefined) opacities.set(el, (value = Number(getComputedStyle(el).opacity) * opacity(el.parentElement)));
    return value;
  };
  let overlay = !!document.querySelector("dialog[open], [aria-modal='true']");
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    const cs = getComputedStyle(el);
    if (!overlay && cs.position === "fixed" && alpha(cs.backgroundColor) > 0) {
      const r = el.getBoundingClientRect();
      if (r.width * r.height >= innerWidth * innerHeight * 0.25 && cs.display !== "none" && cs.visibility !== "hidden") overlay = true;
    }
    const texty = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement || Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && !!n.textContent?.trim());
    if (!texty || !(el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    keys.add([cs.color, cs.fontSize, cs.fontWeight, cs.textShadow, opacity(el).toFixed(3), backgrounds(el)].join(" | "));
  }
  return { keys: [...keys], overlay };
}

/**
 * Runs in the page: the controls that could fail axe's `target-size` (WCAG 2.2 2.5.8 Target Size (minimum)) — none
 * when the rule cannot fail on the page as it is. axe (4.14) checks each focusable element with a widget role that is
 * not inline in text (`widget-not-inline-matches`) and passes it when its box is 24 × 24 px at least and the largest
 * part of it that no other focusable widget painted above it covers is too (`targetSizeEvaluate`,
 * `getLargestUnobscuredArea`); only then does it measure a control against its neighbours (`target-offset`). This asks
 * the first of a wider set — every rendered element (not `visibility: hidden`, not inert) focusable natively or by
 * `tabindex` that may be a widget by its tag or one of its roles — with no exemption and none of the offset's
 * allowance, and counts a control as covered by every other one that overlaps it, unless axe's own order of painting
 * puts it above that one for certain (both boxes of one kind and in one stacking context, the control later in the
 * document: `visuallySort`). A page where it finds nothing passes the rule; one with a small or crowded control runs
 * it (the dashboard's rows, links inside text, a tall list's overlapping rows).
 */
export function targetSizeSuspects(): string[] {
  const MIN = 24 - 0.05; // axe's rounding margin
  const WIDGET_ROLES = new Set(["button", "checkbox", "combobox", "gridcell", "link", "listbox", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "progressbar", "radio", "scrollbar", "searchbox", "slider", "spinbutton", "switch", "tab", "textbox", "treeitem"]);
  const WIDGET_TAGS = new Set(["a", "area", "button", "datalist", "input", "option", "progress", "select", "summary", "textarea", "td", "th"]);
  const NATIVELY_FOCUSABLE = new Set(["button", "input", "select", "textarea", "summary"]);
  const candidates: { el: Element; rect: DOMRect }[] = [];
  for (const el of Array.from(document.querySelectorAll("a[href], area[href], button, input, select, textarea, summary, details, [tabindex]"))) {
    const tag = el.localName;
    const focusable =
      el.hasAttribute("tabindex") ||
      ((tag === "a" || tag === "area") && el.hasAttribute("href")) ||
      (tag === "details" && !el.querySelector("summary")) ||
      (NATIVELY_FOCUSABLE.has(tag) && !(tag === "input" && (el as HTMLInputElement).type === "hidden"));
    const widget = WIDGET_TAGS.has(tag) || (el.getAttribute("role") ?? "").split(/\s+/).some((role) => WIDGET_ROLES.has(role));
    if (!focusable || !widget || el.closest("[inert]") || !el.checkVisibility({ visibilityProperty: true })) continue;
    candidates.push({ el, rect: el.getBoundingClientRect() });
  }
  /** No position, float or stacking context (axe's `isStackingContext`, a z-index in a flex or grid box) from `el` up to `top`. */
  const flat = (el: Element, top: Element): boolean => {
    for (let e: Element | null = el; e && e !== top; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const parentDisplay = e.parentElement ? getComputedStyle(e.parentElement).display : "";
      if (cs.position !== "static" || cs.float !== "none" || cs.opacity !== "1" || cs.transform !== "none" || cs.filter !== "none" || cs.mixBlendMode !== "normal" || cs.perspective !== "none" || cs.clipPath !== "none" || cs.maskImage !== "none" || cs.isolation !== "auto" || cs.willChange !== "auto" || cs.contain !== "none" || (cs.zIndex !== "auto" && /flex|grid/.test(parentDisplay))) return false;
    }
    return true;
  };
  const kind = (el: Element) => (getComputedStyle(el).display.includes("inline") ? "inline" : "block");
  /** axe paints `a` above `b` for certain: see the function's comment. */
  const above = (a: Element, b: Element): boolean => {
    if (!(b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) || a.contains(b) || b.contains(a) || kind(a) !== kind(b)) return false;
    const range = document.createRange();
    range.setStartBefore(a);
    range.setEndAfter(b);
    const common = range.commonAncestorContainer as Element;
    return flat(a, common) && flat(b, common);
  };
  type Box = { left: number; top: number; right: number; bottom: number };
  /** A box's shorter side. */
  const least = (p: Box) => Math.min(p.right - p.left, p.bottom - p.top);
  const name = (el: Element) => `${el.localName}${el.id ? `#${el.id}` : ""}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}`;
  const suspects: string[] = [];
  for (const a of candidates) {
    // A part of the box that no other control covers: for each one that overlaps it, the largest of the parts of the
    // box wholly above, below, left or right of it (axe's split keeps all four, and so a part containing this one).
    let free: Box = { left: a.rect.left, top: a.rect.top, right: a.rect.right, bottom: a.rect.bottom };
    for (const b of candidates) {
      const o = b.rect;
      if (b === a || o.left >= free.right || o.right <= free.left || o.top >= free.bottom || o.bottom <= free.top || above(a.el, b.el)) continue;
      const parts = [
        { ...free, bottom: o.top },
        { ...free, top: o.bottom },
        { ...free, right: o.left },
        { ...free, left: o.right },
      ];
      free = parts.reduce((best, p) => (least(p) > least(best) ? p : best));
    }
    if (free.right - free.left < MIN || free.bottom - free.top < MIN) suspects.push(`${name(a.el)} ${a.rect.width.toFixed(1)}×${a.rect.height.toFixed(1)}`);
  }
  return suspects;
}

/** Kinds of text (contrastContexts) checked by `color-contrast` on a page that passed in this run. */
const textsPassed = passedInRun("a11y-contrast");

/**
 * axe on `page`; null when a state with the same fingerprint passed already in this run. `color-contrast` is left out
 * when every kind of text on the page passed it before and nothing is laid over the page (contrastContexts), and
 * `target-size` when no control on the page could fail it (targetSizeSuspects).
 */
async function analyzeOnce(page: Page, testInfo: TestInfo, options: A11yOptions, path: string): Promise<AxeResults | null> {
  const key = await stateKey(page, options);
  if (statesPassed.has(key)) {
    if (process.env.A11Y_STATS) console.log(`a11y same-as-checked ${testInfo.project.name} ${path}`);
    return null;
  }
  const contrastOn = !options.disableRules?.includes("color-contrast");
  const contrast = contrastOn ? await page.evaluate(contrastContexts) : { keys: [], overlay: false };
  const textKeys = contrast.keys.map(hashOf);
  const contrastKnown = contrastOn && !contrast.overlay && textKeys.every(textsPassed.has);
  const targetsPlain = !options.disableRules?.includes("target-size") && !(await page.evaluate(targetSizeSuspects)).length;
  if (process.env.A11Y_STATS) console.log(`a11y check${contrastKnown ? " (contrast known)" : ""}${targetsPlain ? " (targets plain)" : ""} ${testInfo.project.name} ${path}`);
  const skipped = [...(contrastKnown ? ["color-contrast"] : []), ...(targetsPlain ? ["target-size"] : [])];
  const results = await analyze(page, skipped.length ? { ...options, disableRules: [...(options.disableRules ?? []), ...skipped] } : options);
  if (!results.violations.some((v) => FAILING_IMPACTS.has(v.impact ?? ""))) {
    statesPassed.add([key]);
    if (contrastOn && !contrastKnown) textsPassed.add(textKeys);
  }
  return results;
}

/** Screens checked and passed without JavaScript in this run (noJsScreenKey). */
const noJsScreensPassed = passedInRun("a11y-no-js-screens");

/**
 * Without JavaScript, a screen — its path with ids as placeholders, the names of its query parameters, its fragment
 * (the `:target` panel it opens) — is checked in its first state of the run only. What markup differs without
 * JavaScript is the progressive-enhancement fallbacks of shared parts (the drawers and filter panels opened by a link,
 * selects for comboboxes, the forms' own submit buttons), and they show in every state of the screen; the screen's
 * other states (a message at a field, a filled list, another user's sidebar) render the same markup the `js` project
 * checks in each state. Dialogs with a URL and `:target` panels are screens of their own (ADR 052 §4).
 */
function noJsScreenKey(page: Page, options: A11yOptions): string {
  const url = new URL(page.url());
  const params = [...new Set(url.searchParams.keys())].sort().join("&");
  return hashOf(JSON.stringify([page.viewportSize(), options, redactUrlPath(url.pathname), params, redactUrlPath(url.hash.slice(1))]));
}

async function analyzeWithoutJs(page: Page, testInfo: TestInfo, options: A11yOptions, path: string): Promise<{ results: AxeResults | null; html: string }> {
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
  return { results: await analyzeOnce(scratch.page, testInfo, options, path), html: scratch.html };
}

/** axe-core's browser build, read once per worker. */
let axeSource: string | undefined;

/**
 * axe-core's `axe.run` in the page, answering its violations only (`resultTypes`). axe is put into a document once:
 * `@axe-core/playwright`'s `analyze()` evaluated its ~0.6 MB source twice on every check and sent every passing node
 * back (on the patient list 1.2 s a check against 0.3 s this way, the same rules; the dashboard 2.7 s against 0.8 s).
 * The pages have no frames to merge (the builder's legacy mode ran `axe.run` in the page as well).
 */
async function runAxe(page: Page, options: RunOptions, exclude: readonly string[] = []): Promise<AxeResults> {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!present) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    await page.evaluate(`${axeSource};axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`);
  }
  return page.evaluate(
    async ({ exclude, options }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
      const results = await axe.run(exclude.length ? { exclude: exclude.map((sel) => [sel]) } : document, options);
      return { violations: results.violations };
    },
    { exclude: [...exclude], options: { ...options, resultTypes: ["violations"] } as RunOptions },
  );
}

/** The full check: WCAG A and AA and best practices, without the rules a test switched off. */
function analyze(page: Page, options: A11yOptions): Promise<AxeResults> {
  const rules = Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }]));
  return runAxe(page, { runOnly: { type: "tag", values: AXE_TAGS }, rules }, options.exclude);
}

/**
 * WCAG 2.2 2.5.8 Target Size (minimum) alone (axe's `target-size`), on the page as it is now: each control smaller
 * than 24 × 24 px without the room around it that exempts it, in words. The full check above runs at the suite's
 * 1280 px; the layout walk asks this at a phone's width too, where the layout changes (stacked tables, drawers,
 * folded filters). With JavaScript only (it runs in the page). axe is put into the page only when targetSizeSuspects
 * finds a control that could fail.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  if (!(await page.evaluate(targetSizeSuspects)).length) return [];
  const results = await runAxe(page, { runOnly: { type: "rule", values: ["target-size"] } });
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(" ")} (${n.html.replace(/\s+/g, " ").slice(0, 90)}): ${n.any.map((c) => c.message).join("; ")}`),
  );
}

function describe(v: Violation): string {
  const nodes = v.nodes
    .slice(0, 5)
    .map((n) => `      - ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ").trim() ?? ""}`)
    .join("\n");
  return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${v.nodes.length > 5 ? `\n      … ${v.nodes.length - 5} more` : ""}`;
}

/**
 * Runs axe on the page's current state (unless the same state passed before in this run); throws (failing the
 * test) on serious or critical violations and attaches lesser ones to the report.
 */
export async function checkAccessibility(page: Page, testInfo: TestInfo, options: A11yOptions = {}): Promise<void> {
  const jsEnabled = testInfo.project.use.javaScriptEnabled !== false;
  // An assertion on the URL passes as soon as a navigation commits, while the document may still be arriving
  // (streamed): check the whole page, not the part parsed so far.
  await page.waitForLoadState("load");
  // With JavaScript, a click on a link or a submit starts a client-side navigation that has not changed the URL
  // or the page yet when the click returns: wait until the router is idle, so the state checked is the one the
  // navigation leads to (and the visit marked checked is that URL). Without JavaScript the navigation is a page
  // load, which Playwright's click waits to start and `load` above to end.
  if (jsEnabled) await waitForRouterIdle(page);
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  let snapshot: string | undefined;
  let results: AxeResults | null;
  if (jsEnabled) results = await analyzeOnce(page, testInfo, options, path);
  else {
    const screen = noJsScreenKey(page, options);
    if (noJsScreensPassed.has(screen)) {
      if (process.env.A11Y_STATS) console.log(`a11y same-screen ${testInfo.project.name} ${path}`);
      return;
    }
    ({ results, html: snapshot } = await analyzeWithoutJs(page, testInfo, options, path));
    if (!results || !results.violations.some((v) => FAILING_IMPACTS.has(v.impact ?? ""))) noJsScreensPassed.add([screen]);
  }
  if (!results) return; // the same state passed before in this run
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
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
}
