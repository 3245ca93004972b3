/**
 * GET `/scan/sessions/{id}/pose-log.json` and `/scan/sessions/{id}/hands-log.json`: a scan session's pose log or hands
 * log (002 §2 "its pose log downloaded where an artifact exists"; the replay viewer reads the same URLs: a hands log
 * is replayed at the hands confidence). The portal asks the API for the signed URL and streams the file from it, so
 * the browser never sees the API's address or the signed URL. `?download=1` answers it as an attachment named after
 * the session. The replay viewer asks for it as a stream of frames (`Accept: application/x-ndjson`: a header line,
 * then a line per frame, ADR 048; app/replay/log-stream.server.ts). Not the user's, unknown or without that log: 404
 * ('No pose logs available'); another failure: 502 with the API's message. Never cached.
 */
import type { LoaderFunctionArgs } from "react-router";
import type { ApiResult } from "../../api/result";
import { getScanLog, NO_POSE_LOGS } from "../../api/scan.server";
import { getApi } from "../../api/user-api.server";
import { requireProduct } from "../../auth/current-user.server";
import type { ScanArtifact } from "../../domain/scan-display";
import { isUuid } from "../../domain/uuid";
import { requestUrl } from "../../request-url";
import { LOG_STREAM_TYPE, logStream, wantsLogStream } from "../../replay/log-stream.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A JSON refusal as a plain Response: a resource route that throws `data()` answers its status but with React Router's
 * own 'Unexpected Server Error' body (single fetch), not the message.
 */
export const refusal = (message: string, status: number) => Response.json({ message }, { status, headers: NO_STORE });

export async function scanLogResponse({ request, context, params }: LoaderFunctionArgs, artifact: ScanArtifact): Promise<Response> {
  requireProduct(context, "SCAN");
  const id = params.sessionId;
  if (!isUuid(id)) throw refusal(NO_POSE_LOGS, 404);
  const log = await getScanLog(getApi(request, context), id, artifact, request.signal);
  const download = requestUrl(request).searchParams.get("download") === "1";
  return logFileResponse(log, download ? `${artifact}-${id}.json` : null, request);
}

/**
 * A log (from any signed-URL call: the portal's or the admin area's) answered as JSON, as an attachment named
 * `fileName` when given; or, when the request asks for it and it is not a download, as the replay's stream of
 * frames (NDJSON, ADR 048; a file that is not a log: 502 'The log could not be read.'). A missing log: 404
 * 'No pose logs available'; another failure: 502 with the message.
 */
export async function logFileResponse(log: ApiResult<ReadableStream<Uint8Array>>, fileName: string | null, request: Request): Promise<Response> {
  if (log.error) {
    const status = log.error.status === 404 || log.error.status === 400 ? 404 : 502;
    throw refusal(status === 404 ? NO_POSE_LOGS : log.error.message, status);
  }
  if (!fileName && wantsLogStream(request)) {
    const lines = await logStream(log.data);
    if (lines.error !== undefined) throw refusal(lines.error, 502);
    return new Response(lines.data, {
      headers: { "Content-Type": `${LOG_STREAM_TYPE}; charset=utf-8`, ...NO_STORE, Vary: "Accept", "X-Content-Type-Options": "nosniff" },
    });
  }
  return new Response(log.data, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...(fileName ? { "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]+/g, "_")}"` } : {}),
      ...NO_STORE,
      Vary: "Accept",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
