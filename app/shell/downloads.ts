/**
 * The one download mechanism (ADR 046): download links (`<a download>`: the pose logs, the session logs, the
 * exports) and download forms (`<form method="get" data-download>`: the patient report). Without JavaScript the
 * browser downloads the link or the form's URL itself (a failure: the file route's error page,
 * app/media/file-route.server.tsx, or back to the page with a toast). With JavaScript the file is fetched first:
 * - the link (the form's button) is busy at once (`aria-busy`, a spinner) and the page's progress bar shows until
 *   the file is saved; a repeated click while it is busy does nothing (one request, one file);
 * - a failure shows the server's message in an alert as the spec says (002 §8 'Failed log download: the server
 *   message in an alert', 003 §8), a redirect (a refused download, back to the page with a toast) is followed;
 * - the file is saved under the server's name (Content-Disposition).
 * The clicks are taken here (the entry's code, every page); the fetching and saving (download-file.ts) loads with the
 * first download (ADR 038).
 */

/** Not in the spec: a download that got no answer at all. */
export const DOWNLOAD_FAILED = "The download failed. Check the connection and try again.";

/** Marks the link that saves a fetched file (download-file.ts), which this module lets through. */
export const FETCHED = "data-fetched-download";

// --- Downloads under way: the page's progress bar reads them (app/shell/progress.tsx) ---------------------------

let pending = 0;
const listeners = new Set<() => void>();

/** How many downloads are under way in this page. */
export const downloadsPending = () => pending;

/** Calls `listener` whenever a download starts or ends; answers the unsubscription. */
export function subscribeDownloads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setPending(delta: number): void {
  pending = Math.max(0, pending + delta);
  for (const listener of listeners) listener();
}

/** Whether the control (a download link, a download form's button) is fetching its file. */
export const isBusy = (control: Element) => control.getAttribute("aria-busy") === "true";

/**
 * Runs `work` with the control busy: `aria-busy` and `aria-disabled` at once (the style shows a spinner), the
 * progress bar on; both end with the work. Answers false, doing nothing, when the control is busy already.
 */
export async function whileBusy(control: Element, work: () => Promise<void>): Promise<boolean> {
  if (isBusy(control)) return false;
  control.setAttribute("aria-busy", "true");
  control.setAttribute("aria-disabled", "true");
  setPending(1);
  try {
    await work();
  } finally {
    control.removeAttribute("aria-busy");
    control.removeAttribute("aria-disabled");
    setPending(-1);
  }
  return true;
}

/** The URL a GET form submits to: its action with its fields (and the submitter's name and value) as the query. */
export function formDownloadUrl(form: HTMLFormElement, submitter: HTMLElement | null, base: string): URL {
  const url = new URL(form.getAttribute("action") || "", base);
  const data = new FormData(form, submitter && "form" in submitter ? (submitter as HTMLButtonElement) : null);
  const query = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === "string") query.append(name, value);
  url.search = query.toString();
  return url;
}

/**
 * Fetches and saves the file (download-file.ts, loaded with the first download: ADR 038 — the click is taken at once,
 * the control busy meanwhile); a module that cannot load (offline) is a failed download.
 */
function fetchDownload(control: Element, url: URL, win: Window, suggested: string | null): Promise<void> {
  return import("./download-file").then(
    (m) => m.download(control, url, win, suggested),
    () => win.alert(DOWNLOAD_FAILED),
  );
}

/** In the browser: fetch same-origin download links and download forms first (see the module's comment). */
export function enhanceDownloads(doc: Document = document): void {
  const win = doc.defaultView;
  if (!win) return;
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target;
    const link = target instanceof Element ? target.closest("a[download]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute(FETCHED)) return;
    const url = new URL(link.href, doc.baseURI);
    if (url.protocol === "blob:" || url.origin !== win.location.origin) return;
    event.preventDefault();
    void whileBusy(link, () => fetchDownload(link, url, win, link.getAttribute("download")));
  });
  doc.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-download")) return;
    if ((form.getAttribute("method") ?? "get").toLowerCase() !== "get") return;
    const url = formDownloadUrl(form, event.submitter, doc.baseURI);
    if (url.origin !== win.location.origin) return;
    event.preventDefault();
    const button = event.submitter ?? form.querySelector("button[type=submit], button:not([type])") ?? form;
    void whileBusy(button, () => fetchDownload(button, url, win, null));
  });
}
