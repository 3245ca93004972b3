import { describe, expect, it } from "vitest";
import { generateHandsLog, generatePoseLog } from "../../reference-api/src/areas/scan/logs";
import { frameDescription, frameSvg } from "./frame-svg";
import { HAND_JOINTS, POSE_JOINTS, type PoseLog } from "./log-types";
import { LOG_UNREADABLE, packLog, packLogFn, parserWorkerSource } from "./pack";
import { frameDrawing, HAND_LINKS, jointAt, linkVisible, POSE_LINKS } from "./skeleton";
import { COMPLETE, frameFromParam, frameText, insights, labelWidth, liveResultsAt, markers, markersAt, phaseAt, phaseMarkLeft, phaseMarks, placeLabels } from "./timeline";

function seeded(seed = 7) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const kp = (x: number, y: number, confidence: number) => ({ x, y, confidence });
/** A two-frame pose log: frame 0 complete, frame 1 with a weak left arm and an undetected left heel. */
function tinyPose(): PoseLog {
  const full = Object.fromEntries(POSE_JOINTS.map((n, i) => [n, kp(100 + i, 200 + i, 0.9)]));
  return {
    frames: [
      { frame: 0, keypoints: full },
      { frame: 1, keypoints: { ...full, leftElbow: kp(10, 10, 0.3), leftWrist: kp(12, 12, 0.49), leftShoulder: kp(14, 14, 0.5), leftHeel: kp(0, 0, 0.9), nose: undefined } },
    ],
    lapInfo: { lap1StartFrame: 10, lap1EndFrame: 20, lap2StartFrame: 30, lap2EndFrame: 40 },
    strideInfo: { left: { bestCycle: { startFrame: 12, endFrame: 18 }, stepInfo: { frameLength: 3 } }, right: { bestCycle: { startFrame: 15, endFrame: 99 }, stepInfo: { frameLength: 4 } } },
    resultFrames: [
      { frame: 40, results: [{ id: "gaitSpeed", name: "Gait Speed", value: 0.923, units: "m/s" }] },
      { frame: 20, results: [{ id: "lapOneTime", name: "Lap 1 Time", value: 6, units: "s" }, { id: "gaitSpeed", name: "Gait Speed", value: 0.5, units: "m/s" }] },
    ],
  } as PoseLog;
}

describe("packLog", () => {
  it("packs a pose log: coordinates, confidence, absent joints as -1", () => {
    const log = packLog(tinyPose());
    expect(log.kind).toBe("pose");
    expect(log.frameCount).toBe(2);
    expect(log.jointCount).toBe(23);
    expect(jointAt(log, 0, 0)).toEqual({ x: 100, y: 200, confidence: expect.closeTo(0.9, 5), side: "centre" });
    expect(jointAt(log, 1, 0)).toBeNull(); // nose absent in frame 1
    expect(jointAt(log, 5, 0)).toBeNull(); // past the end
  });

  it("packs a hands log with the side of each frame", () => {
    const hands = generateHandsLog({ leftAmplitude: 1, rightAmplitude: 2, frequency: 5, rng: seeded() });
    const log = packLog(hands);
    expect(log.kind).toBe("hands");
    expect(log.jointCount).toBe(21);
    expect(log.frameCount).toBe(hands.frames.length);
    expect(jointAt(log, 0, 0)?.side).toBe("right");
    expect(jointAt(log, hands.frames.length - 1, 0)?.side).toBe("left");
  });

  it("refuses what is not a log", () => {
    expect(() => packLog({ nope: 1 })).toThrow(LOG_UNREADABLE);
    expect(() => packLog(null)).toThrow(LOG_UNREADABLE);
    expect(() => packLog({ frames: [{ frame: 0 }] })).toThrow(LOG_UNREADABLE);
    expect(() => packLog({ frames: [] })).toThrow(LOG_UNREADABLE);
  });

  it("runs as standalone source (the Web Worker's)", () => {
    const standalone = new Function(`return (${packLogFn.toString()})`)() as typeof packLogFn;
    const a = standalone(tinyPose(), POSE_JOINTS, HAND_JOINTS);
    expect(Array.from(a.coords)).toEqual(Array.from(packLog(tinyPose()).coords));
    expect(parserWorkerSource()).toContain("self.onmessage");
    // The worker's source is valid JavaScript.
    expect(() => new Function(parserWorkerSource().replace(/^"use strict";/, ""))).not.toThrow();
  });
});

