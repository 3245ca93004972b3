/**
 * Parsed log JSON → PackedLog (log-types.ts). The same function runs on the server (the no-JavaScript frame
 * images) and inside the viewer's Web Worker, whose source is built from `packLogFn.toString()`: so the function
 * must stay SELF-CONTAINED — no imports, no module constants, no helpers outside its body (the joint lists come in
 * as arguments). pack.test.ts checks it runs as standalone source.
 */
import { HAND_JOINTS, POSE_JOINTS, type PackedLog } from "./log-types";
import { LOG_ACCEPT, LOG_STREAM_TYPE, logStreamParserFn } from "./log-stream";

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
 * The Web Worker's source: it reads the log's response the page asked for at hydration (early-log.ts; its body a
 * transferred stream, with its status and type), or else fetches the log itself (same origin, the session cookie goes
 * along) — both asking for the stream of frames (`Accept: application/x-ndjson`, ADR 048) —, parses it as it
 * arrives (log-stream.ts) and posts to the page: the header first, then the frames packed in batches (their buffers transferred) — the first as soon
 * as it is parsed, the next at most every 100 ms — then the end. A log answered as one JSON document (the demo's
 * sample file) is parsed whole and posted the same way. Nothing of the parsing runs on the page's main thread.
 * Messages: {type:"header", header} · {type:"frames", start, count, coords, sides, at} · {type:"done", arrivedAt, at}
 * · {type:"error", status, message}.
 */
export function parserWorkerSource(): string {
  return `"use strict";
const packLog = ${packLogFn.toString()};
const streamParser = ${logStreamParserFn.toString()};
const POSE = ${JSON.stringify(POSE_JOINTS)};
const HANDS = ${JSON.stringify(HAND_JOINTS)};
const BATCH_MS = 100;
const now = () => performance.timeOrigin + performance.now();
const postBatch = (b) => self.postMessage({ type: "frames", start: b.start, count: b.count, coords: b.coords, sides: b.sides, at: now() }, [b.coords.buffer, b.sides.buffer]);
self.onmessage = async (event) => {
  const { url, stream, status, contentType } = event.data;
  try {
    const res = stream
      ? new Response(stream, { status, headers: { "Content-Type": contentType } })
      : await fetch(url, { credentials: "same-origin", headers: { Accept: ${JSON.stringify(LOG_ACCEPT)} } });
    if (!res.ok) {
      let message = "";
      try { message = (await res.json()).message || ""; } catch (e) {}
      self.postMessage({ type: "error", status: res.status, message: message || "The log could not be loaded." });
      return;
    }
    if (!(res.headers.get("Content-Type") || "").includes(${JSON.stringify(LOG_STREAM_TYPE)}) || !res.body) {
      const text = await res.text();
      const arrivedAt = now();
      const log = packLog(JSON.parse(text), POSE, HANDS);
      self.postMessage({ type: "header", header: { kind: log.kind, frameCount: log.frameCount, lapInfo: log.lapInfo, strideInfo: log.strideInfo, resultFrames: log.resultFrames } });
      postBatch({ start: 0, count: log.frameCount, coords: log.coords, sides: log.sides });
      self.postMessage({ type: "done", arrivedAt, at: now() });
      return;
    }
    const parser = streamParser(POSE, HANDS);
    const reader = res.body.getReader();
    let headerSent = false;
    let posted = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
      if (!headerSent && parser.header()) {
        headerSent = true;
        self.postMessage({ type: "header", header: parser.header() });
      }
      if (posted === 0 || now() - posted >= BATCH_MS) {
        const batch = parser.take();
        if (batch) {
          postBatch(batch);
          posted = now();
        }
      }
    }
    const arrivedAt = now();
    parser.end();
    if (!headerSent) self.postMessage({ type: "header", header: parser.header() });
    const batch = parser.take();
    if (batch) postBatch(batch);
    self.postMessage({ type: "done", arrivedAt, at: now() });
  } catch (err) {
    self.postMessage({ type: "error", status: 0, message: ${JSON.stringify(LOG_UNREADABLE)} });
  }
};`;
}
