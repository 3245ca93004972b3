import { afterEach, describe, expect, it } from "vitest";
import { setLogSink } from "../log.server";
import { ApiEndpoints } from "./endpoints.server";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function capture() {
  const lines: Record<string, unknown>[] = [];
  restore = setLogSink((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return lines;
}

/** A fetch whose answers are decided per URL: a status, or "down" (throws like a blocked network). */
function fakeFetch(answer: (url: string) => number | "down") {
  const calls: string[] = [];
  const fn = (async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push(url);
    const a = answer(url);
    if (a === "down") throw new TypeError("fetch failed");
    return new Response(null, { status: a });
  }) as typeof fetch;
  return { fn, calls };
}

describe("ApiEndpoints.checkNetwork", () => {
  it("a health check that answers (any status) means the network is not blocking", async () => {
    const f = fakeFetch(() => 503);
    const sleeps: number[] = [];
    const e = new ApiEndpoints({ primary: "http://a", failovers: ["http://b"], fetch: f.fn, sleep: async (ms) => void sleeps.push(ms) });
    expect(await e.checkNetwork("http://a")).toBe("not-blocked");
    expect(f.calls).toEqual(["http://a/healthcheck"]);
    expect(e.active()).toBe("http://a");
  });

  it("tries 3 times 200 ms apart, logs the network block and switches to the failover server", async () => {
    const lines = capture();
    const f = fakeFetch((url) => (url.startsWith("http://a") ? "down" : 200));
    const sleeps: number[] = [];
    const e = new ApiEndpoints({ primary: "http://a/", failovers: ["http://b"], fetch: f.fn, sleep: async (ms) => void sleeps.push(ms) });
    expect(await e.checkNetwork("http://a")).toBe("switched");
    expect(f.calls).toEqual(["http://a/healthcheck", "http://a/healthcheck", "http://a/healthcheck"]);
    expect(sleeps).toEqual([200, 200]);
    expect(e.active()).toBe("http://b");
    expect(lines.map((l) => l.event)).toEqual(["network-block", "failover"]);
  });

  it("without failover servers: blocked, stays on the primary", async () => {
    capture();
    const e = new ApiEndpoints({ primary: "http://a", failovers: [], fetch: fakeFetch(() => "down").fn, sleep: async () => {} });
    expect(await e.checkNetwork("http://a")).toBe("blocked");
    expect(e.active()).toBe("http://a");
  });

  it("shares one check between concurrent callers, and goes back to the primary after a while", async () => {
    capture();
    const f = fakeFetch(() => "down");
    let now = 1_000;
    const e = new ApiEndpoints({ primary: "http://a", failovers: ["http://b"], fetch: f.fn, sleep: async () => {}, now: () => now, failbackAfterMs: 60_000 });
    const [x, y] = await Promise.all([e.checkNetwork("http://a"), e.checkNetwork("http://a")]);
    expect([x, y]).toEqual(["switched", "switched"]);
    expect(f.calls).toHaveLength(3);
    // A caller that failed on the old server after the switch does not check again.
    expect(await e.checkNetwork("http://a")).toBe("switched");
    expect(f.calls).toHaveLength(3);
    now += 60_001;
    expect(e.active()).toBe("http://a");
  });
});