describe("skeleton", () => {
  it("lists the pose links over the spec's joints and 21 hand joints", () => {
    const used = new Set(POSE_LINKS.flat());
    for (const j of POSE_JOINTS) expect(used.has(j), j).toBe(true);
    expect(new Set(HAND_LINKS.flat()).size).toBe(21);
  });

  it("hides a link only when BOTH joints are below the threshold", () => {
    expect(linkVisible(0.49, 0.49, 0.5)).toBe(false);
    expect(linkVisible(0.5, 0.1, 0.5)).toBe(true);
    expect(linkVisible(0.1, 0.5, 0.5)).toBe(true);
    expect(linkVisible(0.39, 0.39, 0.4)).toBe(false);
    expect(linkVisible(0.4, 0.39, 0.4)).toBe(true);
    const log = packLog(tinyPose());
    const has = (f: number, x1: number, x2: number) => frameDrawing(log, f).links.some((l) => l.x1 === x1 && l.x2 === x2);
    expect(has(1, 10, 12)).toBe(false); // elbow 0.3 – wrist 0.49: hidden
    expect(has(1, 14, 10)).toBe(true); // shoulder 0.5 – elbow 0.3: drawn
  });

  it("hands logs draw down to 0.4", () => {
    const hands = generateHandsLog({ leftAmplitude: 1, rightAmplitude: 1, frequency: 5, rng: seeded() });
    for (const j of hands.frames[0]!.joints) j.confidence = 0.45;
    const log = packLog(hands);
    expect(frameDrawing(log, 0).links).toHaveLength(HAND_LINKS.length);
    for (const j of hands.frames[0]!.joints) j.confidence = 0.35;
    expect(frameDrawing(packLog(hands), 0).links).toHaveLength(0);
  });

  it("uses a heel only when its x is above 0", () => {
    const log = packLog(tinyPose());
    const heel = POSE_JOINTS.indexOf("leftHeel");
    expect(jointAt(log, 0, heel)).not.toBeNull();
    expect(jointAt(log, 1, heel)).toBeNull();
    expect(frameDrawing(log, 1).links.some((l) => l.x1 === 0 || l.x2 === 0)).toBe(false);
  });
});

describe("timeline", () => {
  const log = packLog(tinyPose());
  it("phases from lapInfo, COMPLETE past the last frame", () => {
    const long = { ...log, frameCount: 50 };
    expect([0, 9, 10, 20, 21, 29, 30, 40, 41, 49, 50].map((f) => phaseAt(long, f))).toEqual([
      "STANDING", "STANDING", "LAP 1", "LAP 1", "TURN", "TURN", "LAP 2", "LAP 2", "STANDING", "STANDING", COMPLETE,
    ]);
    expect(phaseMarks(long).map((m) => [m.frame, m.label])).toEqual([[10, "LAP 1"], [21, "TURN"], [30, "LAP 2"], [41, "STANDING"]]);
    expect(phaseAt({ ...long, lapInfo: null }, 3)).toBe("WALKING");
  });

  it("hands phases follow the hand", () => {
    const hands = packLog(generateHandsLog({ leftAmplitude: 1, rightAmplitude: 1, frequency: 5, rng: seeded() }));
    expect(phaseAt(hands, 0)).toBe("RIGHT HAND");
    expect(phaseAt(hands, hands.frameCount - 1)).toBe("LEFT HAND");
    expect(phaseAt(hands, hands.frameCount)).toBe(COMPLETE);
    expect(phaseMarks(hands).map((m) => m.label)).toEqual(["RIGHT HAND", "LEFT HAND"]);
  });

  it("insights: cycle start, step start, cycle end per side (within the log)", () => {
    const long = { ...log, frameCount: 50 };
    expect(insights(long)).toEqual([
      { side: "Left", label: "Cycle start", frame: 12 },
      { side: "Left", label: "Step start", frame: 15 },
      { side: "Left", label: "Cycle end", frame: 18 },
      { side: "Right", label: "Cycle start", frame: 15 },
      { side: "Right", label: "Step start", frame: 19 },
      { side: "Right", label: "Cycle end", frame: 49 },
    ]);
  });

  it("live results up to the frame, 2 decimals, later values win", () => {
    expect(liveResultsAt(log, 19)).toEqual([]);
    expect(liveResultsAt(log, 20).map((r) => `${r.name} ${r.value} ${r.units}`)).toEqual(["Lap 1 Time 6.00 s", "Gait Speed 0.50 m/s"]);
    expect(liveResultsAt(log, 40).find((r) => r.id === "gaitSpeed")?.value).toBe("0.92");
  });

  it("live results in degrees have 0 decimals, as on every screen (issue 25; 002 §9)", () => {
    const angles = packLog({ ...tinyPose(), resultFrames: [{ frame: 0, results: [{ id: "maxTrunkAngle", name: "Max Trunk Angle", value: 9.2, units: "deg" }, { id: "knee", name: "Knee", value: 101.5, units: "degrees" }] }] } as PoseLog);
    expect(liveResultsAt(angles, 0).map((r) => `${r.name} ${r.value} ${r.units}`)).toEqual(["Max Trunk Angle 9 deg", "Knee 102 degrees"]);
  });

  it("frame text and the ?frame= parameter (1-based)", () => {
    expect(frameText(0, 620)).toBe("Frame: 1 / 620");
    expect(frameText(620, 620)).toBe("Frame: 620 / 620");
    expect(frameFromParam(null, 620)).toBe(0);
    expect(frameFromParam("5", 620)).toBe(4);
    expect(frameFromParam("0", 620)).toBe(0);
    expect(frameFromParam("9999", 620)).toBe(619);
    expect(frameFromParam("abc", 620)).toBe(0);
  });

  it("lap and stride markers of a generated walk, shown once reached", () => {
    const pose = packLog(generatePoseLog({ lapOneTime: 6, lapTwoTime: 6.5, cadence: 105, results: [], rng: seeded(3) }));
    const all = markers(pose);
    expect(all.filter((m) => m.kind === "lap")).toHaveLength(4);
    expect(all.filter((m) => m.kind === "stride").length).toBeGreaterThanOrEqual(2);
    for (const m of all) expect(m.x).toBeGreaterThan(0);
    expect(markersAt(all, 0)).toEqual([]);
    expect(markersAt(all, pose.frameCount)).toHaveLength(all.length);
  });
});

