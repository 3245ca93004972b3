/**
 * The loader of `/scan/sessions/{id}/replay` (routes/_app.scan.sessions.$sessionId.replay.tsx) and of the frame
 * images `/scan/sessions/{id}/frame.svg?frame=n`. Scan users only (404 otherwise). The session comes from
 * GET v2/scan/sessions/{id} (404 out of the user's reach); a session with neither log shows 'No pose logs
 * available', one with a log older than 2.18.0 'Cannot replay for sessions < 2.18.0' (002 §5, §8: replayRefusal).
 * The log replayed is the pose log, else the hands log (drawn at the hands confidence, 0.4). The no-JavaScript
 * view's data (frame count, phase, insights, live results at `?frame=n`) comes from that log, read once per
 * request through the signed URL and streamed in after the header; the island reads the log itself from
 * `/scan/sessions/{id}/{pose-log|hands-log}.json`. The log's source is a parameter (`LogSource`): the admin area
 * (app/areas/admin/sessions/) uses the same page data, frame images and log reading with its own calls.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import type { ApiResult } from "../../../api/result";
import { getScanLog, getScanSession, listAssessments, NO_POSE_LOGS, type ScanSession } from "../../../api/scan.server";
import { getApi } from "../../../api/user-api.server";
import { requireProduct } from "../../../auth/current-user.server";
import { replayLog, replayRefusal, REPLAY_REFUSED } from "../../../domain/scan-display";
import { isUuid } from "../../../domain/uuid";
import { clientRunsScripts } from "../../../shell/scripting";
import { frameSvg } from "../../../replay/frame-svg";
import type { PackedLog } from "../../../replay/log-types";
import { readPackedLog } from "../../../replay/read-log.server";
import { summarize, replayTab, type ReplaySummary } from "../../../replay/summary";
import { frameFromParam } from "../../../replay/timeline";
import { svgResponse } from "../../../replay/svg-response.server";
import { requestUrl } from "../../../request-url";

const NO_STORE = { "Cache-Control": "no-store" };
/** The largest 1-based frame a URL may ask for before the log's length is known (the contract's 20,000 frames). */
export const MAX_FRAMES = 20_000;

/**
 * Where a replay's log comes from: the portal's signed-URL call (GET v2/scan/sessions/{id}/pose-log/signed-url) or
 * the admin area's (scan or gait sessions of any organization); a stream of the log's JSON, or the call's error.
 */
export type LogSource = (signal: AbortSignal) => Promise<ApiResult<ReadableStream<Uint8Array>>>;
export type LogRead = { data: PackedLog; error?: undefined } | { error: { message: string; status: number }; data?: undefined };

/** Reads and packs a log (a missing one: 404 'No pose logs available'; any other failure: 502 with the message). */
export async function readLog(source: LogSource, signal: AbortSignal): Promise<LogRead> {
  const stream = await source(signal);
  if (stream.error) {
    const missing = stream.error.status === 404 || stream.error.status === 400;
    return { error: { message: missing ? NO_POSE_LOGS : stream.error.message, status: missing ? 404 : 502 } };
  }
  const log = await readPackedLog(stream.data);
  return log.error !== undefined ? { error: { message: log.error, status: 502 } } : { data: log.data };
}

/**
 * The replay page's data for a scan session whose log comes from `source` (the portal's page and the admin
 * area's): refused before 2.18.0 or without a log (`hasLog`); the no-JavaScript frame view streams in.
 */
export function replayData(request: Request, opts: { session: ScanSession; assessmentName: string | null; timeZone: string; hasLog: boolean; source: LogSource }) {
  const { session: s } = opts;
  const url = requestUrl(request);
  const refusal = replayRefusal(s.session.meta.scanVersion, opts.hasLog);
  const frame = frameFromParam(url.searchParams.get("frame"), MAX_FRAMES);
  const tab = replayTab(url.searchParams.get("tab"));
  return data(
    { state: "ok" as const, session: s, assessmentName: opts.assessmentName, refusal, frame, tab, timeZone: opts.timeZone, still: refusal ? null : stillView(request, frame, opts.source) },
    { headers: NO_STORE },
  );
}

