/**
 * The portal's source of the session analysis (the shared module app/areas/scan/analysis/ takes the session and
 * the outcome sources): the session found by its UUID (GET v2/scan/sessions/pages?sessionUUID=…, the contract's
 * only lookup of one session; the API keeps it to the user's reach) and the user's organization's outcomes
 * (GET /v2/scan/outcomes/risk-factors answers the caller's organization). In the portal the session's
 * organization is the user's; a session of another organization would offer the user's own as the source.
 */
import { portalRequest, type PortalLoadContext } from "../../../context";
import { findScanSessionByUuid, listAssessments, listRiskFactorOutcomes, type ScanSession } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import type { CurrentUser } from "../../../auth/user.server";
import { analysisLoadFailedText } from "../analysis/analysis";
import { loadSessionAnalysis, type AnalysisView } from "../analysis/analysis.server";

export const SESSION_NOT_FOUND = "This scan session is not available.";

export type PortalAnalysis = { error: string; status: number } | { view: AnalysisView; session: ScanSession };

export async function loadPortalAnalysis(request: Request, context: PortalLoadContext, user: CurrentUser, sessionUUID: string, params: URLSearchParams): Promise<PortalAnalysis> {
  const api = getApi(request, context);
  const [found, assessments] = await Promise.all([findScanSessionByUuid(api, sessionUUID), listAssessments(api)]);
  if (found.error) return { error: analysisLoadFailedText(found.error.message), status: found.error.status >= 500 || found.error.status === 0 ? 502 : found.error.status };
  if (!found.data) return { error: SESSION_NOT_FOUND, status: 404 };
  const session = found.data;
  const assessmentId = session.session.data.assessmentId;
  const assessmentName = assessments.data?.find((a) => a.id === assessmentId)?.name ?? assessmentId;
  const view = await loadSessionAnalysis({
    session,
    sources: [{ id: user.organization.id, name: user.organization.name, load: () => listRiskFactorOutcomes(api) }],
    params,
    assessmentName,
    timeZone: user.organization.timezone,
    requestId: portalRequest(context).requestId,
  });
  return { view, session };
}
