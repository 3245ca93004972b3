import { describe, expect, it } from "vitest";
import { runClosedLoop } from "./runner.js";

const after = (ms: number, ok = true) => new Promise<boolean>((r) => setTimeout(() => r(ok), ms));

describe("runClosedLoop", () => {
  it("measures only what completes in the window after the warm-up, at most one request per worker at a time", async () => {
    let started = 0;
    let failing = 0;
    const r = await runClosedLoop({
      concurrency: 3,
      warmupSeconds: 0.1,
      seconds: 0.3,
      task: () => {
        started++;
        return after(20, ++failing % 5 !== 0);
      },
    });
    // 3 workers × 300 ms / ≥ 20 ms each: at most 45 in the window (fewer on a busy machine), more started in all.
    expect(r.requests).toBeGreaterThan(0);
    expect(r.requests).toBeLessThanOrEqual(45);
    expect(started).toBeGreaterThan(r.requests);
    expect(r.rps).toBeCloseTo(r.requests / 0.3, 6);
    expect(r.p50).toBeGreaterThanOrEqual(19);
    expect(r.errors).toBeGreaterThan(0);
    expect(r.errors).toBeLessThan(r.requests);
  });

  it("counts nothing when no request completes within the window, and a rejection as an error", async () => {
    const slow = await runClosedLoop({ concurrency: 2, seconds: 0.05, task: () => after(200) });
    expect(slow.requests).toBe(0);
    expect(slow.rps).toBe(0);
    const failing = await runClosedLoop({ concurrency: 1, seconds: 0.05, task: () => Promise.reject(new Error("refused")) });
    expect(failing.errors).toBe(failing.requests);
    expect(failing.requests).toBeGreaterThan(0);
  });
});
