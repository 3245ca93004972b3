import type { Schema } from "../../core/contract.js";
import type { ScanResult } from "./mapping.js";

export type PoseLog = Schema<"PoseLog">;
export type HandsLog = Schema<"HandsLog">;
type Keypoints = PoseLog["frames"][number]["keypoints"];
type Point = { x: number; y: number };

/**
 * Synthetic but anatomically plausible logs for the demo data.
 *
 * Pose log: a side view of a person walking across a 900 x 640 canvas (30 frames per second): standing,
 * lap 1 left to right over a 6 m walkway, a turn, lap 2 back, standing. Feet are planted during stance and
 * swing between footfalls; knees follow by two-link inverse kinematics from hip to ankle; the pelvis drops
 * when a stance leg cannot reach; arms swing against the legs. Joints on the far side of the body have lower
 * confidence, with occasional dips below 0.5 and undetected heels ({x: 0, y: 0, confidence: 0}).
 */

export const CANVAS = { width: 900, height: 640 };
const FPS = 30;
const GROUND = 575;
const WALK_START_X = 90;
const WALK_END_X = 810;
const WALKWAY_M = 6;
const PX_PER_M = (WALK_END_X - WALK_START_X) / WALKWAY_M; // 120
const H = 1.72 * PX_PER_M; // body height in px

const L = {
  ankle: 0.039 * H,
  shank: 0.246 * H,
  thigh: 0.245 * H,
  trunk: 0.29 * H,
  upperArm: 0.186 * H,
  forearm: 0.146 * H,
  heelBack: 0.045 * H,
  toeFwd: 0.12 * H,
};
const HIP_HEIGHT = L.ankle + L.shank + L.thigh - 1.5;

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;
const clamp = (v: number, a: number, b: number) => Math.min(b, Math.max(a, v));
const deg = (d: number) => (d * Math.PI) / 180;

function rotate(p: Point, pivot: Point, a: number): Point {
  const dx = p.x - pivot.x;
  const dy = p.y - pivot.y;
  return { x: pivot.x + dx * Math.cos(a) - dy * Math.sin(a), y: pivot.y + dx * Math.sin(a) + dy * Math.cos(a) };
}

/** Trapezoidal velocity profile: share of the distance covered at time share u (accelerating over `a`). */
function travel(u: number, a = 0.12): number {
  const uu = clamp(u, 0, 1);
  const vmax = 1 / (1 - a);
  if (uu < a) return (vmax * uu * uu) / (2 * a);
  if (uu > 1 - a) return 1 - (vmax * (1 - uu) * (1 - uu)) / (2 * a);
  return vmax * (uu - a / 2);
}

interface Lap {
  start: number;
  end: number;
  from: number;
  to: number;
  dir: 1 | -1;
}

interface Contact {
  t: number;
  x: number;
}

/** Foot state of one leg at time t: ankle position and foot pitch (degrees, toes up positive). */
interface Foot {
  ankle: Point;
  heel: Point;
  toe: Point;
  stance: boolean;
}

export interface PoseLogOptions {
  /** Lap times in seconds (the session's lapOneTime / lapTwoTime). */
  lapOneTime: number;
  lapTwoTime: number;
  /** Steps per minute. */
  cadence: number;
  /** Results shown at the end of lap 2 (the session's results). */
  results: ScanResult[];
  rng: () => number;
  /** At least this many frames (the participant stands after lap 2 until then): long logs for benchmarks. */
  minFrames?: number;
}

