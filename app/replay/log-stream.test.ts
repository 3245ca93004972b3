import { describe, expect, it } from "vitest";
import { generateHandsLog, generatePoseLog } from "../../reference-api/src/areas/scan/logs";
import { logFileResponse } from "../areas/scan/pose-log-route.server";
import { canResume, arrivalText, hasArrived, streamedFrameAt, waitingText } from "./arrival";
import { HAND_JOINTS, POSE_JOINTS, type PackedLog } from "./log-types";
import { logStreamParserFn, logStreamUrl, type LogStreamBatch } from "./log-stream";
import { LOG_STREAM_TYPE, logLines, logStream, readAll, splitLog, wantsLogStream } from "./log-stream.server";
import { LOG_UNREADABLE, packLog, parserWorkerSource } from "./pack";

function seeded(seed = 11) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const results = [{ id: "gaitSpeed", name: "Vitesse de marche é — 步速 🚶", value: 0.92, units: "m/s" }];
const poseLog = () => generatePoseLog({ lapOneTime: 1.5, lapTwoTime: 1.6, cadence: 100, results, rng: seeded() });
const bytesOf = (text: string) => new TextEncoder().encode(text);

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** The NDJSON the portal sends for a log document. */
async function ndjsonOf(document: string): Promise<Uint8Array> {
  const bytes = bytesOf(document);
  return bytesOf(await textOf(logLines(bytes, splitLog(bytes))));
}

/** Feeds `bytes` to a parser in chunks cut at `cuts` and gathers its batches into one PackedLog-like result. */
function parse(bytes: Uint8Array, cuts: number[]) {
  const parser = logStreamParserFn(POSE_JOINTS, HAND_JOINTS);
  const batches: LogStreamBatch[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.push(bytes.subarray(from, cut));
    from = cut;
    const b = parser.take();
    if (b) batches.push(b);
  }
  parser.end();
  const b = parser.take();
  if (b) batches.push(b);
  const header = parser.header()!;
  const jointCount = header.kind === "pose" ? POSE_JOINTS.length : HAND_JOINTS.length;
  const coords = new Float32Array(header.frameCount * jointCount * 3);
  const sides = new Uint8Array(header.kind === "hands" ? header.frameCount : 0);
  let next = 0;
  for (const batch of batches) {
    expect(batch.start, "batches follow each other").toBe(next);
    coords.set(batch.coords, batch.start * jointCount * 3);
    if (header.kind === "hands") sides.set(batch.sides, batch.start);
    next = batch.start + batch.count;
  }
  expect(next).toBe(header.frameCount);
  return { header, coords, sides, batches };
}

const same = (a: ReturnType<typeof parse>, log: PackedLog) => {
  expect(a.header).toEqual({ kind: log.kind, frameCount: log.frameCount, lapInfo: log.lapInfo, strideInfo: log.strideInfo, resultFrames: log.resultFrames });
  expect(Array.from(a.coords)).toEqual(Array.from(log.coords));
  expect(Array.from(a.sides)).toEqual(Array.from(log.sides));
};

