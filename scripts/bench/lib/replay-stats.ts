/** The replay benchmark's arithmetic (scripts/bench/replay.ts): pure. */

export interface LongTask {
  /** Epoch ms. */
  start: number;
  duration: number;
}

/** The longest main-thread task that overlaps [from, to] (epoch ms), or 0 when none does. */
export function longestTaskIn(tasks: readonly LongTask[], from: number, to: number): number {
  let longest = 0;
  for (const t of tasks) if (t.start <= to && t.start + t.duration >= from) longest = Math.max(longest, t.duration);
  return longest;
}

/** Frames expected over `ms` of playback at `fps` (the first frame is drawn at 0). */
export const expectedFrames = (ms: number, fps = 30) => Math.floor((ms * fps) / 1000);
