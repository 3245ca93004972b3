/**
 * The JavaScript a real browser loads for a page: Debian's headless chromium (as the E2E tests drive it)
 * signed in with a benchmark's session cookies opens the page (a fresh context each time: nothing cached), and
 * every script response under the build's public path is recorded (URL and bytes on the wire) until `until`
 * holds and the network is idle.
 */
import { chromium, type Browser, type Page } from "@playwright/test";
import { BROWSER_USER_AGENT } from "./http.js";
import type { PortalSession } from "./portal-session.js";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

export interface LoadedScript {
  url: string;
  /** Response body bytes on the wire (compressed as served). */
  wireBytes: number;
}

export interface BrowserJs {
  /** Script URLs (paths under the public path) in the order their responses finished, each once. */
  load(path: string, opts?: { until?: (page: Page) => Promise<unknown>; timeoutMs?: number }): Promise<LoadedScript[]>;
  close(): Promise<void>;
}

export async function openBrowserJs(session: PortalSession, publicPath = "/build/"): Promise<BrowserJs> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const origin = new URL(session.baseUrl);
  return {
    async load(path, { until, timeoutMs = 30_000 } = {}) {
      // A fresh context per page: an empty cache, as on a first visit.
      const context = await browser.newContext({ userAgent: BROWSER_USER_AGENT, viewport: { width: 1280, height: 800 }, locale: "en-US" });
      await context.addCookies(session.jar.entries().map((c) => ({ ...c, domain: origin.hostname, path: "/" })));
      const page = await context.newPage();
      const finished: Promise<LoadedScript | null>[] = [];
      page.on("requestfinished", (req) => {
        const url = new URL(req.url());
        if (url.origin !== origin.origin || !url.pathname.startsWith(publicPath) || !/\.m?js$/.test(url.pathname)) return;
        finished.push(req.sizes().then((s) => ({ url: url.pathname, wireBytes: s.responseBodySize }), () => null));
      });
      try {
        const res = await page.goto(new URL(path, origin).href, { waitUntil: "load", timeout: timeoutMs });
        if (!res || res.status() !== 200) throw new Error(`the browser got ${res?.status() ?? "no response"} for ${path}`);
        if (until) await until(page);
        await page.waitForLoadState("networkidle", { timeout: timeoutMs });
        const seen = new Map<string, LoadedScript>();
        for (const s of await Promise.all(finished)) if (s && !seen.has(s.url)) seen.set(s.url, s);
        return [...seen.values()];
      } finally {
        await context.close();
      }
    },
    async close() {
      await browser.close();
    },
  };
}
