/**
 * The replay's log as a stream of frames (ADR 048): the portal answers the replay viewer's request for a log
 * (`Accept: application/x-ndjson`) with newline-delimited JSON — first a header line, then one line per frame — so
 * the viewer's worker parses and posts frames while the rest are still on their way, and the first frames play
 * within a second of navigation instead of after the whole log (18,000 frames, ~22 MB) has arrived and been parsed.
 *
 *   {"kind":"pose","frameCount":18000,"lapInfo":{…},"strideInfo":{…},"resultFrames":[…]}   ← the header
 *   {"frame":0,"keypoints":{…}}                                                             ← frame 0, as the log has it
 *   {"frame":1,"keypoints":{…}}
 *   …
 *
 * The provider API's file is the contract's PoseLog / HandsLog JSON document, its frames first and the lap, stride and
 * result information after them. The header (the frame count, the phases) is what the viewer needs before the first
 * frame, so the portal reads the file to its end first (a few tens of milliseconds from the API on the same network:
 * the API sends the file at once) and never parses the frames: one pass over the bytes finds where each element of
 * `frames` begins and ends (`splitLog`), the rest of the document (small) is parsed for the header, and each frame's
 * bytes go out as they are, one per line (a line break inside a frame — JSON whitespace only — becomes a space).
 */
import { LOG_UNREADABLE } from "./pack";
import { LOG_STREAM_PARAM, type LogStreamHeader } from "./log-stream";
import { requestUrl } from "../request-url";

export { LOG_STREAM_TYPE } from "./log-stream";

/** The most a log may be (bytes) to be streamed: the contract's 20,000 frames of pose log are ~25 MB. */
export const LOG_STREAM_MAX_BYTES = 64 * 1024 * 1024;
/** Lines are sent in chunks of about this many bytes. */
const CHUNK_BYTES = 64 * 1024;

/** Whether the request asks for the log as a stream of frames: its Accept (the viewer's worker) or `?stream=1` (the page's preload). */
export function wantsLogStream(request: Request): boolean {
  if (requestUrl(request).searchParams.get(LOG_STREAM_PARAM) === "1") return true;
  return /(^|,)\s*application\/x-ndjson\s*(;|,|$)/i.test(request.headers.get("Accept") ?? "");
}

export interface SplitLog {
  header: LogStreamHeader;
  /** Per frame, the offsets of its first byte and one past its last in the document. */
  starts: Uint32Array;
  ends: Uint32Array;
  /** Whether a frame contains a line break (JSON whitespace), to be replaced in its line. */
  lineBreaks: boolean;
}

const LF = 0x0a;
const CR = 0x0d;
const isSpace = (b: number) => b === 0x20 || b === LF || b === CR || b === 0x09;
const FRAMES_KEY = new TextEncoder().encode('"frames"');

/** The bytes the scan stops at (every other byte — letters, digits, `:`, `.`, spaces — is skipped by one lookup). */
const QUOTE = 1;
const BACKSLASH = 2;
const OPEN = 3;
const CLOSE = 4;
const OPEN_ARRAY = 5;
const CLOSE_ARRAY = 6;
const COMMA = 7;
const LINE_BREAK = 8;
const CLASS = new Uint8Array(256);
CLASS[0x22] = QUOTE;
CLASS[0x5c] = BACKSLASH;
CLASS[0x7b] = OPEN;
CLASS[0x7d] = CLOSE;
CLASS[0x5b] = OPEN_ARRAY;
CLASS[0x5d] = CLOSE_ARRAY;
CLASS[0x2c] = COMMA;
CLASS[LF] = LINE_BREAK;
CLASS[CR] = LINE_BREAK;

function keyIsFrames(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start !== FRAMES_KEY.length) return false;
  for (let i = 0; i < FRAMES_KEY.length; i++) if (bytes[start + i] !== FRAMES_KEY[i]) return false;
  return true;
}

/**
 * Finds the frames of a log document (its bytes; UTF-8 needs no decoding for this: every byte of a multi-byte
 * character is ≥ 0x80, never a quote, bracket or brace) and parses the rest for the header. One pass, a table lookup
 * per byte (22 MB: a fraction of what JSON.parse takes). Throws an Error with LOG_UNREADABLE when the document is not
 * a log: not one object, brackets that do not balance, no `frames` array, an element of it that is not an object.
 */
