import { describe, expect, it } from "vitest";
import { expectedFrames, longestTaskIn } from "./replay-stats.js";

describe("longestTaskIn", () => {
  const tasks = [{ start: 100, duration: 60 }, { start: 300, duration: 120 }, { start: 1000, duration: 51 }];
  it("takes the tasks overlapping the window", () => {
    expect(longestTaskIn(tasks, 150, 350)).toBe(120);
    expect(longestTaskIn(tasks, 0, 120)).toBe(60);
    expect(longestTaskIn(tasks, 500, 900)).toBe(0);
    expect(longestTaskIn([], 0, 1e9)).toBe(0);
  });
});

describe("expectedFrames", () => {
  it("30 fps", () => {
    expect(expectedFrames(30_000)).toBe(900);
    expect(expectedFrames(1000, 30)).toBe(30);
  });
});