describe("the portal's stream of frames (splitLog, logLines)", () => {
  it("a pose log: the header line (frame count, laps, strides, results) first, then each frame as the file has it", async () => {
    const log = poseLog();
    const lines = (await textOf(logLines(bytesOf(JSON.stringify(log)), splitLog(bytesOf(JSON.stringify(log)))))).split("\n");
    expect(lines.pop()).toBe("");
    expect(JSON.parse(lines[0]!)).toEqual({ kind: "pose", frameCount: log.frames.length, lapInfo: log.lapInfo, strideInfo: log.strideInfo, resultFrames: log.resultFrames });
    expect(lines.slice(1).map((l) => JSON.parse(l))).toEqual(log.frames);
  });

  it("a pretty-printed file (line breaks inside frames) still gives one frame per line", async () => {
    const log = poseLog();
    const lines = new TextDecoder().decode(await ndjsonOf(JSON.stringify(log, null, 2))).trimEnd().split("\n");
    expect(lines).toHaveLength(log.frames.length + 1);
    expect(JSON.parse(lines[1]!)).toEqual(log.frames[0]);
  });

  it("a hands log: kind hands, no laps, strides or results", async () => {
    const hands = generateHandsLog({ leftAmplitude: 1, rightAmplitude: 2, frequency: 5, rng: seeded() });
    const first = new TextDecoder().decode(await ndjsonOf(JSON.stringify(hands))).split("\n")[0]!;
    expect(JSON.parse(first)).toEqual({ kind: "hands", frameCount: hands.frames.length, lapInfo: null, strideInfo: null, resultFrames: [] });
  });

  it("refuses what is not a log (LOG_UNREADABLE): no frames, frames that are not objects, truncated, trailing text", () => {
    const full = JSON.stringify(poseLog());
    for (const doc of ["[]", "{}", '{"frames":[]}', '{"frames":[1,2]}', '{"frames":["a"]}', '{"x":{"frames":[{}]}}', full.slice(0, full.length - 10), `${full}x`, `x${full}`, '{"frames":[{"a":"}]}'])
      expect(() => splitLog(bytesOf(doc)), doc.slice(0, 40)).toThrow(LOG_UNREADABLE);
    expect(() => splitLog(bytesOf(`\ufeff ${full}\n`))).not.toThrow();
  });

  it("strings with brackets, braces, quotes and escapes do not confuse the scan", async () => {
    const log = poseLog();
    const odd = { ...log, resultFrames: [{ frame: 1, results: [{ id: "x", name: 'a "}]{[" \\', value: 1, units: "]" }] }], frames: log.frames.slice(0, 3).map((f) => ({ ...f, note: '}{"][\\' })) };
    const lines = new TextDecoder().decode(await ndjsonOf(JSON.stringify(odd))).trimEnd().split("\n");
    expect(JSON.parse(lines[0]!).resultFrames).toEqual(odd.resultFrames);
    expect(lines.slice(1).map((l) => JSON.parse(l))).toEqual(odd.frames);
  });

  it("logStream: the document's stream in, NDJSON out; not a log or too large: LOG_UNREADABLE", async () => {
    const log = poseLog();
    const ok = await logStream(new Response(JSON.stringify(log)).body!);
    expect((await textOf(ok.data!)).split("\n")).toHaveLength(log.frames.length + 2);
    expect(await logStream(new Response("{}").body!)).toEqual({ error: LOG_UNREADABLE });
    expect(await readAll(new Response("x".repeat(100)).body!, 99)).toBeNull();
    expect(await readAll(new Response("x".repeat(100)).body!, 100)).toHaveLength(100);
  });

  it("the viewer's request asks for the stream; a download or another client gets the file", async () => {
    const ask = (accept: string) => new Request("http://portal.test/scan/sessions/x/pose-log.json", { headers: { Accept: accept } });
    expect(wantsLogStream(ask(`${LOG_STREAM_TYPE}, application/json;q=0.9`))).toBe(true);
    expect(wantsLogStream(ask("application/json"))).toBe(false);
    expect(wantsLogStream(ask("*/*"))).toBe(false);
    // The page's preload (no headers of its own) names the stream in the URL; the file otherwise.
    expect(wantsLogStream(new Request(`http://portal.test${logStreamUrl("/scan/sessions/x/pose-log.json")}`))).toBe(true);
    expect(wantsLogStream(new Request("http://portal.test/scan/sessions/x/pose-log.json?stream=0"))).toBe(false);
    expect(logStreamUrl("/a/log.json")).toBe("/a/log.json?stream=1");
    expect(logStreamUrl("/a/log.json?x=1")).toBe("/a/log.json?x=1&stream=1");
    const file = () => ({ data: new Response(JSON.stringify(poseLog())).body! });
    const streamed = await logFileResponse(file(), null, ask(LOG_STREAM_TYPE));
    expect(streamed.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");
    expect(streamed.headers.get("Cache-Control")).toBe("no-store");
    expect(JSON.parse((await streamed.text()).split("\n")[0]!).frameCount).toBeGreaterThan(0);
    const download = await logFileResponse(file(), "pose-log-x.json", ask(LOG_STREAM_TYPE));
    expect(download.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect((await download.json()).frames.length).toBeGreaterThan(0);
    const refused = await logFileResponse({ data: new Response("{}").body! }, null, ask(LOG_STREAM_TYPE)).catch((r: Response) => r);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ message: LOG_UNREADABLE });
  });
});

