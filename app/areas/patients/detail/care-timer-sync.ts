/**
 * The care timer island's automatic pause and resume (ADR 033, care-timer.tsx) as a pure state machine: what the
 * page sends to the server, and what it shows, as the tab is hidden and shown, the inactivity warning comes and
 * goes, the server answers and the page's data is loaded again.
 *
 * - **One request in flight at a time; the latest wanted state after it.** A pause wanted while a resume (or a
 *   start) is still in flight waits for its answer and is sent then — unless the server is by then already as
 *   wanted (hidden, shown and hidden again within one request sends nothing more). Two requests in flight at once
 *   could reach the server in either order, and a fetcher's second submission aborts the first in the browser
 *   only, not on the server.
 * - **What the page knows of the server** is its data (the loader), then the answer of each request. Data loaded
 *   while a request is in flight is older than that request and is ignored: it decides nothing and is not shown.
 *   (The page's data after a resume may still say "paused" when the next pause is wanted: the pause is sent all
 *   the same.)
 * - **Shown**: the latest wanted state (queued, else in flight), else what the server has.
 * - **Held**: while another post of the timer (Stop, Resume, Start) waits or runs, nothing is sent; what is wanted
 *   meanwhile is sent once it is over, unless the timer is gone (stopped).
 * - Only a pause this page made is resumed (a timer paused elsewhere waits for its Resume button); no request is
 *   made without a timer (a pause or resume never creates one).
 */
export type TimerState = "none" | "running" | "paused";
export type Wanted = "RUNNING" | "PAUSED";

export interface SyncState {
  /** The timer as the server has it, as far as the page knows. */
  server: TimerState;
  /** The tab is hidden or the inactivity warning shows. */
  away: boolean;
  /** This page paused the timer (and will resume it). */
  autoPaused: boolean;
  /** The request in flight, if any. */
  inFlight: Wanted | null;
  /** The latest wanted state, sent once the request in flight is answered (or the hold ends). */
  queued: Wanted | null;
  /** Another post of the timer waits or runs. */
  held: boolean;
}

export type SyncEvent =
  /** The tab was hidden or shown, or the inactivity warning shown or closed. */
  | { type: "away"; away: boolean }
  /** The page's data (re)loaded with the timer in this state. */
  | { type: "loaded"; state: TimerState }
  /** The request in flight was answered: the timer's state then, or undefined when the request failed. */
  | { type: "answered"; state: TimerState | undefined }
  /** Another post of the timer began waiting or running (true), or is over (false). */
  | { type: "held"; held: boolean };

export interface SyncStep {
  state: SyncState;
  /** The request to send now (the caller sends it and reports its answer with `answered`). */
  send: Wanted | null;
}

export const initialSync = (server: TimerState): SyncState => ({ server, away: false, autoPaused: false, inFlight: null, queued: null, held: false });

const asWanted = (t: TimerState): Wanted | null => (t === "running" ? "RUNNING" : t === "paused" ? "PAUSED" : null);
const asState = (w: Wanted): TimerState => (w === "RUNNING" ? "running" : "paused");

/** What the page shows: the latest wanted state, else the server's. */
export function shownState(s: SyncState): TimerState {
  const latest = s.queued ?? s.inFlight;
  return s.server !== "none" && latest !== null ? asState(latest) : s.server;
}

/** Sends the queued state if nothing is in flight and nothing holds, and the server is not already so. */
function flush(s: SyncState): SyncStep {
  if (s.inFlight !== null || s.held || s.queued === null) return { state: s, send: null };
  const w = s.queued;
  const next = { ...s, queued: null };
  if (s.server === "none" || asWanted(s.server) === w) return { state: next, send: null };
  return { state: { ...next, inFlight: w }, send: w };
}

/** Wants `w`: queued behind the request in flight (dropped when that request brings the server there), then flushed. */
function want(s: SyncState, w: Wanted): SyncStep {
  if (s.inFlight !== null) return { state: { ...s, queued: s.inFlight === w ? null : w }, send: null };
  return flush({ ...s, queued: w });
}

export function syncStep(s: SyncState, e: SyncEvent): SyncStep {
  switch (e.type) {
    case "away": {
      const next = { ...s, away: e.away };
      if (e.away && !s.autoPaused && shownState(s) === "running") return want({ ...next, autoPaused: true }, "PAUSED");
      if (!e.away && s.autoPaused) return want({ ...next, autoPaused: false }, "RUNNING");
      return { state: next, send: null };
    }
    case "loaded": {
      // Older than the request in flight: that request's answer (and the data loaded after it) decides.
      if (s.inFlight !== null) return { state: s, send: null };
      if (e.state === "none") return { state: { ...s, server: "none", autoPaused: false, queued: null }, send: null };
      return flush({ ...s, server: e.state });
    }
    case "answered": {
      if (s.inFlight === null) return { state: s, send: null };
      const server = e.state ?? s.server;
      if (server === "none") return { state: { ...s, server, inFlight: null, queued: null, autoPaused: false }, send: null };
      return flush({ ...s, server, inFlight: null });
    }
    case "held":
      return flush({ ...s, held: e.held });
  }
}

/** A timer's state from the API's answer (`CareTimer` or null). */
export const timerStateOf = (timer: { pausedAt: string | null } | null | undefined): TimerState => (!timer ? "none" : timer.pausedAt === null ? "running" : "paused");

/**
 * The server side of an automatic pause or resume (care-timer-action.server.ts): the state to PUT given the timer
 * the server has now, or null to change nothing — no timer (stopped meanwhile: a PUT would start a new one,
 * running or paused) or already in that state.
 */
export function autoChange(current: { pausedAt: string | null } | null, wanted: Wanted): Wanted | null {
  const now = timerStateOf(current);
  return now === "none" || asWanted(now) === wanted ? null : wanted;
}
