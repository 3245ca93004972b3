/**
 * The organization's print logo for a PDF (000 §3 `logoUrl` for print; the screen's `webLogoUrl` when only
 * that is set): fetched on the server (the URL is the API's signed file URL, ADR 010), at most 5 MB and a few
 * seconds, PNG or JPEG by its bytes. Any failure gives null — the PDF then shows the organization's name
 * alone — and is logged without the URL (it is signed).
 */
import { errorFields, log } from "../../log.server";
import { LOGO_MAX_BYTES, hasPngSignature } from "../logo-image";

const TIMEOUT_MS = 5_000;

const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

export async function fetchPrintLogo(
  organization: { logoUrl?: string | null; webLogoUrl?: string | null },
  options: { signal?: AbortSignal; requestId?: string; fetch?: typeof fetch } = {},
): Promise<Uint8Array | null> {
  const url = organization.logoUrl ?? organization.webLogoUrl ?? null;
  if (!url || !/^https?:\/\//.test(url)) return null;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const res = await (options.fetch ?? fetch)(url, { signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      log.warn("print logo not available", { requestId: options.requestId, status: res.status, event: "print-logo" });
      return null;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > LOGO_MAX_BYTES || !(hasPngSignature(bytes) || isJpeg(bytes))) {
      log.warn("print logo refused", { requestId: options.requestId, bytes: bytes.length, event: "print-logo" });
      return null;
    }
    return bytes;
  } catch (err) {
    log.warn("print logo fetch failed", { requestId: options.requestId, event: "print-logo", ...errorFields(err) });
    return null;
  }
}