describe("marker labels (issue 25: 'Lap 2 stadt')", () => {
  const boxes = (all: ReturnType<typeof markers>) =>
    all.map((m) => {
      const w = labelWidth(m.label);
      const left = m.anchor === "start" ? m.labelX : m.labelX - w;
      return { m, left, right: left + w };
    });

  it("never writes one label over another, on any generated walk", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const all = markers(packLog(generatePoseLog({ lapOneTime: 5 + seed / 3, lapTwoTime: 6, cadence: 95 + seed, results: [], rng: seeded(seed) })));
      const b = boxes(all);
      for (let i = 0; i < b.length; i++)
        for (let j = i + 1; j < b.length; j++) {
          const [p, q] = [b[i]!, b[j]!];
          const apart = p.right <= q.left || q.right <= p.left;
          expect(apart || p.m.labelY !== q.m.labelY, `seed ${seed}: '${p.m.label}' and '${q.m.label}'`).toBe(true);
        }
      for (const x of b) {
        expect(x.left).toBeGreaterThanOrEqual(0);
        expect(x.right).toBeLessThanOrEqual(900);
      }
    }
  });

  it("puts two markers at the same place on two rows (the turn: lap 1 ends where lap 2 starts)", () => {
    const all = markers(packLog({ ...tinyPose(), lapInfo: { lap1StartFrame: 0, lap1EndFrame: 1, lap2StartFrame: 1, lap2EndFrame: 1 } }));
    const end = all.find((m) => m.label === "Lap 1 end")!;
    const start = all.find((m) => m.label === "Lap 2 start")!;
    expect(end.x).toBe(start.x);
    expect(end.labelY).not.toBe(start.labelY);
  });

  it("puts a phase mark where the slider's thumb centre is for its frame, not at 0–100 % of the track", () => {
    expect(phaseMarkLeft(0, 600)).toBe("calc(var(--replay-thumb) / 2 + (100% - var(--replay-thumb)) * 0 - 1px)");
    expect(phaseMarkLeft(300, 600)).toBe("calc(var(--replay-thumb) / 2 + (100% - var(--replay-thumb)) * 0.5 - 1px)");
    expect(phaseMarkLeft(5, 0)).toContain("* 0 -");
  });

  it("writes a label near the right edge to the left of its line", () => {
    const [m] = placeLabels([{ frame: 0, x: 880, kind: "lap", label: "Lap 2 end" }]);
    expect(m).toMatchObject({ anchor: "end", labelX: 876 });
  });
});

describe("frameSvg", () => {
  it("draws the frame as an SVG document with its description", () => {
    const pose = packLog(generatePoseLog({ lapOneTime: 6, lapTwoTime: 6, cadence: 105, results: [], rng: seeded(5) }));
    const svg = frameSvg(pose, 100);
    expect(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"640\"")).toBe(true);
    expect(svg).toContain(`<title>${frameDescription(pose, 100)}</title>`);
    expect(svg.match(/<line /g)!.length).toBeGreaterThan(15);
    expect(frameDescription(pose, 0)).toBe(`Skeleton at frame 1 / ${pose.frameCount}, phase STANDING`);
  });
});