export function generatePoseLog(opts: PoseLogOptions): PoseLog {
  const r = opts.rng;
  const noise = (s: number) => (r() + r() + r() - 1.5) * s;
  const stand0 = 40 + Math.floor(r() * 15);
  const lap1Frames = Math.round(opts.lapOneTime * FPS);
  const turnFrames = 48 + Math.floor(r() * 10);
  const lap2Frames = Math.round(opts.lapTwoTime * FPS);
  const used = stand0 + lap1Frames + turnFrames + lap2Frames;
  const total = Math.max(used + 40, 620, opts.minFrames ?? 0);
  const lap1: Lap = { start: stand0, end: stand0 + lap1Frames, from: WALK_START_X, to: WALK_END_X, dir: 1 };
  const lap2: Lap = { start: lap1.end + turnFrames, end: lap1.end + turnFrames + lap2Frames, from: WALK_END_X, to: WALK_START_X, dir: -1 };
  const cycle = (FPS * 120) / opts.cadence; // frames per gait cycle (two steps)
  const stanceShare = 0.62;

  const pelvisX = (lap: Lap, t: number) => lap.from + (lap.to - lap.from) * travel((t - lap.start) / (lap.end - lap.start));

  /** Footfalls of one leg during a lap: heel strikes every cycle, planted under the hip at mid-stance. */
  function contacts(lap: Lap, offset: number, side: number): Contact[] {
    const list: Contact[] = [{ t: -Infinity, x: lap.from + lap.dir * side * 0.015 * H }];
    for (let th = lap.start + offset; th + 0.31 * cycle < lap.end - 0.2 * cycle; th += cycle) {
      list.push({ t: th, x: pelvisX(lap, th + 0.31 * cycle) });
    }
    const last = list[list.length - 1]!;
    list.push({ t: Math.max(last.t + cycle, lap.end - 0.15 * cycle), x: lap.to + lap.dir * side * 0.015 * H });
    return list;
  }
  const legs = {
    left: { lap1: contacts(lap1, 0.35 * cycle, 1), lap2: contacts(lap2, 0.85 * cycle, -1) },
    right: { lap1: contacts(lap1, 0.85 * cycle, -1), lap2: contacts(lap2, 0.35 * cycle, 1) },
  };

  function footAt(list: Contact[], t: number, dir: 1 | -1): Foot {
    const stanceLen = stanceShare * cycle;
    let i = 0;
    while (i + 1 < list.length && list[i + 1]!.t <= t) i++;
    const c = list[i]!;
    const next = list[i + 1];
    const base = (x: number): Point => ({ x, y: GROUND - L.ankle });
    const shape = (ankle: Point, pitchDeg: number, pivot: "heel" | "toe" | "ankle"): Foot => {
      const heel0 = { x: ankle.x - dir * L.heelBack, y: GROUND };
      const toe0 = { x: ankle.x + dir * L.toeFwd, y: GROUND - 1 };
      const a = -dir * deg(pitchDeg);
      const p = pivot === "heel" ? heel0 : pivot === "toe" ? toe0 : ankle;
      return { ankle: rotate(ankle, p, a), heel: rotate(heel0, p, a), toe: rotate(toe0, p, a), stance: pivot !== "ankle" };
    };
    const swingFrom = (start: number): Foot => {
      const u = clamp((t - start) / (next!.t - start), 0, 1);
      const e = 0.5 - 0.5 * Math.cos(Math.PI * u);
      const ankle = { x: c.x + (next!.x - c.x) * e, y: GROUND - L.ankle - 0.07 * H * Math.sin(Math.PI * Math.min(1, u * 1.15)) };
      const pitch = u < 0.5 ? -25 + 40 * u : -5 + 30 * (u - 0.5);
      return shape(ankle, pitch, "ankle");
    };
    if (!next) return shape(base(c.x), 0, "heel"); // standing after the last footfall
    if (c.t === -Infinity) {
      // Standing before the first step; the first swing leaves from the standing position.
      const start = next.t - (1 - stanceShare) * cycle;
      return t < start ? shape(base(c.x), 0, "heel") : swingFrom(start);
    }
    const stanceEnd = c.t + stanceLen;
    if (t >= stanceEnd) return swingFrom(stanceEnd);
    // Stance: heel rocker after the strike, foot flat, toe rocker before toe-off.
    const s = (t - c.t) / stanceLen;
    if (s < 0.15) return shape(base(c.x), 10 * (1 - s / 0.15), "heel");
    if (s > 0.65) return shape(base(c.x), -25 * ((s - 0.65) / 0.35), "toe");
    return shape(base(c.x), 0, "heel");
  }

  function knee(hip: Point, ankle: Point, dir: 1 | -1): Point {
    const dx = ankle.x - hip.x;
    const dy = ankle.y - hip.y;
    const d = clamp(Math.hypot(dx, dy), Math.abs(L.thigh - L.shank) + 1, L.thigh + L.shank - 0.01);
    const phi = Math.atan2(dy, dx);
    const alpha = Math.acos(clamp((L.thigh ** 2 + d * d - L.shank ** 2) / (2 * L.thigh * d), -1, 1));
    const k1 = { x: hip.x + L.thigh * Math.cos(phi + alpha), y: hip.y + L.thigh * Math.sin(phi + alpha) };
    const k2 = { x: hip.x + L.thigh * Math.cos(phi - alpha), y: hip.y + L.thigh * Math.sin(phi - alpha) };
    return dir * k1.x >= dir * k2.x ? k1 : k2;
  }

  // Confidence dips: a few intervals per keypoint where the detector loses it.
  const names = ["nose", "neck", "leftEye", "rightEye", "leftEar", "rightEar", "leftShoulder", "rightShoulder", "leftElbow", "rightElbow", "leftWrist", "rightWrist", "midHip", "leftHip", "rightHip", "leftKnee", "rightKnee", "leftAnkle", "rightAnkle", "leftBigToe", "rightBigToe", "leftHeel", "rightHeel"] as const;
  type Name = (typeof names)[number];
  const dips = new Map<Name, [number, number][]>();
  for (const n of names) {
    const list: [number, number][] = [];
    const count = Math.floor(r() * 3);
    for (let k = 0; k < count; k++) {
      const s = Math.floor(r() * total);
      list.push([s, s + 4 + Math.floor(r() * 12)]);
    }
    dips.set(n, list);
  }

  const frames: PoseLog["frames"] = [];
  for (let f = 0; f < total; f++) {
    // Where is the body, which way does it face, which lap's footfalls apply?
    let dir: 1 | -1;
    let px: number;
    let lapKey: "lap1" | "lap2";
    let turning = false;
    if (f < lap1.end) {
      dir = 1;
      lapKey = "lap1";
      px = f < lap1.start ? lap1.from : pelvisX(lap1, f);
    } else if (f < lap2.start) {
      turning = true;
      const mid = lap1.end + (lap2.start - lap1.end) / 2;
      dir = f < mid ? 1 : -1;
      lapKey = f < mid ? "lap1" : "lap2";
      px = WALK_END_X;
    } else {
      dir = -1;
      lapKey = "lap2";
      px = f < lap2.end ? pelvisX(lap2, f) : lap2.to;
    }
    const lf = footAt(legs.left[lapKey], f, dir);
    const rf = footAt(legs.right[lapKey], f, dir);
    // Pelvis height: nominal with a small bob, lowered when a stance leg would not reach.
    let hipY = GROUND - HIP_HEIGHT + 1.2 * Math.cos((4 * Math.PI * f) / cycle);
    for (const foot of [lf, rf]) {
      if (!foot.stance) continue;
      const dx = foot.ankle.x - px;
      const reach = 0.985 * (L.thigh + L.shank);
      if (Math.abs(dx) < reach) hipY = Math.max(hipY, foot.ankle.y - Math.sqrt(reach * reach - dx * dx));
    }
    const near = dir === 1 ? "left" : "right"; // the side facing the camera
    const depth = (side: "left" | "right") => (side === near ? 0 : -dir * 3);
    const midHip = { x: px, y: hipY };
    const hips = { left: { x: px + depth("left"), y: hipY - (near === "left" ? 0 : 1.5) }, right: { x: px + depth("right"), y: hipY - (near === "right" ? 0 : 1.5) } };
    const knees = { left: knee(hips.left, lf.ankle, dir), right: knee(hips.right, rf.ankle, dir) };
    const lean = deg(3 + (turning ? 0 : 3));
    const neck = { x: midHip.x + dir * Math.sin(lean) * L.trunk, y: midHip.y - Math.cos(lean) * L.trunk };
    const shoulders = { left: { x: neck.x + depth("left"), y: neck.y + 0.03 * H }, right: { x: neck.x + depth("right"), y: neck.y + 0.03 * H } };
    // Arms swing against the leg of the same side.
    const thighAngle = (side: "left" | "right") => Math.atan2(dir * (knees[side].x - hips[side].x), knees[side].y - hips[side].y);
    const arm = (side: "left" | "right") => {
      const a = -0.6 * thighAngle(side);
      const flex = deg(14) + Math.max(0, a) * 0.4;
      const sh = shoulders[side];
      const elbow = { x: sh.x + dir * Math.sin(a) * L.upperArm, y: sh.y + Math.cos(a) * L.upperArm };
      const wrist = { x: elbow.x + dir * Math.sin(a + flex) * L.forearm, y: elbow.y + Math.cos(a + flex) * L.forearm };
      return { elbow, wrist };
    };
    const arms = { left: arm("left"), right: arm("right") };
    const nose = { x: neck.x + dir * 0.055 * H, y: neck.y - 0.085 * H };
    const eye = (side: "left" | "right") => ({ x: nose.x - dir * 0.014 * H + depth(side) * 0.5, y: nose.y - 0.022 * H });
    const ear = (side: "left" | "right") => ({ x: nose.x - dir * 0.075 * H + depth(side) * 0.5, y: nose.y - 0.01 * H });

    const points: Record<Name, Point> = {
      nose, neck,
      leftEye: eye("left"), rightEye: eye("right"), leftEar: ear("left"), rightEar: ear("right"),
      leftShoulder: shoulders.left, rightShoulder: shoulders.right,
      leftElbow: arms.left.elbow, rightElbow: arms.right.elbow, leftWrist: arms.left.wrist, rightWrist: arms.right.wrist,
      midHip, leftHip: hips.left, rightHip: hips.right, leftKnee: knees.left, rightKnee: knees.right,
      leftAnkle: lf.ankle, rightAnkle: rf.ankle, leftBigToe: lf.toe, rightBigToe: rf.toe, leftHeel: lf.heel, rightHeel: rf.heel,
    };
    const keypoints: Keypoints = {};
    for (const n of names) {
      const side = n.startsWith("left") ? "left" : n.startsWith("right") ? "right" : null;
      let c = side === null || side === near ? 0.92 : 0.76;
      if (side && side !== near) {
        if (n.endsWith("Ear")) c = 0.38;
        else if (n.endsWith("Eye")) c = 0.55;
        else if (n.endsWith("Wrist") || n.endsWith("Elbow")) c = 0.62;
      }
      if (turning) c -= 0.18;
      c += noise(0.05);
      if (dips.get(n)!.some(([a, b]) => f >= a && f <= b)) c *= 0.4;
      c = clamp(c, 0.02, 0.99);
      const p = points[n];
      if (n.endsWith("Heel") && r() < 0.015) {
        keypoints[n] = { x: 0, y: 0, confidence: 0 };
        continue;
      }
      keypoints[n] = { x: round1(p.x + noise(0.6)), y: round1(p.y + noise(0.6)), confidence: round2(c) };
    }
    frames.push({ frame: f, keypoints });
  }

  // The best cycle of each side: the heel strike nearest the middle of lap 1, to the next one.
  const best = (own: Contact[], other: Contact[]) => {
    const mid = (lap1.start + lap1.end) / 2;
    const real = own.filter((c) => Number.isFinite(c.t));
    let i = 0;
    for (let k = 0; k < real.length - 1; k++) if (Math.abs(real[k]!.t - mid) < Math.abs(real[i]!.t - mid)) i = k;
    const start = real[i]!.t;
    const end = real[i + 1]?.t ?? start + cycle;
    const opposite = other.find((c) => Number.isFinite(c.t) && c.t > start)?.t ?? start + cycle / 2;
    return { bestCycle: { startFrame: Math.round(start), endFrame: Math.round(end) }, stepInfo: { frameLength: Math.round(opposite - start) } };
  };
  const lap1Speed = round2(WALKWAY_M / opts.lapOneTime);
  return {
    frames,
    lapInfo: { lap1StartFrame: lap1.start, lap1EndFrame: lap1.end, lap2StartFrame: lap2.start, lap2EndFrame: lap2.end },
    strideInfo: { left: best(legs.left.lap1, legs.right.lap1), right: best(legs.right.lap1, legs.left.lap1) },
    resultFrames: [
      {
        frame: lap1.end,
        results: [
          { id: "lapOneTime", name: "Lap 1 Time", value: round2(opts.lapOneTime), units: "s" },
          { id: "lapOneSpeed", name: "Lap 1 Speed", value: lap1Speed, units: "m/s" },
        ],
      },
      { frame: lap2.end, results: opts.results },
    ],
  };
}

