/**
 * How scan sessions and their results are shown and replayed (002 §2, §4, §5, §9): the result value's decimals by
 * unit (result-format.ts, re-exported), the session's logs, the short session UUID, the export file name, the
 * replay's version rule and its frame clock. Pure: the server, the browser and the replay island use it alike.
 */
import { formatResultValue } from "./result-format.js";

/** 002 §9: replay at 30 frames per second. */
export const REPLAY_FPS = 30;
/** 002 §5: the first scan client version whose sessions can be replayed. */
export const MIN_REPLAY_VERSION = "2.18.0";
export const REPLAY_REFUSED = "Cannot replay for sessions < 2.18.0";
/** 002 §8: a session with neither log. */
export const NO_POSE_LOGS = "No pose logs available";

/** 002 §9 "Display decimals: 0 for degrees, otherwise 2": the one formatter (domain/result-format.ts; `.js`: the E2E specs import this module under NodeNext). */
export { formatResultValue } from "./result-format.js";

/** A session's results as shown (each value with its unit's decimals). */
export const shownResults = <R extends { id: string; name: string; value: number; units: string }>(results: readonly R[]) =>
  results.map((r) => ({ id: r.id, name: r.name, value: formatResultValue(r.value, r.units), units: r.units }));

/** 002 §9 "UUID shown as first 4 and last 4 characters" ('abcd…wxyz'; a short one whole). */
export const shortUuid = (uuid: string): string => (uuid.length <= 8 ? uuid : `${uuid.slice(0, 4)}…${uuid.slice(-4)}`);

/** 002 §2: an export's file name is the report's title with colons removed (and the extension). */
export const exportFileName = (title: string, extension: "csv" | "pdf" | "png"): string => `${title.replace(/:/g, "").trim()}.${extension}`;

/** The logs a scan session may carry (002 §3 "artifacts (pose-log and/or hands-log)"). */
export type ScanArtifact = "pose-log" | "hands-log";
export const SCAN_LOGS: readonly ScanArtifact[] = ["pose-log", "hands-log"];
export const LOG_NAMES: Record<ScanArtifact, string> = { "pose-log": "pose log", "hands-log": "hands log" };

/** The logs a session has, pose log first (the list's data says which exist: an action is offered only for those). */
export const sessionLogs = (artifacts: readonly string[]): ScanArtifact[] => SCAN_LOGS.filter((a) => artifacts.includes(a));

/** The log a session's replay reads: the pose log, else the hands log (drawn at the hands confidence); null with neither. */
export const replayLog = (artifacts: readonly string[]): ScanArtifact | null => sessionLogs(artifacts)[0] ?? null;

/** X.Y.Z compared numerically; a version that is not X.Y.Z is never "at least". */
export function versionAtLeast(version: string, minimum: string): boolean {
  const parse = (v: string) => (/^\d+\.\d+\.\d+$/.test(v) ? v.split(".").map(Number) : null);
  const a = parse(version);
  const b = parse(minimum);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

/** Whether a session recorded by `scanVersion` can be replayed (else REPLAY_REFUSED). */
export const canReplay = (scanVersion: string): boolean => versionAtLeast(scanVersion, MIN_REPLAY_VERSION);

/**
 * Why a session cannot be replayed, one message per case, in the spec's order (002 §8 lists 'No pose logs
 * available' before 'Cannot replay for sessions < 2.18.0'): without a log there is nothing to replay whatever the
 * version; with a log, a session older than 2.18.0 is refused; null when it can be replayed. The sessions list,
 * the replay page and the frame images all ask this, so a session says the same thing everywhere.
 * `scanVersion` null (gait sessions) has no version rule.
 */
export function replayRefusal(scanVersion: string | null, hasLog: boolean): typeof NO_POSE_LOGS | typeof REPLAY_REFUSED | null {
  if (!hasLog) return NO_POSE_LOGS;
  if (scanVersion !== null && !canReplay(scanVersion)) return REPLAY_REFUSED;
  return null;
}

/**
 * The replay's frame at `elapsedMs` of playback started at `startFrame` (GUIDE §6: from elapsed time, never from a
 * count of animation callbacks, so a slow or throttled tab skips frames instead of slowing down). Past the last
 * frame: `done` (the phase becomes COMPLETE and playback stops, 002 §4).
 */
export function replayFrameAt(elapsedMs: number, startFrame: number, totalFrames: number, fps = REPLAY_FPS): { frame: number; done: boolean } {
  const last = Math.max(0, totalFrames - 1);
  const frame = startFrame + Math.floor((Math.max(0, elapsedMs) * fps) / 1000);
  return frame > last ? { frame: last, done: true } : { frame, done: false };
}

/**
 * A factor category as the product says it (002 §4: "Low Risk", "High Risk"; the tremor scale's grades): one set of
 * words for the analysis dialog, the admin editor and the analysis PDF.
 */
export const CATEGORY_LABEL = {
  LOW: "Low Risk",
  MEDIUM: "Medium Risk",
  HIGH: "High Risk",
  NONE: "None",
  NORMAL: "Normal",
  SLIGHT: "Slight",
  MILD: "Mild",
  MODERATE: "Moderate",
  SEVERE: "Severe",
  MARKED: "Marked",
} as const satisfies Record<string, string>;
