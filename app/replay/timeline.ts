/**
 * The replay's timeline (002 §2, §4): the phase of each frame, the marks on the frame slider, the lap and stride
 * markers drawn on the canvas, the Insights (gait cycle frames) and the Live Results at a frame. Pure.
 *
 * Phases of a pose log (from lapInfo; the frames are 0-based):
 *   STANDING  before lap 1 starts (frame < lap1StartFrame)
 *   LAP 1     lap1StartFrame … lap1EndFrame
 *   TURN      between the laps
 *   LAP 2     lap2StartFrame … lap2EndFrame
 *   STANDING  after lap 2
 *   COMPLETE  past the last frame (playback ran to the end and stopped)
 * A pose log without lap information is WALKING throughout. Hands logs: RIGHT HAND / LEFT HAND by the side of the
 * hand in the frame, then COMPLETE.
 */
import { formatResultValue } from "../domain/scan-display";
import { POSE_JOINTS, type PackedLog } from "./log-types";
import { CANVAS_WIDTH as CANVAS_WIDTH_PX, jointAt } from "./skeleton";

export const COMPLETE = "COMPLETE";

export function phaseAt(log: PackedLog, f: number): string {
  if (f >= log.frameCount) return COMPLETE;
  if (log.kind === "hands") return log.sides[Math.max(0, f)] === 0 ? "LEFT HAND" : "RIGHT HAND";
  const lap = log.lapInfo;
  if (!lap) return "WALKING";
  if (f < lap.lap1StartFrame) return "STANDING";
  if (f <= lap.lap1EndFrame) return "LAP 1";
  if (f < lap.lap2StartFrame) return "TURN";
  if (f <= lap.lap2EndFrame) return "LAP 2";
  return "STANDING";
}

export interface PhaseMark {
  frame: number;
  label: string;
}

/** Where a phase begins (the frame slider's marks), in frame order, within the log. */
export function phaseMarks(log: PackedLog): PhaseMark[] {
  const marks: PhaseMark[] = [];
  if (log.kind === "hands") {
    for (let f = 0; f < log.frameCount; f++) if (f === 0 || log.sides[f] !== log.sides[f - 1]) marks.push({ frame: f, label: phaseAt(log, f) });
    return marks;
  }
  const lap = log.lapInfo;
  if (!lap) return marks;
  const list: PhaseMark[] = [
    { frame: lap.lap1StartFrame, label: "LAP 1" },
    { frame: lap.lap1EndFrame + 1, label: "TURN" },
    { frame: lap.lap2StartFrame, label: "LAP 2" },
    { frame: lap.lap2EndFrame + 1, label: "STANDING" },
  ];
  return list.filter((m) => m.frame >= 0 && m.frame < log.frameCount);
}

/**
 * Where a phase mark sits under the frame slider (CSS `left`): where the slider's thumb centre is for that frame. The
 * thumb's centre runs from half a thumb in to half a thumb short of the track's ends, not from 0 to 100 % (before:
 * the marks, centred on 0–100 %, sat 25–38 px left of the slider's positions). `--replay-thumb` is the thumb's
 * width, set in replay.css; the mark's line (its 2 px left border) is centred on the position.
 */
export const phaseMarkLeft = (frame: number, last: number): string =>
  `calc(var(--replay-thumb) / 2 + (100% - var(--replay-thumb)) * ${last > 0 ? Math.min(1, Math.max(0, frame / last)) : 0} - 1px)`;

export interface Marker {
  frame: number;
  /** Where the vertical line is drawn (canvas pixels). */
  x: number;
  kind: "lap" | "stride";
  label: string;
  /** Where its label is written (canvas pixels, the text's baseline): beside the line, on a row of its own where it would cover another label. */
  labelX: number;
  labelY: number;
  /** 'start': the text begins at labelX (right of the line); 'end': it ends there (left of the line, near the canvas's right edge). */
  anchor: "start" | "end";
}

/** The labels' font (12px sans-serif), the first row's baseline, the row height and the room between two labels. */
export const MARKER_FONT = "12px sans-serif";
const LABEL_TOP = 54;
const LABEL_ROW = 16;
const LABEL_GAP = 6;
/** A label's width in MARKER_FONT, from above (7 px a character: wider than sans-serif's average, so rows never touch). */
export const labelWidth = (label: string) => label.length * 7;

/**
 * Places the markers' labels (in frame order) so that none covers another: each goes beside its line on the first
 * row where it meets no label already placed (before: the lap labels shared one row, the stride labels another, and
 * two markers a few pixels apart wrote over each other — 'Lap 2 stadt'). Laid out over all the markers at once, so a
 * label stays where it is while the walk reaches the next.
 */
export function placeLabels(list: readonly Omit<Marker, "labelX" | "labelY" | "anchor">[], width = CANVAS_WIDTH_PX): Marker[] {
  const rows: [number, number][][] = [];
  return list.map((m) => {
    const w = labelWidth(m.label);
    const anchor: Marker["anchor"] = m.x + 4 + w > width ? "end" : "start";
    const left = anchor === "start" ? m.x + 4 : m.x - 4 - w;
    const right = left + w;
    let row = rows.findIndex((spans) => spans.every(([a, b]) => right + LABEL_GAP <= a || left >= b + LABEL_GAP));
    if (row < 0) row = rows.push([]) - 1;
    rows[row]!.push([left, right]);
    return { ...m, labelX: anchor === "start" ? m.x + 4 : m.x - 4, labelY: LABEL_TOP + row * LABEL_ROW, anchor };
  });
}

