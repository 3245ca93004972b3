/**
 * The portal's log read back by benchmarks: at LOG_LEVEL=debug the portal writes one JSON line per provider
 * API call (app/api/client.server.ts: "provider API call", with the request's id, the call's path with ids
 * redacted, its status and duration), when the call's answer has been read. A benchmark that sends its own
 * X-Request-Id finds the calls of each of its requests, and when each one ended, on the machine's clock.
 */

export interface LoggedCall {
  method: string;
  /** Path with ids redacted ("/v2/patients/:id"). */
  path: string;
  status: number;
  durationMs: number;
  /** When the portal had the answer (epoch ms, the log line's time). */
  endedAt: number;
}

/** The provider API calls logged for `requestId`, in the order they ended. Lines that are not the portal's JSON are skipped. */
export function apiCallsOf(logText: string, requestId: string): LoggedCall[] {
  const calls: LoggedCall[] = [];
  for (const line of logText.split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (entry.msg !== "provider API call" || entry.requestId !== requestId) continue;
    calls.push({ method: String(entry.method), path: String(entry.path), status: Number(entry.status), durationMs: Number(entry.durationMs), endedAt: Date.parse(String(entry.time)) });
  }
  return calls.sort((a, b) => a.endedAt - b.endedAt);
}
