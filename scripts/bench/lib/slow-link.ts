/**
 * A page on a slow clinic link (issue 31, ADR 038): Chromium's network emulation (`Network.emulateNetworkConditions`:
 * a latency added to every request, the throughput shared by the requests in flight) and the figures of one load from
 * the page's own Performance API — first contentful paint, the load event, requests and bytes on the wire — with its
 * waterfall: the document's first and last byte, and for every resource when it was requested, when its first and
 * last byte came, its size on the wire and whether it blocked rendering. Used by tests/e2e/slow-link.spec.ts (which
 * holds the budgets) and `npm run bench:portal -- slow` (which prints the waterfall).
 */
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";

export interface SlowLink {
  kbps: number;
  rttMs: number;
}

/** budgets/slow-link.json: the link, the budgets and the pages held to a recorded exception until they meet them. */
export interface SlowLinkBudgets {
  link: SlowLink;
  firstContentMs: number;
  loadMs: number;
  warmLoadMs: number;
  exceptions?: { page: string; loadMs: number; target: number; measured: string; why: string }[];
}

export function readSlowLinkBudgets(): SlowLinkBudgets {
  return JSON.parse(readFileSync(new URL("../../../budgets/slow-link.json", import.meta.url), "utf8")) as SlowLinkBudgets;
}

/** What of a page's cold and warm loads is over its budgets (its exception's limit for the cold load, if it has one). */
export function overBudget(budgets: SlowLinkBudgets, page: string, cold: Load, warm: Load): string[] {
  const over: string[] = [];
  if (cold.firstContentMs > budgets.firstContentMs) over.push(`${page}: first content ${cold.firstContentMs} ms > ${budgets.firstContentMs} ms`);
  const exception = budgets.exceptions?.find((e) => e.page === page);
  const loadMs = exception?.loadMs ?? budgets.loadMs;
  if (cold.loadMs > loadMs) over.push(`${page}: load event ${cold.loadMs} ms > ${loadMs} ms${exception ? ` (its recorded exception; target ${exception.target} ms)` : ""}`);
  if (warm.loadMs > budgets.warmLoadMs) over.push(`${page}: warm load event ${warm.loadMs} ms > ${budgets.warmLoadMs} ms`);
  return over;
}

/** Throttles every request of `page` to `link` (both ways). */
export async function throttle(context: BrowserContext, page: Page, link: SlowLink): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const bytesPerSecond = (link.kbps * 1000) / 8;
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: link.rttMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
}

/** One request of a load, times in ms from the navigation's start. */
export interface WaterfallRow {
  /** Path (and query) of the request, or "(document)". */
  url: string;
  /** initiatorType: navigation, link, script, img, fetch, … */
  type: string;
  start: number;
  firstByte: number;
  end: number;
  /** Bytes on the wire (headers and the encoded body); 0 for a cached answer. */
  bytes: number;
  renderBlocking: boolean;
}

/** Figures of one page load. */
export interface Load {
  firstContentMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  requests: number;
  kb: number;
  /** Requests that started before the load event. */
  requestsBeforeLoad: number;
  waterfall: WaterfallRow[];
}

/** Loads `path` in `page` and reads its figures once the load event has ended. */
export async function measureLoad(page: Page, path: string, timeoutMs = 30_000): Promise<{ status: number | undefined; load: Load }> {
  const res = await page.goto(path, { waitUntil: "load", timeout: timeoutMs });
  // loadEventEnd is set after the load handlers ran: wait for it.
  await page.waitForFunction(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd);
  // No named functions inside: the page gets this function's source as it is (a transpiler's name helpers are not there).
  const load = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const resources = performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[];
    let bytes = nav.transferSize;
    for (const r of resources) bytes += r.transferSize;
    const waterfall = [{ url: "(document)", type: "navigation", start: Math.round(nav.requestStart), firstByte: Math.round(nav.responseStart), end: Math.round(nav.responseEnd), bytes: nav.transferSize, renderBlocking: false }];
    for (const r of resources) {
      const url = new URL(r.name);
      waterfall.push({
        url: url.origin === location.origin ? url.pathname + url.search : r.name,
        type: r.initiatorType,
        start: Math.round(r.startTime),
        firstByte: Math.round(r.responseStart),
        end: Math.round(r.responseEnd),
        bytes: r.transferSize,
        renderBlocking: r.renderBlockingStatus === "blocking",
      });
    }
    return {
      firstContentMs: fcp ? Math.round(fcp.startTime) : Infinity,
      domContentLoadedMs: Math.round(nav.domContentLoadedEventStart),
      loadMs: Math.round(nav.loadEventStart),
      requests: 1 + resources.length,
      kb: Math.round(bytes / 102.4) / 10,
      requestsBeforeLoad: 1 + resources.filter((r) => r.startTime < nav.loadEventStart).length,
      waterfall,
    };
  });
  return { status: res?.status(), load };
}

