/**
 * Fetching and saving a download (the one download mechanism, downloads.ts, ADR 046): loaded with the first download
 * of the page (ADR 038).
 */
import { DOWNLOAD_FAILED, FETCHED } from "./downloads";

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

/**
 * Fetches `url` and saves it under the server's name: a failure alerts the server's message, a redirect (a refused
 * download, back to the page with a toast) is followed.
 */
export async function download(control: Element, url: URL, win: Window, suggested: string | null): Promise<void> {
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
