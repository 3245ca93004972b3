/**
 * The loader of `/scan/sessions/{id}/replay` (routes/_app.scan.sessions.$sessionId.replay.tsx) and of the frame
 * images `/scan/sessions/{id}/frame.svg?frame=n`. Scan users only (404 otherwise). The session comes from
 * GET v2/scan/sessions/{id} (404 out of the user's reach); a session older than 2.18.0 is refused with
 * 'Cannot replay for sessions < 2.18.0' and one without a pose log shows 'No pose logs available' (002 §5, §8).
 * The no-JavaScript view's data (frame count, phase, insights, live results at `?frame=n`) comes from the pose log,
 * read once per request through the signed URL and streamed in after the header; the island reads the log
 * itself from `/scan/sessions/{id}/pose-log.json`.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getScanPoseLog, getScanSession, listAssessments, NO_POSE_LOGS, type ScanSession } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { requireProduct } from "../../../auth/user.server";
import { canReplay, REPLAY_REFUSED } from "../../../domain/scan-display";
import { isUuid } from "../../../domain/uuid";
import { clientRunsScripts } from "../../../shell/scripting";
import { frameSvg } from "../../../replay/frame-svg";
import type { PackedLog } from "../../../replay/log-types";
import { readPackedLog } from "../../../replay/read-log.server";
import { summarize, replayTab, type ReplaySummary } from "../../../replay/summary";
import { frameFromParam } from "../../../replay/timeline";
import { svgResponse } from "../../../replay/svg-response.server";

const NO_STORE = { "Cache-Control": "no-store" };
/** The largest 1-based frame a URL may ask for before the log's length is known (the contract's 20,000 frames). */
const MAX_FRAMES = 20_000;

async function readLog(request: Request, context: LoaderFunctionArgs["context"], id: string): Promise<{ data: PackedLog; error?: undefined } | { error: { message: string; status: number }; data?: undefined }> {
  const stream = await getScanPoseLog(getApi(request, context), id, request.signal);
  if (stream.error) {
    const missing = stream.error.status === 404 || stream.error.status === 400;
    return { error: { message: missing ? NO_POSE_LOGS : stream.error.message, status: missing ? 404 : 502 } };
  }
  const log = await readPackedLog(stream.data);
  return log.error !== undefined ? { error: { message: log.error, status: 502 } } : { data: log.data };
}

export async function loadReplay({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireProduct(request, context, "SCAN");
  const id = params.sessionId;
  if (!isUuid(id)) throw data(null, { status: 404, headers: NO_STORE });
  const url = new URL(request.url);
  const api = getApi(request, context);
  const [session, assessments] = await Promise.all([getScanSession(api, id), listAssessments(api)]);
  if (session.error) {
    if (session.error.status === 404 || session.error.status === 400) throw data(null, { status: 404, headers: NO_STORE });
    return data({ state: "error" as const, message: session.error.message }, { status: 502, headers: NO_STORE });
  }
  const s: ScanSession = session.data;
  const assessmentName = assessments.data?.find((a) => a.id === s.session.data.assessmentId)?.name ?? null;
  const refusal = !canReplay(s.session.meta.scanVersion) ? REPLAY_REFUSED : !s.artifacts.includes("pose-log") ? NO_POSE_LOGS : null;
  const frame = frameFromParam(url.searchParams.get("frame"), MAX_FRAMES);
  const tab = replayTab(url.searchParams.get("tab"));
  // Not awaited: the header renders at once; the no-JS frame view streams in when the log has been read. A browser
  // known to run scripts gets the canvas instead, so the server does not read the log for it (`?still=1` asks anyway).
  const wantStill = !clientRunsScripts(request) || url.searchParams.get("still") === "1";
  const still: Promise<{ summary: ReplaySummary; error: null } | { error: string; summary: null }> | null = refusal || !wantStill
    ? null
    : readLog(request, context, s.id).then((log) => (log.error ? { error: log.error.message, summary: null } : { summary: summarize(log.data, Math.min(frame, log.data.frameCount - 1)), error: null }));
  return data({ state: "ok" as const, session: s, assessmentName, refusal, frame, tab, timeZone: user.organization.timezone, still }, { headers: NO_STORE });
}

/** A refusal of a resource route as the API's `{message}` body (a thrown `data()` there answers Remix's generic error body). */
const refusal = (message: string, status: number) => Response.json({ message }, { status, headers: NO_STORE });

/**
 * GET `/scan/sessions/{id}/frame.svg?frame=n` (1-based; default the first): one frame as an SVG image. The replay's
 * rules hold here too: a session recorded before 2.18.0 is refused ('Cannot replay for sessions < 2.18.0', 403).
 */
export async function frameSvgResponse({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  await requireProduct(request, context, "SCAN");
  const id = params.sessionId;
  if (!isUuid(id)) return refusal(NO_POSE_LOGS, 404);
  const [session, log] = await Promise.all([getScanSession(getApi(request, context), id), readLog(request, context, id)]);
  if (session.error) return session.error.status === 404 || session.error.status === 400 ? refusal(NO_POSE_LOGS, 404) : refusal(session.error.message, 502);
  if (!canReplay(session.data.session.meta.scanVersion)) return refusal(REPLAY_REFUSED, 403);
  if (log.error) return refusal(log.error.message, log.error.status);
  const frame = frameFromParam(new URL(request.url).searchParams.get("frame"), log.data.frameCount);
  return svgResponse(frameSvg(log.data, frame), "no-store");
}