describe("the worker's incremental parser (logStreamParserFn)", () => {
  it("packs the frames as packLog does, whatever the chunks: one, every byte, mid-line and mid-UTF-8", async () => {
    const log = poseLog();
    // A frame with text outside ASCII: its characters' bytes are cut apart by the byte-wise chunks.
    log.frames[1] = { ...log.frames[1]!, note: "é — 步 🚶" } as (typeof log.frames)[number];
    const ndjson = await ndjsonOf(JSON.stringify(log));
    const expected = packLog(log);
    same(parse(ndjson, []), expected);
    const header = new TextDecoder().decode(ndjson).indexOf("\n");
    const utf8 = new TextDecoder().decode(ndjson).indexOf("🚶");
    same(parse(ndjson, [3, header - 1, header, header + 2, header + 500]), expected);
    // Every byte its own chunk (the first 5,000 bytes: the header with its non-ASCII result name, frames 0 and 1).
    same(parse(ndjson, Array.from({ length: 5000 }, (_, i) => i + 1)), expected);
    expect(utf8).toBeGreaterThan(0);
    const cutInEmoji = new TextEncoder().encode(new TextDecoder().decode(ndjson).slice(0, utf8)).length + 2;
    same(parse(ndjson, [cutInEmoji - 1, cutInEmoji, cutInEmoji + 1]), expected);
  });

  it("posts the frames parsed since the last take, in order", async () => {
    const log = poseLog();
    const ndjson = await ndjsonOf(JSON.stringify(log));
    const parser = logStreamParserFn(POSE_JOINTS, HAND_JOINTS);
    expect(parser.take()).toBeNull();
    const text = new TextDecoder().decode(ndjson);
    const third = bytesOf(`${text.split("\n").slice(0, 4).join("\n")}\n`).length; // the header and frames 0–2
    parser.push(ndjson.subarray(0, third));
    expect(parser.header()?.frameCount).toBe(log.frames.length);
    const first = parser.take()!;
    expect([first.start, first.count, first.coords.length]).toEqual([0, 3, 3 * 23 * 3]);
    expect(parser.take()).toBeNull();
    parser.push(ndjson.subarray(third));
    parser.end();
    const rest = parser.take()!;
    expect([rest.start, rest.count]).toEqual([3, log.frames.length - 3]);
  });

  it("packs a hands log with each frame's side", async () => {
    const hands = generateHandsLog({ leftAmplitude: 1, rightAmplitude: 2, frequency: 5, rng: seeded() });
    const ndjson = await ndjsonOf(JSON.stringify(hands));
    same(parse(ndjson, [1000, 1001, 50_000]), packLog(hands));
  });

  it("refuses a stream that is not a log's: no header, a bad line, frames missing or too many, cut off", async () => {
    const ndjson = new TextDecoder().decode(await ndjsonOf(JSON.stringify(poseLog())));
    const lines = ndjson.trimEnd().split("\n");
    const run = (text: string) => () => {
      const p = logStreamParserFn(POSE_JOINTS, HAND_JOINTS);
      p.push(bytesOf(text));
      p.end();
    };
    expect(run(ndjson)).not.toThrow();
    expect(run(lines.slice(1).join("\n"))).toThrow(LOG_UNREADABLE); // a frame where the header should be
    expect(run('{"kind":"video","frameCount":1}\n{}\n')).toThrow(LOG_UNREADABLE);
    expect(run('{"kind":"pose","frameCount":0}\n')).toThrow(LOG_UNREADABLE);
    expect(run([lines[0], "{not json}"].join("\n"))).toThrow(LOG_UNREADABLE);
    expect(run([lines[0], '{"frame":0}'].join("\n"))).toThrow(LOG_UNREADABLE); // a pose frame without keypoints
    expect(run(lines.slice(0, -1).join("\n"))).toThrow(LOG_UNREADABLE); // one frame short
    expect(run([...lines, lines[1]].join("\n"))).toThrow(LOG_UNREADABLE); // one too many
    expect(run(ndjson.slice(0, ndjson.length - 20))).toThrow(LOG_UNREADABLE); // cut off within the last line
  });

  it("runs as standalone source (the Web Worker's)", async () => {
    const standalone = new Function(`return (${logStreamParserFn.toString()})`)() as typeof logStreamParserFn;
    const log = poseLog();
    const p = standalone(POSE_JOINTS, HAND_JOINTS);
    p.push(await ndjsonOf(JSON.stringify(log)));
    p.end();
    expect(Array.from(p.take()!.coords)).toEqual(Array.from(packLog(log).coords));
    expect(parserWorkerSource()).toContain(`Accept: "${LOG_STREAM_TYPE}, application/json;q=0.9"`);
    expect(() => new Function(parserWorkerSource().replace(/^"use strict";/, ""))).not.toThrow();
  });
});