/**
 * A page's cold load (an empty cache) and then its warm one (the same context again: the fingerprinted assets cached,
 * the document fetched anew). The warm load starts once the cold page has nothing in flight: a returning clinician
 * does not come back while the first visit still fetches what it loads after its load event (the patient list's
 * results, row menus and pager, ~5 scripts) — on HTTP/1.1 the new document would queue for a connection behind them
 * (a round trip, ~450 ms of the list's warm figure) and be measured as the page's own slowness.
 */
export async function measureColdAndWarm(page: Page, path: string, timeoutMs = 30_000): Promise<{ status: number | undefined; cold: Load; warm: Load }> {
  const cold = await measureLoad(page, path, timeoutMs);
  await page.waitForLoadState("networkidle", { timeout: timeoutMs });
  const warm = await measureLoad(page, path, timeoutMs);
  return { status: cold.status, cold: cold.load, warm: warm.load };
}

const s = (ms: number) => (ms / 1000).toFixed(2);

/** One line of figures. */
export function formatLoad(l: Load): string {
  return `first content ${s(l.firstContentMs)} s, load ${s(l.loadMs)} s, ${l.requests} requests (${l.requestsBeforeLoad} before load), ${l.kb} KB`;
}

/** The waterfall as text: one line per request, in the order they started, with a bar of when it was on the wire. */
export function formatWaterfall(l: Load, msPerColumn = 100): string {
  const rows = [...l.waterfall].sort((a, b) => a.start - b.start);
  const width = Math.ceil(Math.max(l.loadMs, ...rows.map((r) => r.end)) / msPerColumn) + 1;
  const bar = (r: WaterfallRow) => {
    const cells: string[] = [];
    for (let i = 0; i < width; i++) {
      const t = i * msPerColumn;
      cells.push(t < r.start ? " " : t < r.firstByte ? "-" : t <= r.end ? "=" : " ");
    }
    const fcp = Math.floor(l.firstContentMs / msPerColumn);
    const load = Math.floor(l.loadMs / msPerColumn);
    if (fcp < width && cells[fcp] === " ") cells[fcp] = "F";
    if (load < width && cells[load] === " ") cells[load] = "L";
    return cells.join("");
  };
  const name = (u: string) => (u.length > 48 ? `…${u.slice(-47)}` : u);
  const lines = rows.map(
    (r) =>
      `${name(r.url).padEnd(48)} ${r.type.padEnd(10)} ${String(r.start).padStart(5)} ${String(r.firstByte).padStart(5)} ${String(r.end).padStart(5)} ${(r.bytes / 1024).toFixed(1).padStart(6)}${r.renderBlocking ? " B" : "  "} |${bar(r)}`,
  );
  return [
    `${"request".padEnd(48)} ${"type".padEnd(10)} start 1stB   end     KB    (ms; B = render-blocking; bar: - waiting, = on the wire, ${msPerColumn} ms a column; F first content, L load)`,
    ...lines,
    `first content ${l.firstContentMs} ms, DOMContentLoaded ${l.domContentLoadedMs} ms, load ${l.loadMs} ms`,
  ].join("\n");
}

/** What a document's `<head>` puts before the first module preload or script: its stylesheets and inline styles, in order. */
export function headOrder(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>") + 1 || undefined);
  return [...head.matchAll(/<link\b[^>]*>|<style\b[^>]*>|<script\b[^>]*>/g)].map((m) => {
    const tag = m[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (tag.startsWith("<style")) return `style${/\bdata-href="([^"]+)"/.exec(tag)?.[1] ? ` (${/\bdata-href="([^"]+)"/.exec(tag)?.[1]})` : ""}`;
    if (tag.startsWith("<script")) return `script${/\bsrc="([^"]+)"/.exec(tag) ? ` ${/\bsrc="([^"]+)"/.exec(tag)![1]}` : " (inline)"}`;
    return `${rel ?? "link"} ${href ?? ""}`;
  });
}
