import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResult } from "../api/result";
import { setConfigForTesting } from "../config.server";
import { createTestContext } from "../context";
import { getSession } from "../auth/session.server";
import { useTestConfig } from "../testing/config";
import { logReadAheadOr, readLogAhead } from "./log-ahead.server";
import { LOG_STREAM_TYPE } from "./log-stream.server";

type Stream = ApiResult<ReadableStream<Uint8Array>>;

/** A signed-in request's context (the session `sid` of user `username`). */
function signedIn(username: string, sid: string) {
  const context = createTestContext();
  const request = new Request("http://localhost/scan/sessions/s1/pose-log.json", { headers: { Accept: LOG_STREAM_TYPE } });
  getSession(request, context).set("auth", { accessToken: "a", refreshToken: "r", username, groups: [], accessExpiresAt: 0, signedInAt: 0, lastActivityAt: Date.now(), sid });
  return { request, context };
}

const streamOf = (text: string): Stream => ({
  data: new ReadableStream({
    start(c) {
      c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  }),
});
const textOf = async (r: Stream) => (r.error ? `error ${r.error.status}` : new Response(r.data).text());

describe("a replay's log read ahead for the viewer (issue 31, ADR 048)", () => {
  beforeAll(() => void useTestConfig());
  afterAll(() => setConfigForTesting(undefined));

  it("the viewer's request takes the bytes the page's loader read, once; the next asks the provider", async () => {
    const page = signedIn("ann", "sid-1");
    let reads = 0;
    readLogAhead(page.request, page.context, "scan/s1/pose-log", async () => (reads++, streamOf("the log")));
    const viewer = signedIn("ann", "sid-1");
    let asked = 0;
    const provider = async () => (asked++, streamOf("from the provider"));
    expect(await textOf(await logReadAheadOr(viewer.request, viewer.context, "scan/s1/pose-log", provider))).toBe("the log");
    expect([reads, asked]).toEqual([1, 0]);
    expect(await textOf(await logReadAheadOr(viewer.request, viewer.context, "scan/s1/pose-log", provider))).toBe("from the provider");
    expect(asked).toBe(1);
  });

  it("another session, another log, a download or a request for the JSON file asks the provider", async () => {
    const page = signedIn("ann", "sid-2");
    const provider = async () => streamOf("from the provider");
    const readAhead = () => readLogAhead(page.request, page.context, "scan/s2/pose-log", async () => streamOf("the log"));
    readAhead();
    const bob = signedIn("bob", "sid-2");
    expect(await textOf(await logReadAheadOr(bob.request, bob.context, "scan/s2/pose-log", provider))).toBe("from the provider");
    const annOther = signedIn("ann", "sid-3");
    expect(await textOf(await logReadAheadOr(annOther.request, annOther.context, "scan/s2/pose-log", provider))).toBe("from the provider");
    const ann = signedIn("ann", "sid-2");
    expect(await textOf(await logReadAheadOr(ann.request, ann.context, "scan/s2/hands-log", provider))).toBe("from the provider");
    const download = { request: new Request("http://localhost/scan/sessions/s2/pose-log.json?download=1", { headers: { Accept: LOG_STREAM_TYPE } }), context: ann.context };
    expect(await textOf(await logReadAheadOr(download.request, download.context, "scan/s2/pose-log", provider))).toBe("from the provider");
    const json = { request: new Request("http://localhost/scan/sessions/s2/pose-log.json"), context: ann.context };
    expect(await textOf(await logReadAheadOr(json.request, json.context, "scan/s2/pose-log", provider))).toBe("from the provider");
    // Still there for the session's viewer, which none of those took.
    expect(await textOf(await logReadAheadOr(ann.request, ann.context, "scan/s2/pose-log", provider))).toBe("the log");
  });

  it("a read that failed is not answered: the provider is asked (its refusal is the viewer's answer)", async () => {
    const page = signedIn("ann", "sid-4");
    readLogAhead(page.request, page.context, "scan/s4/pose-log", async () => ({ error: { message: "gone", status: 502 } }));
    const viewer = signedIn("ann", "sid-4");
    expect(await textOf(await logReadAheadOr(viewer.request, viewer.context, "scan/s4/pose-log", async () => ({ error: { message: "No pose logs available", status: 404 } })))).toBe("error 404");
  });

  it("holds two logs at most, the oldest going first", async () => {
    const page = signedIn("ann", "sid-5");
    for (const n of [1, 2, 3]) readLogAhead(page.request, page.context, `scan/s5-${n}/pose-log`, async () => streamOf(`log ${n}`));
    const viewer = signedIn("ann", "sid-5");
    const provider = async () => streamOf("from the provider");
    expect(await textOf(await logReadAheadOr(viewer.request, viewer.context, "scan/s5-1/pose-log", provider))).toBe("from the provider");
    expect(await textOf(await logReadAheadOr(viewer.request, viewer.context, "scan/s5-3/pose-log", provider))).toBe("log 3");
  });
});