export function splitLog(bytes: Uint8Array): SplitLog {
  const fail = () => new Error(LOG_UNREADABLE);
  const n = bytes.length;
  const first = firstNonSpace(bytes);
  if (bytes[first] !== 0x7b) throw fail();
  let depth = 0;
  let inString = false;
  let stringStart = -1;
  let lastKeyStart = -1;
  let lastKeyEnd = -1;
  let framesOpen = -1;
  let framesClose = -1;
  /** Within the frames array: the commas between its elements, and the frames (objects) found. */
  let commas = 0;
  let frameStart = -1;
  let lineBreaks = false;
  let end = -1;
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = first; i < n; i++) {
    const c = CLASS[bytes[i]!]!;
    if (c === 0) continue;
    if (inString) {
      if (c === BACKSLASH) i++; // the escaped character (a quote, a backslash, the u of \uXXXX) is not the string's end
      else if (c === QUOTE) {
        inString = false;
        if (depth === 1) {
          lastKeyStart = stringStart;
          lastKeyEnd = i + 1;
        }
      }
      continue;
    }
    switch (c) {
      case QUOTE:
        // A string directly in the frames array is an element that is not an object.
        if (depth === 2 && framesOpen >= 0 && framesClose < 0) throw fail();
        inString = true;
        stringStart = i;
        break;
      case OPEN:
        if (depth === 2 && framesOpen >= 0 && framesClose < 0) frameStart = i;
        depth++;
        break;
      case OPEN_ARRAY:
        if (depth === 1 && framesOpen < 0 && lastKeyStart >= 0 && keyIsFrames(bytes, lastKeyStart, lastKeyEnd)) framesOpen = i;
        else if (depth === 2 && framesOpen >= 0 && framesClose < 0) throw fail();
        depth++;
        break;
      case CLOSE:
        depth--;
        if (depth === 2 && framesOpen >= 0 && framesClose < 0) {
          starts.push(frameStart);
          ends.push(i + 1);
        } else if (depth === 0) {
          end = i;
          i = n; // the document's end: only whitespace may follow (checked below)
        } else if (depth < 0) throw fail();
        break;
      case CLOSE_ARRAY:
        depth--;
        if (depth === 1 && framesOpen >= 0 && framesClose < 0) framesClose = i;
        else if (depth < 1) throw fail();
        break;
      case COMMA:
        if (depth === 2 && framesOpen >= 0 && framesClose < 0) commas++;
        break;
      case LINE_BREAK:
        if (depth > 2 && framesOpen >= 0 && framesClose < 0) lineBreaks = true;
        break;
    }
  }
  // Every element of the frames array an object: as many as the commas say (numbers, true, null are not stopped at).
  if (end < 0 || inString || framesOpen < 0 || framesClose < 0 || starts.length === 0 || starts.length !== commas + 1 || !onlySpaceAfter(bytes, end + 1)) throw fail();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let rest: unknown;
  let firstFrame: unknown;
  try {
    // The document without its frames (`"frames":[]`): the lap, stride and result information.
    rest = JSON.parse(decoder.decode(bytes.subarray(0, framesOpen + 1)) + decoder.decode(bytes.subarray(framesClose)));
    firstFrame = JSON.parse(decoder.decode(bytes.subarray(starts[0], ends[0])));
  } catch {
    throw fail();
  }
  if (!rest || typeof rest !== "object" || !firstFrame || typeof firstFrame !== "object") throw fail();
  const doc = rest as { lapInfo?: unknown; strideInfo?: unknown; resultFrames?: unknown };
  const kind = Array.isArray((firstFrame as { joints?: unknown }).joints) ? "hands" : "pose";
  const pose = kind === "pose";
  const header: LogStreamHeader = {
    kind,
    frameCount: starts.length,
    lapInfo: pose && doc.lapInfo && typeof doc.lapInfo === "object" ? (doc.lapInfo as LogStreamHeader["lapInfo"]) : null,
    strideInfo: pose && doc.strideInfo && typeof doc.strideInfo === "object" ? (doc.strideInfo as LogStreamHeader["strideInfo"]) : null,
    resultFrames: pose && Array.isArray(doc.resultFrames) ? (doc.resultFrames as LogStreamHeader["resultFrames"]) : [],
  };
  return { header, starts: Uint32Array.from(starts), ends: Uint32Array.from(ends), lineBreaks };
}

function firstNonSpace(bytes: Uint8Array): number {
  let i = 0;
  // A UTF-8 byte order mark is allowed before the document.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && isSpace(bytes[i]!)) i++;
  return i;
}

function onlySpaceAfter(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) if (!isSpace(bytes[i]!)) return false;
  return true;
}

/** The NDJSON stream of a split log: the header line, then each frame's bytes on a line, in chunks of ~64 KB. */
export function logLines(bytes: Uint8Array, split: SplitLog): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`${JSON.stringify(split.header)}\n`));
        return;
      }
      if (next >= split.starts.length) {
        controller.close();
        return;
      }
      // The frames of this chunk: up to ~64 KB (at least one frame).
      let end = next;
      let size = 0;
      while (end < split.starts.length && (end === next || size + split.ends[end]! - split.starts[end]! + 1 <= CHUNK_BYTES)) {
        size += split.ends[end]! - split.starts[end]! + 1;
        end++;
      }
      const chunk = new Uint8Array(size);
      let at = 0;
      for (let f = next; f < end; f++) {
        const line = bytes.subarray(split.starts[f], split.ends[f]);
        chunk.set(line, at);
        if (split.lineBreaks) for (let i = at; i < at + line.length; i++) if (chunk[i] === LF || chunk[i] === CR) chunk[i] = 0x20;
        at += line.length;
        chunk[at++] = LF;
      }
      next = end;
      controller.enqueue(chunk);
    },
  });
}

/** Reads a stream to its end (at most `max` bytes; more: null). */
export async function readAll(stream: ReadableStream<Uint8Array>, max = LOG_STREAM_MAX_BYTES): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/**
 * A log document's stream (the signed file's body) → its NDJSON stream, or LOG_UNREADABLE when it is not a log (or
 * larger than LOG_STREAM_MAX_BYTES, or the file broke off).
 */
export async function logStream(document: ReadableStream<Uint8Array>): Promise<{ data: ReadableStream<Uint8Array>; error?: undefined } | { error: string; data?: undefined }> {
  let bytes: Uint8Array | null;
  try {
    bytes = await readAll(document);
  } catch {
    return { error: LOG_UNREADABLE };
  }
  if (!bytes) return { error: LOG_UNREADABLE };
  try {
    return { data: logLines(bytes, splitLog(bytes)) };
  } catch {
    return { error: LOG_UNREADABLE };
  }
}
