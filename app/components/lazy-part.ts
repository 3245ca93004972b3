// eslint-disable-next-line no-restricted-syntax -- the one place React.lazy is called (see below)
import { lazy, type ComponentType } from "react";

/**
 * A part of a page whose code is loaded on its own (a dialog opened, a section hydrated once its code has come: ADR
 * 038) — React.lazy, plus what React Router does for a route module that fails to load: the page is loaded again.
 * On a clinic's flaky link a chunk's request can fail, and after a deployment an old page's chunks are gone; React
 * would otherwise throw the failed import to the route's error boundary and put an error screen where the server's
 * page was. The reload happens at most once a minute per address (sessionStorage): if the part fails again, or
 * storage is unavailable, the error goes to the error boundary as before.
 *
 *   const Dialog = lazyPart(() => import("./dialog").then((m) => ({ default: m.Dialog })));
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => load().catch((error: unknown) => reloadOnce(error)));
}

const RELOAD_KEY = "exer:part-reload";
const RELOAD_INTERVAL_MS = 60_000;

function reloadOnce(error: unknown): Promise<never> {
  if (typeof window === "undefined" || !markReload(`${RELOAD_KEY}:${window.location.pathname}${window.location.search}`)) throw error;
  console.error("A part of the page could not be loaded; loading the page again.", error);
  window.location.reload();
  // The page is going away: the part stays suspended (its fallback or the server's HTML) until it has.
  return new Promise<never>(() => {});
}

/** Whether this address may be loaded again now (not in the last minute), noting that it is; false without storage. */
function markReload(key: string): boolean {
  try {
    if (Date.now() - Number(window.sessionStorage.getItem(key) ?? 0) < RELOAD_INTERVAL_MS) return false;
    window.sessionStorage.setItem(key, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}
