/**
 * Files the provider API hands out by signed, time-limited URL (RTM PDFs, scan pose and hands logs): fetched
 * here, on the server, and streamed on, so the browser never sees the API's address or a signed URL. Only URLs
 * on the provider API's own origins are followed (no request to anywhere else).
 */
import { getConfig } from "../config.server";
import { log } from "../log.server";
import type { ApiResult } from "./result";

/** Follows a signed file URL of the provider API (only on its own origins: no request to anywhere else). */
export async function fetchSignedFile(signedUrl: string, signal: AbortSignal): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  const { api } = getConfig();
  const allowed = new Set([api.url, ...api.failoverUrls].map((u) => new URL(u).origin));
  let target: URL;
  try {
    target = new URL(signedUrl);
  } catch {
    return { error: { message: "The file address is not valid.", status: 502 } };
  }
  if (!allowed.has(target.origin)) {
    log.warn("signed file URL on an unexpected origin", { event: "signed-file", origin: target.origin });
    return { error: { message: "The file address is not the provider API's.", status: 502 } };
  }
  try {
    const res = await fetch(target, { signal: AbortSignal.any([signal, AbortSignal.timeout(60_000)]), cache: "no-store" });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      return { error: { message: `The file could not be downloaded (${res.status}).`, status: res.status || 502 } };
    }
    return { data: res.body as ReadableStream<Uint8Array> };
  } catch {
    return { error: { message: "The file could not be downloaded.", status: 0 } };
  }
}
