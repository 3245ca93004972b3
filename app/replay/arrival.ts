/**
 * Playing a log while it streams in (ADR 048): which frames have arrived, what playback does at the edge of them, and
 * what the viewer says meanwhile. Frames arrive in order, so what has arrived is always frames 0 … arrived − 1 (like
 * a video player's buffered range). Pure.
 */
import { replayFrameAt } from "../domain/scan-display";

/** Whether frame `f` (0-based) can be drawn. */
export const hasArrived = (f: number, arrived: number) => f >= 0 && f < arrived;

/**
 * Playback at elapsed time `elapsedMs` from `startFrame` (replayFrameAt: the frame from the time, 30 fps) within what
 * has arrived. Reaching a frame that has not arrived is `waiting` (buffering: the viewer holds the last frame it has
 * and goes on when more arrives), not the end; `done` only past the log's last frame.
 * - `frame`: the frame to show — when waiting, the last arrived frame reached (or `startFrame` itself when playback
 *   starts at a frame that has not arrived: it waits there).
 */
export function streamedFrameAt(elapsedMs: number, startFrame: number, total: number, arrived: number): { frame: number; done: boolean; waiting: boolean } {
  const at = replayFrameAt(elapsedMs, startFrame, total);
  if (at.frame < arrived) return { ...at, waiting: false };
  return { frame: startFrame >= arrived ? startFrame : arrived - 1, done: false, waiting: true };
}

/**
 * Whether playback held at frame `shown` (`drawn`: whether that frame is on the canvas) can go on: the frame itself
 * has arrived when it waits for it, else the next one.
 */
export const canResume = (shown: number, drawn: boolean, arrived: number) => arrived > (drawn ? shown + 1 : shown);

/** What the viewer says while the log arrives (null once it has all arrived). */
export function arrivalText(arrived: number, total: number): string | null {
  return arrived >= total ? null : `Loading frames: ${arrived} of ${total} arrived`;
}

/** What the viewer says while it shows a frame that has not arrived yet (a seek past the arrived part, or buffering). */
export const waitingText = (f: number) => `Waiting for frame ${f + 1} to arrive…`;
