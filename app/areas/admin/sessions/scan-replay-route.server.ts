/**
 * The admin area's scan session resources, by the session's UUID (the admin API's only lookup of one session):
 * the replay page `/admin/scan/sessions/{uuid}/replay?frame=&tab=`, its frame images `…/frame.svg?frame=n`, the
 * log `…/log.json[?download=1]` (the pose log, else the hands log; the attachment is named after the session)
 * and the analysis PDF `…/analysis.pdf?org=&age=&sex=`. The shared replay code (app/areas/scan/replay/) with the
 * admin's signed-URL call (GET v2/admin/scan/sessions/{id}/{artifact}/signed-url) as the log's source; the
 * signed URL never reaches the browser. Any admin (support staff too): all read-only.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { getAdminScanLog } from "../../../api/admin-sessions.server";
import { listAssessments, NO_POSE_LOGS } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { zoneOrDefault } from "../../../domain/date-range";
import { isUuid } from "../../../domain/uuid";
import { logFileResponse, refusal } from "../../scan/pose-log-route.server";
import { frameSvgOf, readLog, replayData, replayLoadError, type LogSource } from "../../scan/replay/replay-route.server";
import { analysisPdf } from "../../scan/sessions/analysis-pdf.server";
import { requireAdmin } from "../access.server";
import { loadAdminAnalysis, lookupAdminSession, sessionLog } from "./session-lookup.server";
import type { ScanSession } from "../../../api/scan.server";
import { requestUrl } from "../../../request-url";

const NO_STORE = { "Cache-Control": "no-store" };

const sourceOf = (request: Request, context: LoaderFunctionArgs["context"], session: ScanSession): LogSource | null => {
  const artifact = sessionLog(session);
  return artifact ? (signal) => getAdminScanLog(getApi(request, context), session.id, artifact, signal) : null;
};

export async function loadAdminScanReplay({ request, context, params }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const uuid = params.sessionId?.toLowerCase();
  if (!isUuid(uuid)) throw data(null, { status: 404, headers: NO_STORE });
  const [found, assessments] = await Promise.all([lookupAdminSession(request, context, uuid), listAssessments(getApi(request, context))]);
  if (found.error !== undefined) {
    if (found.status === 404 || found.status === 400) throw data(null, { status: 404, headers: NO_STORE });
    return replayLoadError(found.error);
  }
  const s = found.session;
  const source = sourceOf(request, context, s);
  return replayData(request, {
    session: s,
    assessmentName: assessments.data?.find((a) => a.id === s.session.data.assessmentId)?.name ?? null,
    timeZone: zoneOrDefault(user.organization.timezone),
    hasLog: source !== null,
    source: source ?? (async () => ({ error: { message: NO_POSE_LOGS, status: 404 } })),
  });
}

export async function adminScanFrameSvg({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  requireAdmin(context);
  const uuid = params.sessionId?.toLowerCase();
  if (!isUuid(uuid)) return refusal(NO_POSE_LOGS, 404);
  const found = await lookupAdminSession(request, context, uuid);
  if (found.error !== undefined) return found.status === 404 ? refusal(NO_POSE_LOGS, 404) : refusal(found.error, 502);
  const source = sourceOf(request, context, found.session);
  if (!source) return refusal(NO_POSE_LOGS, 404);
  return frameSvgOf(request, found.session.session.meta.scanVersion, await readLog(source, request.signal));
}

export async function adminScanLog({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  requireAdmin(context);
  const uuid = params.sessionId?.toLowerCase();
  if (!isUuid(uuid)) return refusal(NO_POSE_LOGS, 404);
  const found = await lookupAdminSession(request, context, uuid);
  if (found.error !== undefined) return found.status === 404 ? refusal(NO_POSE_LOGS, 404) : refusal(found.error, 502);
  const artifact = sessionLog(found.session);
  if (!artifact) return refusal(NO_POSE_LOGS, 404);
  const log = await getAdminScanLog(getApi(request, context), found.session.id, artifact, request.signal);
  const download = requestUrl(request).searchParams.get("download") === "1";
  return logFileResponse(log, download ? `${artifact}-${found.session.sessionUUID}.json` : null, request);
}

export async function adminAnalysisPdf({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  const user = requireAdmin(context);
  const uuid = params.sessionId?.toLowerCase();
  if (!isUuid(uuid)) throw data(null, { status: 404, headers: NO_STORE });
  const analysis = await loadAdminAnalysis(request, context, user, uuid, requestUrl(request).searchParams);
  return analysisPdf(request, context, analysis);
}
