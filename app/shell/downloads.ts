/**
 * Download links (`<a download>`: the pose logs, the session logs, the exports). Without JavaScript the browser
 * downloads the link itself (a failure: the file route's error page, app/media/file-route.server.tsx). With
 * JavaScript the link is fetched first, so a failure shows the server's message in an alert as the spec says
 * (002 §8 'Failed log download: the server message in an alert', 003 §8), and a file is saved under the server's
 * name (Content-Disposition).
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

async function download(link: HTMLAnchorElement, url: URL, win: Window): Promise<void> {
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
  const name = fileNameOf(res.headers.get("Content-Disposition")) || link.getAttribute("download") || url.pathname.split("/").pop() || "download";
  const doc = link.ownerDocument;
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

/** In the browser: fetch same-origin download links first (see the module's comment). */
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
    void download(link, url, win);
  });
}