/**
 * The no-JavaScript view of frame `frame` (not awaited by the loaders: the header renders at once; the frame
 * view streams in when the log has been read). A browser known to run scripts gets the canvas instead, so the
 * server does not read the log for it (`?still=1` asks anyway): null.
 */
export function stillView(request: Request, frame: number, source: LogSource): Promise<{ summary: ReplaySummary; error: null } | { error: string; summary: null }> | null {
  const wantStill = !clientRunsScripts(request) || requestUrl(request).searchParams.get("still") === "1";
  if (!wantStill) return null;
  return readLog(source, request.signal).then((log) => (log.error ? { error: log.error.message, summary: null } : { summary: summarize(log.data, Math.min(frame, log.data.frameCount - 1)), error: null }));
}

/** A replay page's error state (the session could not be loaded): 502 with the call's message. */
export const replayLoadError = (message: string) => data({ state: "error" as const, message }, { status: 502, headers: NO_STORE });

export async function loadReplay({ request, context, params }: LoaderFunctionArgs) {
  const user = requireProduct(context, "SCAN");
  const id = params.sessionId;
  if (!isUuid(id)) throw data(null, { status: 404, headers: NO_STORE });
  const api = getApi(request, context);
  const [session, assessments] = await Promise.all([getScanSession(api, id), listAssessments(api)]);
  if (session.error) {
    if (session.error.status === 404 || session.error.status === 400) throw data(null, { status: 404, headers: NO_STORE });
    return replayLoadError(session.error.message);
  }
  const s: ScanSession = session.data;
  const assessmentName = assessments.data?.find((a) => a.id === s.session.data.assessmentId)?.name ?? null;
  const log = replayLog(s.artifacts);
  return replayData(request, {
    session: s,
    assessmentName,
    timeZone: user.organization.timezone,
    hasLog: log !== null,
    source: (signal) => (log ? getScanLog(api, s.id, log, signal) : Promise.resolve({ error: { message: NO_POSE_LOGS, status: 404 } })),
  });
}

/** A refusal of a resource route as the API's `{message}` body (a thrown `data()` there answers React Router's generic error body). */
export const refusal = (message: string, status: number) => Response.json({ message }, { status, headers: NO_STORE });

/**
 * GET `/scan/sessions/{id}/frame.svg?frame=n` (1-based; default the first): one frame as an SVG image. The replay's
 * rules hold here too: a session recorded before 2.18.0 is refused ('Cannot replay for sessions < 2.18.0', 403).
 */
export async function frameSvgResponse({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  requireProduct(context, "SCAN");
  const id = params.sessionId;
  if (!isUuid(id)) return refusal(NO_POSE_LOGS, 404);
  const api = getApi(request, context);
  // The session first: which log it has (the pose log, else the hands log) decides which one is read.
  const session = await getScanSession(api, id);
  if (session.error) return session.error.status === 404 || session.error.status === 400 ? refusal(NO_POSE_LOGS, 404) : refusal(session.error.message, 502);
  const artifact = replayLog(session.data.artifacts);
  const refused = replayRefusal(session.data.session.meta.scanVersion, artifact !== null);
  if (refused || !artifact) return refused === REPLAY_REFUSED ? refusal(REPLAY_REFUSED, 403) : refusal(NO_POSE_LOGS, 404);
  return frameSvgOf(request, session.data.session.meta.scanVersion, await readLog((signal) => getScanLog(api, id, artifact, signal), request.signal));
}

/**
 * One frame of a read log as an SVG image (`?frame=n`, 1-based; default the first), for the portal's and the
 * admin area's frame routes. A scan session recorded before 2.18.0 is refused ('Cannot replay for sessions <
 * 2.18.0', 403); `scanVersion` null (gait sessions) has no version rule.
 */
export function frameSvgOf(request: Request, scanVersion: string | null, log: LogRead): Response {
  if (replayRefusal(scanVersion, true)) return refusal(REPLAY_REFUSED, 403);
  if (log.error) return refusal(log.error.message, log.error.status);
  const frame = frameFromParam(requestUrl(request).searchParams.get("frame"), log.data.frameCount);
  return svgResponse(frameSvg(log.data, frame), "no-store");
}
