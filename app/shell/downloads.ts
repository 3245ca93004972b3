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
 */

/** Not in the spec: a download that got no answer at all. */
export const DOWNLOAD_FAILED = "The download failed. Check the connection and try again.";

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // malformed: the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? "").trim();
  return name || null;
}

/** What the alert says for a failed answer: the server's `{message}`, else the generic words. */
export async function failedDownloadMessage(res: Response): Promise<string> {
  const body: unknown = await res.json().catch(() => null);
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message.trim()) return body.message.trim();
  return DOWNLOAD_FAILED;
}

const FETCHED = "data-fetched-download";

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

async function download(control: Element, url: URL, win: Window, suggested: string | null): Promise<void> {
  let res: Response;
  try {
    res = await win.fetch(url, { credentials: "same-origin", redirect: "manual", headers: { Accept: "application/json, */*;q=0.8" } });
  } catch {
    win.alert(DOWNLOAD_FAILED);
    return;
  }
  // A redirect (the download could not be made: back to the page with a toast; or to sign-in): the browser follows
  // the link itself, so the page and its toast show as without JavaScript.
  if (res.type === "opaqueredirect") {
    win.location.assign(url.href);
    return;
  }
  if (!res.ok) {
    win.alert(await failedDownloadMessage(res));
    return;
  }
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get("Content-Disposition")) || suggested || url.pathname.split("/").pop() || "download";
  const doc = control.ownerDocument;
  const href = URL.createObjectURL(blob);
  const save = doc.createElement("a");
  save.href = href;
  save.download = name;
  save.setAttribute(FETCHED, "");
  save.hidden = true;
  doc.body.append(save);
  save.click();
  save.remove();
  win.setTimeout(() => URL.revokeObjectURL(href), 60_000);
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
    void whileBusy(link, () => download(link, url, win, link.getAttribute("download")));
  });
  doc.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-download")) return;
    if ((form.getAttribute("method") ?? "get").toLowerCase() !== "get") return;
    const url = formDownloadUrl(form, event.submitter, doc.baseURI);
    if (url.origin !== win.location.origin) return;
    event.preventDefault();
    const button = event.submitter ?? form.querySelector("button[type=submit], button:not([type])") ?? form;
    void whileBusy(button, () => download(button, url, win, null));
  });
}
