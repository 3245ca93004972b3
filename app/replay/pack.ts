/**
 * Parsed log JSON → PackedLog (log-types.ts). The same function runs on the server (the no-JavaScript frame
 * images) and inside the viewer's Web Worker, whose source is built from `packLogFn.toString()`: so the function
 * must stay SELF-CONTAINED — no imports, no module constants, no helpers outside its body (the joint lists come in
 * as arguments). pack.test.ts checks it runs as standalone source.
 */
import { HAND_JOINTS, POSE_JOINTS, type PackedLog } from "./log-types";

export const LOG_UNREADABLE = "The log could not be read.";

/** Self-contained (see above). Throws an Error with LOG_UNREADABLE on a shape that is neither log. */
export function packLogFn(json: unknown, poseJoints: readonly string[], handJoints: readonly string[]): PackedLog {
  const fail = () => new Error("The log could not be read.");
  if (!json || typeof json !== "object" || !Array.isArray((json as { frames?: unknown }).frames)) throw fail();
  const log = json as { frames: unknown[]; lapInfo?: unknown; strideInfo?: unknown; resultFrames?: unknown };
  const first = log.frames[0] as { joints?: unknown } | undefined;
  const kind = first && Array.isArray(first.joints) ? "hands" : "pose";
  const names = kind === "hands" ? handJoints : poseJoints;
  const jointCount = names.length;
  const frameCount = log.frames.length;
  if (frameCount === 0) throw fail();
  const coords = new Float32Array(frameCount * jointCount * 3);
  const sides = new Uint8Array(kind === "hands" ? frameCount : 0);
  const slot: Record<string, number> = {};
  for (let j = 0; j < jointCount; j++) slot[names[j]!] = j;
  for (let f = 0; f < frameCount; f++) {
    const frame = log.frames[f] as { keypoints?: Record<string, { x: number; y: number; confidence: number }>; joints?: { name: string; x: number; y: number; confidence: number; side: string }[] } | null;
    if (!frame || typeof frame !== "object") throw fail();
    const base = f * jointCount * 3;
    for (let j = 0; j < jointCount; j++) coords[base + j * 3 + 2] = -1;
    if (kind === "hands") {
      if (!Array.isArray(frame.joints)) throw fail();
      for (const p of frame.joints) {
        const j = p ? slot[p.name] : undefined;
        if (j === undefined || typeof p.x !== "number" || typeof p.y !== "number" || typeof p.confidence !== "number") continue;
        coords[base + j * 3] = p.x;
        coords[base + j * 3 + 1] = p.y;
        coords[base + j * 3 + 2] = p.confidence;
        if (j === 0) sides[f] = p.side === "LEFT" ? 0 : 1;
      }
    } else {
      const kp = frame.keypoints;
      if (!kp || typeof kp !== "object") throw fail();
      for (let j = 0; j < jointCount; j++) {
        const p = kp[names[j]!];
        if (!p || typeof p.x !== "number" || typeof p.y !== "number" || typeof p.confidence !== "number") continue;
        coords[base + j * 3] = p.x;
        coords[base + j * 3 + 1] = p.y;
        coords[base + j * 3 + 2] = p.confidence;
      }
    }
  }
  const pose = kind === "pose";
  return {
    kind,
    frameCount,
    jointCount,
    coords,
    sides,
    lapInfo: pose && log.lapInfo && typeof log.lapInfo === "object" ? (log.lapInfo as PackedLog["lapInfo"]) : null,
    strideInfo: pose && log.strideInfo && typeof log.strideInfo === "object" ? (log.strideInfo as PackedLog["strideInfo"]) : null,
    resultFrames: pose && Array.isArray(log.resultFrames) ? (log.resultFrames as PackedLog["resultFrames"]) : [],
  };
}

/** A parsed pose or hands log, packed. */
export const packLog = (json: unknown): PackedLog => packLogFn(json, POSE_JOINTS, HAND_JOINTS);

/**
 * The Web Worker's source: it fetches the log itself (same origin, the session cookie goes along), tells the page
 * when the bytes have arrived, parses and packs them, and transfers the packed buffers. Nothing of the parsing runs
 * on the page's main thread.
 */
export function parserWorkerSource(): string {
  return `"use strict";
const packLog = ${packLogFn.toString()};
const POSE = ${JSON.stringify(POSE_JOINTS)};
const HANDS = ${JSON.stringify(HAND_JOINTS)};
const now = () => performance.timeOrigin + performance.now();
self.onmessage = async (event) => {
  const url = event.data.url;
  try {
    const res = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!res.ok) {
      let message = "";
      try { message = (await res.json()).message || ""; } catch (e) {}
      self.postMessage({ type: "error", status: res.status, message: message || "The log could not be loaded." });
      return;
    }
    const text = await res.text();
    self.postMessage({ type: "arrived", at: now(), bytes: text.length });
    const packed = packLog(JSON.parse(text), POSE, HANDS);
    self.postMessage({ type: "parsed", at: now(), log: packed }, [packed.coords.buffer, packed.sides.buffer]);
  } catch (err) {
    self.postMessage({ type: "error", status: 0, message: ${JSON.stringify(LOG_UNREADABLE)} });
  }
};`;
}
