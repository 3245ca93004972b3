/**
 * GET `/scan/sessions/{sessionUUID}/analysis.pdf`: the analysis the dialog shows (same session, organization and
 * demographics from the URL), rebuilt on the server and sent to the contract's render-pdf call
 * (ASSESSMENT_OUTCOMES_PDF); answered inline as application/pdf, never cached (the page opens it in a new tab).
 * Unknown or out of reach, or nothing to print (no outcome): 404; a failed call: 502 — both 'Failed to fetch PDF'
 * (002 §8) in the portal's page in the tab the PDF opened in (the route's fileRoute).
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { PDF_FAILED, renderScanPdf, type ScanSession } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { requireProduct } from "../../../auth/current-user.server";
import { isUuid } from "../../../domain/uuid";
import { log } from "../../../log.server";
import { pdfBodyOf, type AnalysisView } from "../analysis/analysis.server";
import { loadPortalAnalysis } from "./portal-analysis.server";
import { SESSIONS_PATH } from "./sessions-state";
import { portalRequest } from "../../../context";
import { requestUrl } from "../../../request-url";

const NO_STORE = { "Cache-Control": "no-store" };

/** Where a failure goes back to: the sessions page the user came from (same origin), else the page itself. */
export function backTo(request: Request, page: string = SESSIONS_PATH): string {
  const referer = request.headers.get("Referer");
  if (!referer) return page;
  try {
    const from = new URL(referer);
    if (from.origin === requestUrl(request).origin && from.pathname === page) return `${from.pathname}${from.search}`;
  } catch {
    // not a URL: the page itself
  }
  return page;
}

export async function analysisPdfResponse({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  const user = requireProduct(context, "SCAN");
  const uuid = params.sessionId?.toLowerCase();
  if (!isUuid(uuid)) throw data(null, { status: 404, headers: NO_STORE });
  const analysis = await loadPortalAnalysis(request, context, user, uuid, requestUrl(request).searchParams);
  return analysisPdf(request, context, analysis);
}

/**
 * The PDF of a loaded analysis (the portal's or the admin area's): unknown or out of reach, or nothing to print:
 * 404; a failed call: 502; both with 'Failed to fetch PDF' (the PDF opens in a new tab: its page says so there).
 */
export async function analysisPdf(
  request: Request,
  context: LoaderFunctionArgs["context"],
  analysis: { error: string; status: number } | { view: AnalysisView; session: ScanSession },
): Promise<Response> {
  const fail = (status: number) => data({ message: PDF_FAILED }, { status, headers: NO_STORE });
  if ("error" in analysis) throw fail(analysis.status === 404 ? 404 : 502);
  const body = pdfBodyOf(analysis.view, analysis.session);
  if (!body) throw fail(404);
  const pdf = await renderScanPdf(getApi(request, context), body);
  if (pdf.error) {
    log.warn("scan analysis PDF failed", { event: "scan-pdf-failed", status: pdf.error.status, requestId: portalRequest(context).requestId });
    throw fail(502);
  }
  const fileName = body.pdfName.replace(/[^\w .-]+/g, "_").trim() || "analysis";
  return new Response(pdf.data as ArrayBuffer, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}.pdf"`,
      ...NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