describe("the worker reads the response the page asked for (early-log.ts)", () => {
  /** Runs the worker's source with a stand-in for its global scope; resolves with its messages once it is done. */
  function runWorker(data: Record<string, unknown>): Promise<{ type: string; [k: string]: unknown }[]> {
    return new Promise((resolve) => {
      const messages: { type: string; [k: string]: unknown }[] = [];
      const scope = {
        onmessage: null as null | ((e: { data: unknown }) => void),
        postMessage: (m: { type: string }) => {
          messages.push(m);
          if (m.type === "done" || m.type === "error") resolve(messages);
        },
      };
      new Function("self", "fetch", parserWorkerSource().replace(/^"use strict";/, ""))(scope, () => {
        throw new Error("the worker fetched although it was given the response");
      });
      scope.onmessage!({ data });
    });
  }

  it("parses a transferred body stream with the header and frames, and fetches nothing", async () => {
    const log = poseLog();
    const bytes = await ndjsonOf(JSON.stringify(log));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // In three chunks, as a stream arrives.
        for (const cut of [[0, 1000], [1000, bytes.length >> 1], [bytes.length >> 1, bytes.length]]) controller.enqueue(bytes.slice(cut[0], cut[1]));
        controller.close();
      },
    });
    const messages = await runWorker({ url: "https://portal.example/log.json", stream: body, status: 200, contentType: `${LOG_STREAM_TYPE}; charset=utf-8` });
    expect(messages[0]).toMatchObject({ type: "header", header: { kind: "pose", frameCount: log.frames.length } });
    const frames = messages.filter((m) => m.type === "frames") as unknown as LogStreamBatch[];
    const coords = frames.flatMap((b) => Array.from(b.coords));
    expect(coords).toEqual(Array.from(packLog(log).coords));
    expect(messages.at(-1)!.type).toBe("done");
  });

  it("reports an answered error with its status and message, as from its own request", async () => {
    const body = new Response(JSON.stringify({ message: "Not found" })).body;
    const messages = await runWorker({ url: "https://portal.example/log.json", stream: body, status: 404, contentType: "application/json" });
    expect(messages).toEqual([{ type: "error", status: 404, message: "Not found" }]);
  });
});

describe("playing what has arrived", () => {
  it("plays by the clock within what has arrived; at its edge it holds there (buffering), not ending", () => {
    // 30 fps: 100 ms = 3 frames.
    expect(streamedFrameAt(100, 10, 1000, 500)).toEqual({ frame: 13, done: false, waiting: false });
    expect(streamedFrameAt(100, 10, 1000, 13)).toEqual({ frame: 12, done: false, waiting: true });
    expect(streamedFrameAt(100, 10, 1000, 14)).toEqual({ frame: 13, done: false, waiting: false });
    // Starting at a frame that has not arrived (a seek past what has): it waits there.
    expect(streamedFrameAt(0, 600, 1000, 500)).toEqual({ frame: 600, done: false, waiting: true });
    // Past the last frame of a log that has all arrived: done.
    expect(streamedFrameAt(1000, 990, 1000, 1000)).toEqual({ frame: 999, done: true, waiting: false });
  });

  it("goes on once the frame waited for has arrived", () => {
    expect(canResume(12, true, 13)).toBe(false); // frame 12 drawn, 13 not there yet
    expect(canResume(12, true, 14)).toBe(true);
    expect(canResume(600, false, 600)).toBe(false); // waiting for 600 itself
    expect(canResume(600, false, 601)).toBe(true);
    expect(hasArrived(0, 0)).toBe(false);
    expect(hasArrived(0, 1)).toBe(true);
  });

  it("says what it waits for, and how much has arrived until all has", () => {
    expect(waitingText(599)).toBe("Waiting for frame 600 to arrive…");
    expect(arrivalText(4500, 18000)).toBe("Loading frames: 4500 of 18000 arrived");
    expect(arrivalText(18000, 18000)).toBeNull();
  });
});
