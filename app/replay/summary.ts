/**
 * What the server-rendered (no-JavaScript) replay shows of a log at one frame: the frame count, the phase, the
 * frame's description (the image's alt text), the insights, the live results and the slider's phase marks.
 * Small and serializable (the loader returns it; the log itself stays on the server). Pure.
 */
import { frameDescription } from "./frame-svg";
import type { LogKind, PackedLog } from "./log-types";
import { insights, liveResultsAt, phaseAt, phaseMarks, type Insight, type LiveResult, type PhaseMark } from "./timeline";

export interface ReplaySummary {
  kind: LogKind;
  total: number;
  /** 0-based. */
  frame: number;
  phase: string;
  description: string;
  insights: Insight[];
  liveResults: LiveResult[];
  marks: PhaseMark[];
}

export function summarize(log: PackedLog, frame: number): ReplaySummary {
  return {
    kind: log.kind,
    total: log.frameCount,
    frame,
    phase: phaseAt(log, frame),
    description: frameDescription(log, frame),
    insights: insights(log),
    liveResults: liveResultsAt(log, frame),
    marks: phaseMarks(log),
  };
}

export type ReplayTab = "insights" | "results";
export const replayTab = (value: string | null): ReplayTab => (value === "results" ? "results" : "insights");

/** A replay page's URL at a frame (0-based in, 1-based in the URL) and tab. */
export const replayHref = (path: string, frame: number, tab: ReplayTab) => `${path}?frame=${frame + 1}${tab === "insights" ? "" : `&tab=${tab}`}`;