/** The 21 hand joints, in the order of the hands log. */
export const HAND_JOINTS = [
  "wrist", "thumbCmc", "thumbMcp", "thumbIp", "thumbTip", "indexMcp", "indexPip", "indexDip", "indexTip",
  "middleMcp", "middlePip", "middleDip", "middleTip", "ringMcp", "ringPip", "ringDip", "ringTip",
  "littleMcp", "littlePip", "littleDip", "littleTip",
] as const;

/** An open right hand, palm to the camera, fingers up: centimetres from the wrist (x right, y up). */
const HAND_TEMPLATE: [number, number][] = [
  [0, 0], [-2.5, 2.5], [-4.2, 4.5], [-5.3, 6.3], [-6.0, 8.0],
  [-2.2, 9.0], [-2.5, 12.5], [-2.6, 14.6], [-2.7, 16.5],
  [0, 9.4], [0, 13.3], [0, 15.6], [0, 17.6],
  [2.0, 9.0], [2.2, 12.5], [2.3, 14.6], [2.4, 16.4],
  [3.8, 8.0], [4.3, 10.6], [4.6, 12.2], [4.8, 13.8],
];

export interface HandsLogOptions {
  /** Tremor amplitude (cm, peak to peak) of each hand and its frequency (Hz). */
  leftAmplitude: number;
  rightAmplitude: number;
  frequency: number;
  rng: () => number;
}