const J = Object.fromEntries(POSE_JOINTS.map((n, i) => [n, i])) as Record<(typeof POSE_JOINTS)[number], number>;

/** The body's x at a frame: mid hip, else the mean of the hips. */
function bodyX(log: PackedLog, f: number): number | null {
  const mid = jointAt(log, f, J.midHip);
  if (mid) return mid.x;
  const hips = [jointAt(log, f, J.leftHip), jointAt(log, f, J.rightHip)].filter((p) => p !== null);
  return hips.length ? hips.reduce((s, p) => s + p.x, 0) / hips.length : null;
}

/** A foot's x at a frame: the heel (used only when its x is above 0, 002 §5), else the ankle. */
function footX(log: PackedLog, f: number, side: "left" | "right"): number | null {
  const heel = jointAt(log, f, side === "left" ? J.leftHeel : J.rightHeel);
  if (heel) return heel.x;
  return jointAt(log, f, side === "left" ? J.leftAnkle : J.rightAnkle)?.x ?? null;
}

/** The lap markers (where each lap starts and ends) and stride markers (each side's best cycle), in frame order. */
export function markers(log: PackedLog): Marker[] {
  if (log.kind !== "pose") return [];
  const out: Omit<Marker, "labelX" | "labelY" | "anchor">[] = [];
  const lap = log.lapInfo;
  if (lap) {
    const laps: [number, string][] = [[lap.lap1StartFrame, "Lap 1 start"], [lap.lap1EndFrame, "Lap 1 end"], [lap.lap2StartFrame, "Lap 2 start"], [lap.lap2EndFrame, "Lap 2 end"]];
    for (const [frame, label] of laps) {
      const x = bodyX(log, frame);
      if (x !== null) out.push({ frame, x, kind: "lap", label });
    }
  }
  const stride = log.strideInfo;
  if (stride) {
    for (const side of ["left", "right"] as const) {
      const c = stride[side].bestCycle;
      const name = side === "left" ? "Left" : "Right";
      for (const [frame, label] of [[c.startFrame, `${name} cycle start`], [c.endFrame, `${name} cycle end`]] as const) {
        const x = footX(log, frame, side);
        if (x !== null) out.push({ frame, x, kind: "stride", label });
      }
    }
  }
  return placeLabels(out.sort((a, b) => a.frame - b.frame));
}

/** The markers reached by frame `f` (drawn once the walk has passed them). */
export const markersAt = (all: readonly Marker[], f: number) => all.filter((m) => m.frame <= f);

export interface Insight {
  side: "Left" | "Right";
  label: "Cycle start" | "Step start" | "Cycle end";
  /** 0-based frame. */
  frame: number;
}

/** 002 §2 Insights: each side's best gait cycle — cycle start, step start (start + the step's length), cycle end. */
export function insights(log: PackedLog): Insight[] {
  const stride = log.strideInfo;
  if (!stride) return [];
  const last = log.frameCount - 1;
  const clampFrame = (f: number) => Math.min(last, Math.max(0, Math.round(f)));
  return (["left", "right"] as const).flatMap((s) => {
    const info = stride[s];
    const side = s === "left" ? "Left" : "Right";
    return [
      { side, label: "Cycle start", frame: clampFrame(info.bestCycle.startFrame) },
      { side, label: "Step start", frame: clampFrame(info.bestCycle.startFrame + info.stepInfo.frameLength) },
      { side, label: "Cycle end", frame: clampFrame(info.bestCycle.endFrame) },
    ] satisfies Insight[];
  });
}

export interface LiveResult {
  id: string;
  name: string;
  /** The value as every screen shows it (002 §9: 0 decimals for degrees, else 2; formatResultValue). */
  value: string;
  units: string;
}

/** The results computed up to frame `f` (a later value of the same result replaces the earlier one). */
export function liveResultsAt(log: PackedLog, f: number): LiveResult[] {
  const byId = new Map<string, LiveResult>();
  for (const rf of [...log.resultFrames].sort((a, b) => a.frame - b.frame)) {
    if (rf.frame > f) break;
    for (const r of rf.results) byId.set(r.id, { id: r.id, name: r.name, value: formatResultValue(r.value, r.units), units: r.units ?? "" });
  }
  return [...byId.values()];
}

/** "Frame: n / total" with n 1-based (past the last frame: the last). */
export const frameText = (f: number, total: number) => `Frame: ${Math.min(Math.max(f, 0), Math.max(total - 1, 0)) + 1} / ${total}`;

/** A 1-based `?frame=` value → a 0-based frame within the log (default the first). */
export function frameFromParam(value: string | null, total: number): number {
  const n = value !== null && /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : 1;
  return Math.min(Math.max(n, 1), Math.max(total, 1)) - 1;
}
