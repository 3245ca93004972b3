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
import type { ApiResult } from "./result";
import { fetchSignedFile } from "./signed-file.server";
import type { Schema } from "./schemas";
import { getApi } from "./user-api.server";
import type { paths } from "../../openapi/provider-api";

export type RtmCycle = Schema<"RtmCycle">;
export type RtmMonthlySummary = Schema<"RtmMonthlySummary">;
export type RtmStatus = RtmCycle["status"];
export type RtmMonthQuery = NonNullable<paths["/v2/health/rtm-cycles/{yearMonth}"]["get"]["parameters"]["query"]>;

export const listRtmMonth = (request: Request, context: PortalLoadContext, yearMonth: string, query: RtmMonthQuery) =>
  getApi(request, context).call((c, init) => c.GET("/v2/health/rtm-cycles/{yearMonth}", { ...init, params: { path: { yearMonth }, query } }));

/**
 * Whether the organization has any RTM cycle at all (GET v2/health/rtm-cycles, one item): tells a month without
 * cycles from an organization without RTM patients (002 §2's empty state). Unknown (a failed call): null.
 */
export async function organizationHasRtmCycles(request: Request, context: PortalLoadContext): Promise<boolean | null> {
  const any = await getApi(request, context).call((c, init) => c.GET("/v2/health/rtm-cycles", { ...init, params: { query: { page: 1, limit: 1 } } }));
  return any.data ? any.data.metadata.totalItems > 0 : null;
}

/**
 * ADVANCE (READY_TO_BILL → BILLED) or REVERT (BILLED → READY_TO_BILL); another status answers 409. `billNow`: the
 * user confirmed billing a code met so far before its period closes (ADR 043).
 */
export const promoteRtmCycle = (request: Request, context: PortalLoadContext, id: string, promotion: "ADVANCE" | "REVERT", billNow = false) =>
  getApi(request, context).call((c, init) =>
    promotion === "ADVANCE"
      ? c.POST("/v2/health/rtm-cycles/{id}/advance", { ...init, params: { path: { id }, ...(billNow ? { query: { billNow: true } } : {}) } })
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
