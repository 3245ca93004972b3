/**
 * Loaders of the telehealth pages and the hands demo (any signed-in user). A page of an assessment with scan
 * sessions (tremors and hands: AST-0031; external shoulder rotation: AST-0024) lists the 10 newest of the user's
 * organization when it holds SCAN (the API scopes them to the user's reach). The demo reads the sample hands log
 * from public/demo/ once per process (static, synthetic).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { data, type LoaderFunctionArgs } from "react-router";
import { listScanSessions, scanSessionsLoadFailed, type ScanSession } from "../../api/scan.server";
import { getApi } from "../../api/user-api.server";
import { currentUser } from "../../auth/current-user.server";
import { frameSvg } from "../../replay/frame-svg";
import type { PackedLog } from "../../replay/log-types";
import { packText } from "../../replay/read-log.server";
import { svgResponse } from "../../replay/svg-response.server";
import { replayTab, summarize } from "../../replay/summary";
import { frameFromParam } from "../../replay/timeline";
import { remoteAssessment, type RemoteAssessment } from "./assessments";
import { requestUrl } from "../../request-url";

export const RECENT_SESSIONS = 10;

export async function loadTelehealthIndex({ context }: LoaderFunctionArgs) {
  const user = currentUser(context);
  return { hasScan: user.organization.products.includes("SCAN") };
}

export async function loadRemoteAssessment({ request, context }: LoaderFunctionArgs, slug: RemoteAssessment["slug"]) {
  const user = currentUser(context);
  const assessment = remoteAssessment(slug);
  const timeZone = user.organization.timezone;
  if (!user.organization.products.includes("SCAN") || !assessment.assessmentId) return { slug, timeZone, sessions: null };
  const r = await listScanSessions(getApi(request, context), { page: 1, limit: RECENT_SESSIONS, assessmentIds: [assessment.assessmentId] });
  const sessions: { items: ScanSession[]; total: number } | { error: string } = r.error
    ? { error: scanSessionsLoadFailed(r.error.message) }
    : { items: r.data.items, total: r.data.metadata.totalItems };
  return { slug, timeZone, sessions };
}

let sample: Promise<PackedLog> | null = null;
function sampleHandsLog(): Promise<PackedLog> {
  sample ??= readFile(join(process.cwd(), "public", "demo", "hands-log.json"), "utf8").then((text) => {
    const log = packText(text);
    if (log.error !== undefined) throw new Error(log.error);
    return log.data;
  });
  sample.catch(() => (sample = null));
  return sample;
}

export async function loadHandsDemo({ request, context }: LoaderFunctionArgs) {
  currentUser(context);
  const url = requestUrl(request);
  const log = await sampleHandsLog();
  const frame = frameFromParam(url.searchParams.get("frame"), log.frameCount);
  return { summary: summarize(log, frame), frame, tab: replayTab(url.searchParams.get("tab")) };
}

/** GET `/demo/hands/frame.svg?frame=n`: a frame of the sample hands log. */
export async function handsDemoFrame({ request, context }: LoaderFunctionArgs): Promise<Response> {
  currentUser(context);
  const log = await sampleHandsLog().catch(() => null);
  if (!log) throw data({ message: "The sample log is missing." }, { status: 404 });
  const frame = frameFromParam(requestUrl(request).searchParams.get("frame"), log.frameCount);
  return svgResponse(frameSvg(log, frame), "private, max-age=3600");
}
