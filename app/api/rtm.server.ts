/**
 * RTM billing (002 §7): GET v2/health/rtm-cycles/{yearMonth} (the month's worklist, one summary per patient),
 * POST v2/health/rtm-cycles/{id}/advance|revert (mark billed, revert to ready), GET
 * v2/health/rtm-cycles/{id}/pdf-url and GET v2/health/rtm-monthly-summaries/{id}/pdf-url (signed, time-limited
 * URLs of PDFs the API renders). Failed calls resolve to `{ error }`; a cycle or summary out of the caller's
 * reach answers 404.
 *
 * The PDFs are fetched here, on the server, from the signed URL and streamed to the browser by the portal
 * (the browser never sees the API's address); only URLs on the provider API's own origins are followed.
 */
import type { PortalLoadContext } from "../context";
import { getConfig } from "../config.server";
import { log } from "../log.server";
import type { ApiResult } from "./result";
import type { Schema } from "./schemas";
import { getApi } from "./user-api.server";
import type { paths } from "../../openapi/provider-api";

export type RtmCycle = Schema<"RtmCycle">;
export type RtmMonthlySummary = Schema<"RtmMonthlySummary">;
export type RtmStatus = RtmCycle["status"];
export type RtmMonthQuery = NonNullable<paths["/v2/health/rtm-cycles/{yearMonth}"]["get"]["parameters"]["query"]>;

export const listRtmMonth = (request: Request, context: PortalLoadContext, yearMonth: string, query: RtmMonthQuery) =>
  getApi(request, context).call((c, init) => c.GET("/v2/health/rtm-cycles/{yearMonth}", { ...init, params: { path: { yearMonth }, query } }));

/** ADVANCE (READY_TO_BILL → BILLED) or REVERT (BILLED → READY_TO_BILL); another status answers 409. */
export const promoteRtmCycle = (request: Request, context: PortalLoadContext, id: string, promotion: "ADVANCE" | "REVERT") =>
  getApi(request, context).call((c, init) =>
    promotion === "ADVANCE"
      ? c.POST("/v2/health/rtm-cycles/{id}/advance", { ...init, params: { path: { id } } })
      : c.POST("/v2/health/rtm-cycles/{id}/revert", { ...init, params: { path: { id } } }),
  );

/** The PDF of a cycle or of a patient's month, as a stream (fetched from the API's signed URL). */
export async function getRtmPdf(request: Request, context: PortalLoadContext, kind: "cycle" | "month", id: string): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  const api = getApi(request, context);
  const url =
    kind === "cycle"
      ? await api.call((c, init) => c.GET("/v2/health/rtm-cycles/{id}/pdf-url", { ...init, params: { path: { id } } }), { timeoutMs: 60_000 })
      : await api.call((c, init) => c.GET("/v2/health/rtm-monthly-summaries/{id}/pdf-url", { ...init, params: { path: { id } } }), { timeoutMs: 60_000 });
  if (url.error) return url;
  return fetchSignedFile(url.data.pdfUrl, request.signal);
}

/** Follows a signed file URL of the provider API (only on its own origins: no request to anywhere else). */
async function fetchSignedFile(signedUrl: string, signal: AbortSignal): Promise<ApiResult<ReadableStream<Uint8Array>>> {
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
