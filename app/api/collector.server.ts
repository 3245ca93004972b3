/**
 * Delivery to an outside collector (error reporting, analytics): one JSON POST, best effort, 2 s time-out, never
 * awaited by the request it comes from. A failure is logged (without the body) and otherwise ignored.
 */
import { log } from "../log.server";

export function postToCollector(url: string, body: Record<string, unknown>, event: string): void {
  void fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(2000),
  })
    .then((res) => res.body?.cancel())
    .catch(() => {
      log.warn("collector could not be reached", { event });
    });
}
