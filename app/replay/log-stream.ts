/**
 * The replay's log as a stream of frames (ADR 048; the portal's side is log-stream.server.ts): newline-delimited JSON,
 * a header line then one line per frame. `logStreamParserFn` is the viewer's worker's incremental parser: bytes in as
 * they arrive (a chunk may end anywhere, within a line or within a UTF-8 character), frames out packed as the
 * PackedLog's Float32Array (log-types.ts). Like pack.ts's `packLogFn` its source is copied into the worker
 * (`parserWorkerSource`), so it must stay SELF-CONTAINED — no imports, no module constants, no helpers outside its body.
 */
import type { PackedLog } from "./log-types";

export const LOG_STREAM_TYPE = "application/x-ndjson";
/** What the viewer asks for: the stream of frames, else the log's JSON document (the demo's sample file). */
export const LOG_ACCEPT = `${LOG_STREAM_TYPE}, application/json;q=0.9`;
/**
 * The query parameter that asks for the stream of frames as `Accept` does: a `<link rel="preload">` sends no headers of
 * its own, so the page's preload of the log (replay-viewer.tsx) and the request that takes it up (early-log.ts) name
 * the stream in the URL. A static file (the demo's sample) ignores it and answers its JSON.
 */
export const LOG_STREAM_PARAM = "stream";

/** `src` asking for the stream of frames (`?stream=1`). */
export function logStreamUrl(src: string): string {
  return `${src}${src.includes("?") ? "&" : "?"}${LOG_STREAM_PARAM}=1`;
}

/** The stream's first line: what the viewer needs before the first frame (the frame count, the phases, the results). */
export type LogStreamHeader = Pick<PackedLog, "kind" | "frameCount" | "lapInfo" | "strideInfo" | "resultFrames">;

/** Frames `start` … `start + count - 1`, packed (coords: count × jointCount × 3; sides: count for hands logs, else empty). */
export interface LogStreamBatch {
  start: number;
  count: number;
  coords: Float32Array;
  sides: Uint8Array;
}

export interface LogStreamParser {
  /** Takes the next bytes of the stream. Throws an Error with the unreadable-log message on a line that is not a log's. */
  push(bytes: Uint8Array): void;
  /** The stream ended: throws when the last line is incomplete or frames are missing. */
  end(): void;
  /** The header, once its line has arrived. */
  header(): LogStreamHeader | null;
  /** The frames parsed since the last call (null when none). */
  take(): LogStreamBatch | null;
}

/** Self-contained (see above). A header announcing more than 1,000,000 frames is refused (the contract allows 20,000). */
export function logStreamParserFn(poseJoints: readonly string[], handJoints: readonly string[]): LogStreamParser {
  const fail = () => new Error("The log could not be read.");
  const decoder = new TextDecoder("utf-8");
  let rest = "";
  let head: LogStreamHeader | null = null;
  let names: readonly string[] = poseJoints;
  let slot: Record<string, number> = {};
  let jointCount = 0;
  /** Frames parsed in all, and where the pending batch starts. */
  let parsed = 0;
  let batchStart = 0;
  let coords = new Float32Array(0);
  let sides = new Uint8Array(0);

  const readHeader = (line: string) => {
    let h: Partial<LogStreamHeader> & { kind?: unknown; frameCount?: unknown };
    try {
      h = JSON.parse(line);
    } catch {
      throw fail();
    }
    if (!h || typeof h !== "object" || (h.kind !== "pose" && h.kind !== "hands")) throw fail();
    if (typeof h.frameCount !== "number" || !Number.isInteger(h.frameCount) || h.frameCount < 1 || h.frameCount > 1000000) throw fail();
    const pose = h.kind === "pose";
    head = {
      kind: h.kind,
      frameCount: h.frameCount,
      lapInfo: pose && h.lapInfo && typeof h.lapInfo === "object" ? h.lapInfo : null,
      strideInfo: pose && h.strideInfo && typeof h.strideInfo === "object" ? h.strideInfo : null,
      resultFrames: pose && Array.isArray(h.resultFrames) ? h.resultFrames : [],
    };
    names = pose ? poseJoints : handJoints;
    jointCount = names.length;
    slot = {};
    for (let j = 0; j < jointCount; j++) slot[names[j]!] = j;
  };

  const readFrame = (line: string) => {
    if (!head || parsed >= head.frameCount) throw fail();
    let frame: { keypoints?: Record<string, { x: number; y: number; confidence: number }>; joints?: { name: string; x: number; y: number; confidence: number; side: string }[] } | null;
    try {
      frame = JSON.parse(line);
    } catch {
      throw fail();
    }
    if (!frame || typeof frame !== "object") throw fail();
    const n = parsed - batchStart;
    const size = (n + 1) * jointCount * 3;
    if (coords.length < size) {
      const grown = new Float32Array(Math.max(size, coords.length * 2, jointCount * 3 * 64));
      grown.set(coords);
      coords = grown;
      if (head.kind === "hands") {
        const s = new Uint8Array(grown.length / (jointCount * 3));
        s.set(sides);
        sides = s;
      }
    }
    const base = n * jointCount * 3;
    for (let j = 0; j < jointCount; j++) {
      coords[base + j * 3] = 0;
      coords[base + j * 3 + 1] = 0;
      coords[base + j * 3 + 2] = -1;
    }
    if (head.kind === "hands") {
      if (!Array.isArray(frame.joints)) throw fail();
      sides[n] = 1;
      for (const p of frame.joints) {
        const j = p ? slot[p.name] : undefined;
        if (j === undefined || typeof p.x !== "number" || typeof p.y !== "number" || typeof p.confidence !== "number") continue;
        coords[base + j * 3] = p.x;
        coords[base + j * 3 + 1] = p.y;
        coords[base + j * 3 + 2] = p.confidence;
        if (j === 0) sides[n] = p.side === "LEFT" ? 0 : 1;
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
    parsed++;
  };

  const readLine = (line: string) => {
    if (line.trim() === "") return;
    if (head) readFrame(line);
    else readHeader(line);
  };

  return {
    push(bytes) {
      const text = rest + decoder.decode(bytes, { stream: true });
      let from = 0;
      for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", from)) {
        readLine(text.slice(from, nl));
        from = nl + 1;
      }
      rest = text.slice(from);
    },
    end() {
      const last = rest + decoder.decode();
      rest = "";
      readLine(last);
      if (!head || parsed !== head.frameCount) throw fail();
    },
    header: () => head,
    take() {
      const count = parsed - batchStart;
      if (count === 0) return null;
      const batch = {
        start: batchStart,
        count,
        coords: coords.slice(0, count * jointCount * 3),
        sides: head && head.kind === "hands" ? sides.slice(0, count) : new Uint8Array(0),
      };
      batchStart = parsed;
      return batch;
    },
  };
}
