import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hedgedRequest } from "./hedged-request";

/** A call whose answers are scripted: each call answers `value` after `ms` (or fails). */
function scripted(answers: { ms: number; value?: string; fail?: boolean }[]) {
  let n = 0;
  const calls: number[] = [];
  const call = () => {
    const a = answers[n] ?? answers[answers.length - 1]!;
    calls.push(n);
    n += 1;
    return new Promise<string>((resolve, reject) => setTimeout(() => (a.fail ? reject(new Error(`failed ${a.value}`)) : resolve(a.value!)), a.ms));
  };
  return { call, calls };
}

describe("hedgedRequest", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("makes one call when it answers within the delay", async () => {
    const s = scripted([{ ms: 900, value: "first" }]);
    const p = hedgedRequest(s.call, { delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(p).resolves.toBe("first");
    expect(s.calls).toEqual([0]);
  });

  it("asks once more after the delay and takes the fallback when it answers first", async () => {
    const onHedge = vi.fn();
    const s = scripted([
      { ms: 5000, value: "slow" },
      { ms: 100, value: "fallback" },
    ]);
    const p = hedgedRequest(s.call, { delayMs: 1000, onHedge });
    await vi.advanceTimersByTimeAsync(1099);
    expect(onHedge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe("fallback");
    expect(s.calls).toEqual([0, 1]);
  });

  it("takes the first call when it answers before the fallback", async () => {
    const s = scripted([
      { ms: 1200, value: "first" },
      { ms: 1000, value: "fallback" },
    ]);
    const p = hedgedRequest(s.call, { delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(1200);
    await expect(p).resolves.toBe("first");
  });

  it("never asks a third time", async () => {
    const s = scripted([{ ms: 10_000, value: "slow" }]);
    const p = hedgedRequest(s.call, { delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(p).resolves.toBe("slow");
    expect(s.calls).toEqual([0, 1]);
  });

  it("returns a failure before the delay as it is, without a fallback", async () => {
    const s = scripted([{ ms: 10, value: "bad" }]);
    const p = hedgedRequest(s.call, { delayMs: 1000, ok: (v) => v !== "bad" });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(p).resolves.toBe("bad");
    expect(s.calls).toEqual([0]);
  });

  it("waits for the other call when one fails, and prefers a good answer", async () => {
    const s = scripted([
      { ms: 1500, value: "bad" },
      { ms: 800, value: "good" },
    ]);
    const p = hedgedRequest(s.call, { delayMs: 1000, ok: (v) => v !== "bad" });
    await vi.advanceTimersByTimeAsync(1500);
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    await expect(p).resolves.toBe("good");
  });

  it("answers the last failure when both fail (a thrown one rejects)", async () => {
    const s = scripted([
      { ms: 1500, value: "a", fail: true },
      { ms: 1000, value: "b", fail: true },
    ]);
    const p = hedgedRequest(s.call, { delayMs: 1000 });
    const check = expect(p).rejects.toThrow("failed b");
    await vi.advanceTimersByTimeAsync(2500);
    await check;
  });
});
