import { describe, expect, it } from "vitest";
import { completedMinutes, elapsedSeconds, formatElapsed, pause, resume, type TimerSpans } from "./care-timer";

const T0 = Date.UTC(2026, 10, 27, 14, 0, 0);
const at = (s: number) => T0 + s * 1000;
const started: TimerSpans = { startedAt: T0, pausedAt: null, pausedSeconds: 0 };

describe("completed minutes (ADR 033: rounded down)", () => {
  it.each([
    [0, 0],
    [59, 0],
    [60, 1],
    [599, 9],
    [600, 10],
    [1199, 19],
    [1200, 20],
  ])("%i s is %i minutes", (s, m) => expect(completedMinutes(s)).toBe(m));

  it("is at most 1440 (a care note's maximum) and never negative", () => {
    expect(completedMinutes(2000 * 60)).toBe(1440);
    expect(completedMinutes(-5)).toBe(0);
  });
});

describe("pause arithmetic", () => {
  it("counts from the start to now", () => expect(elapsedSeconds(started, at(754))).toBe(754));

  it("stops counting while paused, and leaves the pause out once resumed", () => {
    const paused = pause(started, at(300));
    expect(elapsedSeconds(paused, at(900))).toBe(300);
    const running = resume(paused, at(900));
    expect(running).toEqual({ startedAt: T0, pausedAt: null, pausedSeconds: 600 });
    expect(elapsedSeconds(running, at(1000))).toBe(400);
  });

  it("sums several pauses", () => {
    let t = pause(started, at(60));
    t = resume(t, at(120));
    t = pause(t, at(180));
    t = resume(t, at(300));
    expect(t.pausedSeconds).toBe(60 + 120);
    expect(elapsedSeconds(t, at(600))).toBe(600 - 180);
  });

  it("repeats change nothing (a second pause keeps the first, a resume of a running timer adds nothing)", () => {
    const paused = pause(started, at(100));
    expect(pause(paused, at(500))).toBe(paused);
    expect(resume(started, at(500))).toBe(started);
  });

  it("is never negative (a clock behind the start)", () => expect(elapsedSeconds(started, at(-30))).toBe(0));

  it("9 min 59 s of care fills 9 minutes, across a pause", () => {
    const t = resume(pause(started, at(300)), at(400));
    expect(completedMinutes(elapsedSeconds(t, at(100 + 599)))).toBe(9);
    expect(completedMinutes(elapsedSeconds(t, at(100 + 600)))).toBe(10);
  });
});

describe("formatElapsed", () => {
  it.each([
    [0, "0:00"],
    [65, "1:05"],
    [3599, "59:59"],
    [3661, "1:01:01"],
  ])("%i s is %s", (s, text) => expect(formatElapsed(s)).toBe(text));
});
