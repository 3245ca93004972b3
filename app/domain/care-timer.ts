/**
 * The care timer's arithmetic (ADR 033, issue 26), shared by the reference API (which keeps the timer) and the
 * portal (which shows it running): elapsed time is from the start to now (or to the pause), less the pauses
 * that ended; a care note is filled with its **completed minutes** — rounded down (9 min 59 s is 9), the
 * conservative reading ADR 033 takes — at most 1440 (a care note's maximum). Times are epoch milliseconds.
 */
export const MAX_TIMED_MINUTES = 1440;

export interface TimerSpans {
  startedAt: number;
  /** While paused: when the pause began. */
  pausedAt: number | null;
  /** The pauses that ended, in whole seconds. */
  pausedSeconds: number;
}

/** Whole seconds of care from the start to `now` (or to the pause), without the pauses; never negative. */
export function elapsedSeconds(t: TimerSpans, now: number): number {
  const end = t.pausedAt ?? now;
  return Math.max(0, Math.floor((end - t.startedAt) / 1000) - t.pausedSeconds);
}

/** Completed minutes of `seconds` (rounded down), at most 1440. */
export const completedMinutes = (seconds: number): number => Math.min(MAX_TIMED_MINUTES, Math.floor(Math.max(0, seconds) / 60));

/** Paused at `now` (a paused timer stays as it is). */
export const pause = (t: TimerSpans, now: number): TimerSpans => (t.pausedAt !== null ? t : { ...t, pausedAt: Math.max(now, t.startedAt) });

/** Running again at `now`: the pause that ends adds its whole seconds (a running timer stays as it is). */
export function resume(t: TimerSpans, now: number): TimerSpans {
  if (t.pausedAt === null) return t;
  return { ...t, pausedAt: null, pausedSeconds: t.pausedSeconds + Math.max(0, Math.floor((now - t.pausedAt) / 1000)) };
}

/** 'm:ss', or 'h:mm:ss' from an hour. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
