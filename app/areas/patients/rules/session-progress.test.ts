import { describe, expect, it } from "vitest";
import { completionTone, sessionProgress, setProgress } from "./session-progress";

const set = (completionRatio: number) => ({ setInfo: { completionRatio } });

describe("sessionProgress", () => {
  it("is the mean completion ratio as a rounded percentage", () => {
    expect(sessionProgress([set(1), set(0.5)])).toBe(75);
    expect(sessionProgress([set(1), set(0.66), set(0)])).toBe(55);
    expect(sessionProgress([set(0.333)])).toBe(33);
    expect(sessionProgress([set(0.335)])).toBe(34);
  });

  it("is 0 without sets and for sets that were not done", () => {
    expect(sessionProgress([])).toBe(0);
    expect(sessionProgress([set(0), set(0)])).toBe(0);
  });

  it("is capped at 100", () => {
    expect(sessionProgress([set(1), set(1)])).toBe(100);
    expect(sessionProgress([set(1.5), set(1)])).toBe(100);
  });

  it("treats a missing or invalid ratio as nothing done", () => {
    expect(sessionProgress([{ setInfo: { completionRatio: null } }, set(1)])).toBe(50);
    expect(sessionProgress([{ setInfo: { completionRatio: Number.NaN } }, set(-1), set(1)])).toBe(33);
  });
});

describe("setProgress", () => {
  it("is the set's ratio in percent, capped and rounded", () => {
    expect(setProgress(set(0.666))).toBe(67);
    expect(setProgress(set(2))).toBe(100);
    expect(setProgress(set(0))).toBe(0);
  });
});

describe("completionTone", () => {
  it("is success at 100, warning at 0, info otherwise", () => {
    expect(completionTone(100)).toBe("success");
    expect(completionTone(0)).toBe("warning");
    expect(completionTone(1)).toBe("info");
    expect(completionTone(99)).toBe("info");
  });
});
