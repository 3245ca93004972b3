/**
 * What the replay draws of a frame (002 §2 "Replay viewer", §5, §9): the skeleton's links and joints, hidden
 * where the detector was unsure, plus the lap and stride markers. One drawing model for the canvas (the island)
 * and the server's SVG (the no-JavaScript frame images). Pure.
 */
import { HAND_JOINTS, POSE_JOINTS, VALUES_PER_JOINT, type LogKind, type PackedLog } from "./log-types";

/** 002 §9: a link is hidden when both of its joints are below this confidence (hands: 0.4). */
export const POSE_CONFIDENCE = 0.5;
export const HANDS_CONFIDENCE = 0.4;
export const confidenceThreshold = (kind: LogKind) => (kind === "hands" ? HANDS_CONFIDENCE : POSE_CONFIDENCE);

/** 002 §9: the canvas (and SVG) size. */
export const CANVAS_WIDTH = 900;
export const CANVAS_HEIGHT = 640;

type PoseName = (typeof POSE_JOINTS)[number];
type HandName = (typeof HAND_JOINTS)[number];

/** The pose skeleton's links: head, arms, trunk, legs and feet. */
export const POSE_LINKS: readonly (readonly [PoseName, PoseName])[] = [
  ["nose", "neck"], ["nose", "leftEye"], ["leftEye", "leftEar"], ["nose", "rightEye"], ["rightEye", "rightEar"],
  ["neck", "leftShoulder"], ["leftShoulder", "leftElbow"], ["leftElbow", "leftWrist"],
  ["neck", "rightShoulder"], ["rightShoulder", "rightElbow"], ["rightElbow", "rightWrist"],
  ["neck", "midHip"], ["midHip", "leftHip"], ["midHip", "rightHip"],
  ["leftHip", "leftKnee"], ["leftKnee", "leftAnkle"], ["leftAnkle", "leftHeel"], ["leftAnkle", "leftBigToe"], ["leftHeel", "leftBigToe"],
  ["rightHip", "rightKnee"], ["rightKnee", "rightAnkle"], ["rightAnkle", "rightHeel"], ["rightAnkle", "rightBigToe"], ["rightHeel", "rightBigToe"],
];

/** The hand's links: each finger from the wrist (thumb) or its knuckle, and the palm across the knuckles. */
export const HAND_LINKS: readonly (readonly [HandName, HandName])[] = [
  ["wrist", "thumbCmc"], ["thumbCmc", "thumbMcp"], ["thumbMcp", "thumbIp"], ["thumbIp", "thumbTip"],
  ["wrist", "indexMcp"], ["indexMcp", "indexPip"], ["indexPip", "indexDip"], ["indexDip", "indexTip"],
  ["middleMcp", "middlePip"], ["middlePip", "middleDip"], ["middleDip", "middleTip"],
  ["ringMcp", "ringPip"], ["ringPip", "ringDip"], ["ringDip", "ringTip"],
  ["wrist", "littleMcp"], ["littleMcp", "littlePip"], ["littlePip", "littleDip"], ["littleDip", "littleTip"],
  ["indexMcp", "middleMcp"], ["middleMcp", "ringMcp"], ["ringMcp", "littleMcp"],
];

const index = <T extends string>(names: readonly T[]) => Object.fromEntries(names.map((n, i) => [n, i])) as Record<T, number>;
const POSE_INDEX = index(POSE_JOINTS);
const HAND_INDEX = index(HAND_JOINTS);
const POSE_LINK_INDEX = POSE_LINKS.map(([a, b]) => [POSE_INDEX[a], POSE_INDEX[b]] as const);
const HAND_LINK_INDEX = HAND_LINKS.map(([a, b]) => [HAND_INDEX[a], HAND_INDEX[b]] as const);
const HEELS = new Set([POSE_INDEX.leftHeel, POSE_INDEX.rightHeel]);

export type Side = "left" | "right" | "centre";

export interface Joint {
  x: number;
  y: number;
  confidence: number;
  side: Side;
}

export interface Link {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  side: Side;
}

const poseSide = (name: string): Side => (name.startsWith("left") ? "left" : name.startsWith("right") ? "right" : "centre");
const POSE_SIDES = POSE_JOINTS.map(poseSide);

/**
 * Joint `j` of frame `f`, or null when the frame lacks it. 002 §5 "Gait heel x position is used only when above
 * 0": a heel at x ≤ 0 (the detector's "not found") counts as absent.
 */
export function jointAt(log: PackedLog, f: number, j: number): Joint | null {
  if (f < 0 || f >= log.frameCount || j < 0 || j >= log.jointCount) return null;
  const o = (f * log.jointCount + j) * VALUES_PER_JOINT;
  const confidence = log.coords[o + 2]!;
  if (confidence < 0) return null;
  const x = log.coords[o]!;
  if (log.kind === "pose" && HEELS.has(j) && !(x > 0)) return null;
  const side: Side = log.kind === "pose" ? POSE_SIDES[j]! : log.sides[f] === 0 ? "left" : "right";
  return { x, y: log.coords[o + 1]!, confidence, side };
}

/** Whether a link between joints of these confidences is drawn (002 §9: hidden when BOTH are below the threshold). */
export const linkVisible = (a: number, b: number, threshold: number) => !(a < threshold && b < threshold);

export interface FrameDrawing {
  links: Link[];
  joints: Joint[];
}

/** The links and joints of frame `f` that are drawn. */
export function frameDrawing(log: PackedLog, f: number): FrameDrawing {
  const threshold = confidenceThreshold(log.kind);
  const pairs = log.kind === "pose" ? POSE_LINK_INDEX : HAND_LINK_INDEX;
  const links: Link[] = [];
  for (const [a, b] of pairs) {
    const p = jointAt(log, f, a);
    const q = jointAt(log, f, b);
    if (!p || !q || !linkVisible(p.confidence, q.confidence, threshold)) continue;
    const side: Side = p.side === q.side ? p.side : "centre";
    links.push({ x1: p.x, y1: p.y, x2: q.x, y2: q.y, side });
  }
  const joints: Joint[] = [];
  for (let j = 0; j < log.jointCount; j++) {
    const p = jointAt(log, f, j);
    if (p && p.confidence >= threshold) joints.push(p);
  }
  return { links, joints };
}

/** Colours by side: left blue, right orange, centre dark grey (each ≥ 3:1 against the white canvas). */
export const SIDE_COLOURS: Record<Side, string> = { left: "#1f5fa8", right: "#b54708", centre: "#3d4451" };
export const MARKER_COLOURS = { lap: "#2e7d32", stride: "#7b3fa0" } as const;