/**
 * Hands log: the right hand then the left hand, each held up to the camera for about 5.5 s, trembling at
 * the given amplitude and frequency (a rotation about the wrist, larger at the finger tips).
 */
export function generateHandsLog(opts: HandsLogOptions): HandsLog {
  const r = opts.rng;
  const noise = (s: number) => (r() + r() + r() - 1.5) * s;
  const perHand = 165;
  const scale = 14; // px per cm
  const frames: HandsLog["frames"] = [];
  for (let f = 0; f < perHand * 2; f++) {
    const side = f < perHand ? "RIGHT" : "LEFT";
    const t = (f % perHand) / FPS;
    const amp = side === "RIGHT" ? opts.rightAmplitude : opts.leftAmplitude;
    const cx = (side === "RIGHT" ? 520 : 380) + 6 * Math.sin(t * 0.7) + noise(0.5);
    const cy = 500 + 4 * Math.sin(t * 0.5 + 1);
    // Tip displacement of half the amplitude at ~17 cm from the wrist.
    const theta = ((amp / 2) / 17) * Math.sin(2 * Math.PI * opts.frequency * t + (side === "RIGHT" ? 0 : 1.3));
    const mirror = side === "RIGHT" ? 1 : -1;
    const dip = r() < 0.04;
    const joints = HAND_JOINTS.map((name, k) => {
      const [tx, ty] = HAND_TEMPLATE[k]!;
      const x = mirror * tx;
      const rx = x * Math.cos(theta) - ty * Math.sin(theta);
      const ry = x * Math.sin(theta) + ty * Math.cos(theta);
      const tip = name.endsWith("Tip");
      let confidence = 0.93 - (tip ? 0.06 : 0) + noise(0.03);
      if (dip && tip) confidence = 0.3 + 0.1 * r();
      return {
        name,
        x: round1(cx + rx * scale + noise(0.4)),
        y: round1(cy - ry * scale + noise(0.4)),
        z: round2(-0.012 * (k % 4) - (tip ? 0.02 : 0)),
        confidence: round2(clamp(confidence, 0.02, 0.99)),
        side,
      } as HandsLog["frames"][number]["joints"][number];
    });
    frames.push({ frame: f, joints });
  }
  return { frames };
}
