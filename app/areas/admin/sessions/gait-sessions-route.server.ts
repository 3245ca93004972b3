/**
 * The admin gait sessions (003 §2): the list `/admin/gait/sessions?sort=&dir=&page=` (GET v2/admin/gait/sessions, the
 * last 90 days, sorted here and paged by 50: gait-sort.ts; streamed in after the header; a failure: 'Couldnt fetch gait
 * sessions :('), a session's replay `/admin/gait/sessions/{id}/replay?frame=&tab=` ('Gait Session Replay', the
 * shared replay viewer), its frame images `…/frame.svg?frame=n` and its pose log `…/pose-log.json[?download=1]`
 * (GET v2/admin/gait/sessions/{id}/pose-log/signed-url, followed on the server; the attachment is named after
 * the session; a failed download goes back to the list with the server's message). Any admin: all read-only.
 */
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { getAdminGaitLog, GAIT_SESSIONS_FETCH_FAILED, listAdminGaitSessions } from "../../../api/admin-sessions.server";
import { NO_POSE_LOGS } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { zoneOrDefault } from "../../../domain/date-range";
import { isUuid } from "../../../domain/uuid";
import { formatDateTime } from "../../../domain/zoned-day";
import { replayTab } from "../../../replay/summary";
import { frameFromParam } from "../../../replay/timeline";
import { logFileResponse, refusal } from "../../scan/pose-log-route.server";
import { frameSvgOf, MAX_FRAMES, readLog, stillView } from "../../scan/replay/replay-route.server";
import { backTo } from "../../scan/sessions/analysis-pdf.server";
import { requireAdmin } from "../access.server";
import { pageOf, parseGaitSort, parsePage, sortGaitRows } from "./gait-sort";
import { gaitPatientName as patientName, gaitRow, type GaitRow } from "./admin-session-row";
export type { GaitRow } from "./admin-session-row";
import type { PageMetadata } from "../../../components/pager";
import { requestUrl } from "../../../request-url";

const NO_STORE = { "Cache-Control": "no-store" };
export const GAIT_SESSIONS_PATH = "/admin/gait/sessions";
export const GAIT_REPLAY_TITLE = "Gait Session Replay";

export type GaitTable = { rows: GaitRow[]; page: number; metadata: PageMetadata } | { error: string };

export async function loadAdminGaitSessions({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const timeZone = zoneOrDefault(user.organization.timezone);
  const params = requestUrl(request).searchParams;
  const sort = parseGaitSort(params);
  const page = parsePage(params);
  // Not awaited: the header renders at once, the rows stream in.
  const table: Promise<GaitTable> = listAdminGaitSessions(getApi(request, context)).then((r) =>
    {
      if (r.error) return { error: GAIT_SESSIONS_FETCH_FAILED };
      const shown = pageOf(sortGaitRows(r.data.map((s) => gaitRow(s, timeZone)), sort), page);
      return { rows: shown.items, page: shown.page, metadata: shown.metadata };
    },
  );
  return data({ sort, table }, { headers: NO_STORE });
}

/** One gait session of the admin list (the last 90 days), by id. */
async function findGaitSession(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const list = await listAdminGaitSessions(getApi(request, context));
  if (list.error) return { error: list.error.message, status: list.error.status >= 500 || list.error.status === 0 ? 502 : list.error.status };
  const session = list.data.find((s) => s.id.toLowerCase() === id.toLowerCase());
  return session ? { session } : { error: "This gait session was not found.", status: 404 };
}

export async function loadAdminGaitReplay({ request, context, params }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const id = params.sessionId?.toLowerCase();
  if (!isUuid(id)) throw data(null, { status: 404, headers: NO_STORE });
  const found = await findGaitSession(request, context, id);
  if (!found.session) {
    if (found.status === 404) throw data(null, { status: 404, headers: NO_STORE });
    return data({ state: "error" as const, message: GAIT_SESSIONS_FETCH_FAILED }, { status: 502, headers: NO_STORE });
  }
  const s = found.session;
  const url = requestUrl(request);
  const frame = frameFromParam(url.searchParams.get("frame"), MAX_FRAMES);
  const tab = replayTab(url.searchParams.get("tab"));
  const timeZone = zoneOrDefault(user.organization.timezone);
  // Without a pose log there is nothing to replay: the page says so (and reads nothing).
  const poseLog = s.artifacts.includes("pose-log");
  const still = poseLog ? stillView(request, frame, (signal) => getAdminGaitLog(getApi(request, context), s.id, signal)) : null;
  return data(
    {
      state: "ok" as const,
      session: {
        id: s.id,
        sessionUUID: s.sessionUUID,
        patientName: patientName(s),
        captured: formatDateTime(s.capturedDate, timeZone),
        organization: s.organization.name,
        practitioner: s.practitioner ? `${s.practitioner.firstName} ${s.practitioner.lastName}`.trim() : null,
        gaitUid: s.patientRecordGaitUid,
      },
      refusal: poseLog ? null : NO_POSE_LOGS,
      frame,
      tab,
      still,
    },
    { headers: NO_STORE },
  );
}

export async function adminGaitFrameSvg({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  requireAdmin(context);
  const id = params.sessionId;
  if (!isUuid(id)) return refusal(NO_POSE_LOGS, 404);
  return frameSvgOf(request, null, await readLog((signal) => getAdminGaitLog(getApi(request, context), id, signal), request.signal));
}

export async function adminGaitLog({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  requireAdmin(context);
  const id = params.sessionId?.toLowerCase();
  if (!isUuid(id)) return refusal(NO_POSE_LOGS, 404);
  const download = requestUrl(request).searchParams.get("download") === "1";
  if (!download) return logFileResponse(await getAdminGaitLog(getApi(request, context), id, request.signal), null, request);
  // The download: named after the session (its UUID); a failure goes back to the list with the server's message.
  const found = await findGaitSession(request, context, id);
  const log = found.session ? await getAdminGaitLog(getApi(request, context), found.session.id, request.signal) : { error: { message: found.error, status: found.status } };
  if (log.error) {
    getSession(request, context).flash("toast", { type: "error", message: log.error.message });
    return redirect(backTo(request, GAIT_SESSIONS_PATH), { headers: NO_STORE });
  }
  return logFileResponse(log, `gait-pose-log-${found.session!.sessionUUID}.json`, request);
}
