/**
 * GET `/scan/sessions/{sessionUUID}/export.json`: the research organization's extra session action (002 §2
 * "Research organizations see an extra session action"; its content is not shown in the spec). Researchers
 * analyse sessions with their own tools: this answers the session's whole record — assessment (id and name),
 * results, results insights, scan version, demographics, participant (anonymous uid, archived state), location,
 * practitioner, organization and captured artifacts — as a JSON attachment named by the session UUID.
 * Enforced on the server: 404 for a user whose organization is not a research organization (and for a session
 * out of reach); a failed call: 502 with the spec's load message. Never cached.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { findScanSessionByUuid, listAssessments, scanSessionsLoadFailed } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { requireProduct } from "../../../auth/current-user.server";
import { isUuid } from "../../../domain/uuid";

const NO_STORE = { "Cache-Control": "no-store" };

export const EXPORT_FORMAT = "exer-scan-session-export/1";

export async function sessionExportResponse({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  const user = requireProduct(context, "SCAN");
  const uuid = params.sessionId?.toLowerCase();
  if (!user.organization.isResearchOrg || !isUuid(uuid)) throw data(null, { status: 404, headers: NO_STORE });
  const api = getApi(request, context);
  const [found, assessments] = await Promise.all([findScanSessionByUuid(api, uuid), listAssessments(api)]);
  if (found.error) {
    const status = found.error.status === 404 || found.error.status === 400 ? 404 : 502;
    throw data(status === 404 ? null : { message: scanSessionsLoadFailed(found.error.message) }, { status, headers: NO_STORE });
  }
  if (!found.data) throw data(null, { status: 404, headers: NO_STORE });
  const session = found.data;
  const assessmentId = session.session.data.assessmentId;
  const body = {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    assessment: { id: assessmentId, name: assessments.data?.find((a) => a.id === assessmentId)?.name ?? null },
    session,
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="scan-session-${session.sessionUUID}.json"`,
      ...NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
