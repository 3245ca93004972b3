/**
 * In the browser, once a page has loaded (app/entry.client.tsx loads this module then): fetches the files of the
 * stylesheets the document carried inline, at low priority, so that the browser's cache has them, and names in the
 * `exer-css` cookie every build stylesheet the browser has loaded — fetched here or by a `<link>` on a later page
 * (app/shell/cached-sheets.ts says why). The server links those sheets in the next document instead of carrying them.
 *
 * What the browser has loaded is read from resource timing (a PerformanceObserver sees each sheet once its body is in,
 * including those loaded before this module ran): a sheet is named only after the browser has it, so a cookie that
 * arrives with a document never names a sheet the browser would still have to fetch (unless its cache dropped it).
 */
import { cachedSheets, cachedSheetsCookie, sheetKey } from "./cached-sheets";
import { INLINE_HREF_ATTRIBUTE } from "./document-links";

const BUILD_PATH = "/build/";

/** A resource-timing entry of a build stylesheet of this origin that the browser received whole (a 2xx answer). */
function sheetLoaded(entry: PerformanceResourceTiming, origin: string): string | undefined {
  const url = new URL(entry.name);
  if (url.origin !== origin || !url.pathname.startsWith(BUILD_PATH)) return undefined;
  // responseStatus: 0 where the browser does not tell it (then the sheet was received: a failed fetch makes no entry).
  const status = entry.responseStatus ?? 0;
  if (status !== 0 && (status < 200 || status >= 300)) return undefined;
  return sheetKey(url.pathname);
}

export function rememberSheets(doc: Document = document): void {
  const win = doc.defaultView;
  if (!win || typeof win.PerformanceObserver !== "function") return;
  const origin = win.location.origin;
  const secure = win.location.protocol === "https:";
  let keys = cachedSheets(doc.cookie);

  const observer = new win.PerformanceObserver((list) => {
    let changed = false;
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      const key = sheetLoaded(entry, origin);
      if (key === undefined || keys[0] === key) continue;
      keys = [key, ...keys.filter((k) => k !== key)];
      changed = true;
    }
    if (changed) doc.cookie = cachedSheetsCookie(keys, secure);
  });
  try {
    observer.observe({ type: "resource", buffered: true });
  } catch {
    return; // a browser without buffered resource entries: the documents keep carrying the sheets
  }

  for (const style of doc.querySelectorAll<HTMLStyleElement>(`style[${INLINE_HREF_ATTRIBUTE}]`)) {
    const href = style.getAttribute(INLINE_HREF_ATTRIBUTE) ?? "";
    const key = sheetKey(href);
    if (!href.startsWith(BUILD_PATH) || key === undefined || keys.includes(key)) continue;
    // Read to its end: the file is in the cache once its body is (the observer then names it).
    void win
      .fetch(href, { priority: "low", credentials: "same-origin" })
      .then((res) => (res.ok ? res.arrayBuffer() : undefined))
      .catch(() => undefined);
  }
}
