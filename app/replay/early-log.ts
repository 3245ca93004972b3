/**
 * The replay's log asked for as soon as the page is hydrated (replay-viewer.tsx), while the canvas island's script
 * loads and its worker starts, instead of by that worker once it runs (ADR 048) — and before that by the page itself
 * (a `<link rel="preload">` in its head, which this request takes up): the portal's first bytes of the log
 * take about as long as the island's start, so the two now overlap. The island takes the response (`takeEarlyLog`)
 * and hands its body to the worker as a transferred stream; where a browser cannot transfer a stream, or the request
 * failed, the worker asks for the log itself, as before. A request nobody took (the page left first) is aborted.
 */
import { logStreamUrl } from "./log-stream";

export interface EarlyLog {
  response: Promise<Response>;
  abort: () => void;
}

const pending = new Map<string, EarlyLog>();

/** Asks for the log at `src` now; returns what aborts the request unless the island has taken it (an effect's cleanup). */
export function requestLogEarly(src: string): () => void {
  const controller = new AbortController();
  // The stream named in the URL and no headers of its own: the request the page's preload made (replay-viewer.tsx), when
  // there is one, is this one, and the browser hands its response over instead of asking again.
  const response = fetch(new URL(logStreamUrl(src), window.location.href), { credentials: "same-origin", signal: controller.signal });
  // An abort or a network failure is handled by whoever takes the request (the worker asks again); never unhandled.
  response.catch(() => undefined);
  const early: EarlyLog = { response, abort: () => controller.abort() };
  pending.set(src, early);
  return () => {
    if (pending.get(src) !== early) return;
    pending.delete(src);
    early.abort();
  };
}

/** The request `requestLogEarly` started for `src`, once (the caller then owns it), or undefined. */
export function takeEarlyLog(src: string): EarlyLog | undefined {
  const early = pending.get(src);
  pending.delete(src);
  return early;
}
