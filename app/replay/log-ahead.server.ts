/**
 * A replay's log read ahead (issue 31 item 4, ADR 048). A browser known to run scripts gets the canvas, not the
 * server-rendered frame view, so its page's loader reads nothing of the log — and the viewer's request for it came
 * only after the page's scripts had loaded and hydrated, then waited for the provider's file (read to its end: its
 * header is last). Now that loader starts reading the log from the provider at once (`readLogAhead`), and the
 * viewer's request moments later — the same signed-in session, the same log — takes those bytes
 * (`logReadAheadOr`) instead of asking the provider again: the provider's read overlaps the page's start.
 *
 * Held in this process only, once, for at most 30 s, at most two logs (the oldest goes first: a log may be 64 MB);
 * a request that finds nothing (another replica or process, a later request, a read that failed) asks the provider
 * as before. Keyed by the signed-in session (`sessionCacheKey`: the user and the session's id) and the log, so no
 * other session can take them.
 */
import type { ApiResult } from "../api/result";
import { sessionCacheKey } from "../api/session-cache.server";
import { getSession } from "../auth/session.server";
import type { PortalLoadContext } from "../context";
import { requestUrl } from "../request-url";
import { readAll, wantsLogStream } from "./log-stream.server";

type LogRead = (signal: AbortSignal) => Promise<ApiResult<ReadableStream<Uint8Array>>>;

const KEEP_MS = 30_000;
const MAX_LOGS = 2;
const ahead = new Map<string, { at: number; bytes: Promise<Uint8Array | null> }>();

function keyOf(request: Request, context: PortalLoadContext, log: string): string | undefined {
  const session = sessionCacheKey(getSession(request, context).get("auth"));
  return session ? `${session}\u0000${log}` : undefined;
}

/** Starts reading the log `log` (a name of the log, the same in both calls) of this session from `read`. */
export function readLogAhead(request: Request, context: PortalLoadContext, log: string, read: LogRead): void {
  const key = keyOf(request, context, log);
  if (!key) return;
  const bytes = read(AbortSignal.timeout(KEEP_MS)).then(
    (r) => (r.error ? null : readAll(r.data)),
    () => null,
  );
  // Not awaited by anyone when the viewer never asks: never an unhandled rejection.
  const kept = bytes.catch(() => null);
  ahead.delete(key);
  ahead.set(key, { at: Date.now(), bytes: kept });
  while (ahead.size > MAX_LOGS) ahead.delete(ahead.keys().next().value!);
}

/**
 * The viewer's request for the log `log` (as a stream of frames, not a download): the bytes read ahead for this
 * session when there are, else `read()` — the provider's answer as before.
 */
export async function logReadAheadOr(request: Request, context: PortalLoadContext, log: string, read: () => Promise<ApiResult<ReadableStream<Uint8Array>>>): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  const key = wantsLogStream(request) && requestUrl(request).searchParams.get("download") !== "1" ? keyOf(request, context, log) : undefined;
  const found = key ? ahead.get(key) : undefined;
  if (key && found) {
    ahead.delete(key);
    const bytes = Date.now() - found.at <= KEEP_MS ? await found.bytes : null;
    if (bytes) {
      return {
        data: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        }),
      };
    }
  }
  return read();
}
