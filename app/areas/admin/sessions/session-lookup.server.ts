/**
 * One scan session of any organization for the admin area, by its UUID (the admin API looks a session up by its
 * UUID only: GET v2/admin/scan/sessions/pages?sessionUUID=…), and its analysis with the shared module
 * app/areas/scan/analysis/: the outcome sources are the session's organization (GET
 * v2/admin/scan/organizations/{orgId}/outcomes/risk-factors) and the admin's own organization (the portal's
 * GET /v2/scan/outcomes/risk-factors), so an admin whose organization differs from the session's can pick
 * their own as the source (003 §2).
 */
import { findAdminScanSession, listAdminRiskFactorOutcomes } from "../../../api/admin-sessions.server";
import { replayLog, type ScanArtifact } from "../../../domain/scan-display";
import { listAssessments, listRiskFactorOutcomes, type ScanSession } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import type { CurrentUser } from "../../../auth/user.server";
import { portalRequest, type PortalLoadContext } from "../../../context";
import { analysisLoadFailedText } from "../../scan/analysis/analysis";
import { loadSessionAnalysis, type AnalysisView, type OutcomeSource } from "../../scan/analysis/analysis.server";

export const SESSION_NOT_FOUND = "This scan session was not found.";

export type Lookup = { session: ScanSession; error?: undefined } | { error: string; status: number; session?: undefined };

const failedStatus = (status: number) => (status >= 500 || status === 0 ? 502 : status);

export async function lookupAdminSession(request: Request, context: PortalLoadContext, sessionUUID: string, failed: (message: string) => string = (m) => m): Promise<Lookup> {
  const found = await findAdminScanSession(getApi(request, context), sessionUUID.toLowerCase());
  if (found.error) return { error: failed(found.error.message), status: failedStatus(found.error.status) };
  if (!found.data) return { error: SESSION_NOT_FOUND, status: 404 };
  return { session: found.data };
}

/** The log a scan session's replay and download use: the pose log, else the hands log; null with neither. */
export const sessionLog = (s: Pick<ScanSession, "artifacts">): ScanArtifact | null => replayLog(s.artifacts);

export type AdminAnalysis = { error: string; status: number } | { view: AnalysisView; session: ScanSession };

export async function loadAdminAnalysis(request: Request, context: PortalLoadContext, user: CurrentUser, sessionUUID: string, params: URLSearchParams): Promise<AdminAnalysis> {
  const api = getApi(request, context);
  const [found, assessments] = await Promise.all([lookupAdminSession(request, context, sessionUUID, analysisLoadFailedText), listAssessments(api)]);
  if (found.error !== undefined) return { error: found.error, status: found.status };
  const session = found.session;
  const org = session.organization;
  const sources: OutcomeSource[] = [{ id: org.id, name: org.name, load: () => listAdminRiskFactorOutcomes(api, org.id) }];
  if (user.organization.id !== org.id) sources.push({ id: user.organization.id, name: user.organization.name, load: () => listRiskFactorOutcomes(api) });
  const assessmentId = session.session.data.assessmentId;
  const view = await loadSessionAnalysis({
    session,
    sources,
    params,
    assessmentName: assessments.data?.find((a) => a.id === assessmentId)?.name ?? assessmentId,
    timeZone: user.organization.timezone,
    requestId: portalRequest(context).requestId,
  });
  return { view, session };
}
