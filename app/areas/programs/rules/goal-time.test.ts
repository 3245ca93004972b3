import { describe, expect, it } from "vitest";
import { formatGoalTimeInput, goalTimeLabel, parseGoalTime, readGoalTime, timeInputFilter, TIME_FORMAT_MESSAGE, TIME_PARTS_MESSAGE, TIME_QUICK_PICKS, TIME_TOO_LONG_MESSAGE } from "./goal-time";

describe("parseGoalTime", () => {
  it.each([
    ["45", 45],
    ["90", 90],
    ["1:30", 90],
    ["01:05", 65],
    ["0:01:30", 90],
    ["1:00:00", 3600],
    [":30", 30],
    ["2:", 120],
    ["", 0],
    ["  12 ", 12],
  ])("%j is %i seconds", (text, seconds) => expect(parseGoalTime(text)).toBe(seconds));

  it("makes negatives 0", () => {
    expect(parseGoalTime("-5")).toBe(0);
    expect(parseGoalTime("-1:30")).toBe(0);
  });

  it("refuses, with the reason, what it would otherwise have to change (the audit: 2:00:00 and 99:99 were saved as 1:00:00)", () => {
    expect(readGoalTime("2:00:00")).toEqual({ error: TIME_TOO_LONG_MESSAGE });
    expect(readGoalTime("3601")).toEqual({ error: TIME_TOO_LONG_MESSAGE });
    expect(readGoalTime("99999999999999999999999")).toEqual({ error: TIME_FORMAT_MESSAGE });
    expect(readGoalTime("99:99")).toEqual({ error: TIME_PARTS_MESSAGE });
    expect(readGoalTime("1:60")).toEqual({ error: TIME_PARTS_MESSAGE });
    expect(readGoalTime("0:60:00")).toEqual({ error: TIME_PARTS_MESSAGE });
    expect(readGoalTime("9:0:1:30")).toEqual({ error: TIME_FORMAT_MESSAGE });
    for (const text of ["1a0", "30 s", "1.5", "abc"]) expect(readGoalTime(text), text).toEqual({ error: TIME_FORMAT_MESSAGE });
    expect(parseGoalTime("2:00:00")).toBeNull();
  });

  it("takes an hour exactly, and an hour's minutes written as minutes", () => {
    expect(readGoalTime("1:00:00")).toEqual({ seconds: 3600 });
    expect(readGoalTime("60:00")).toEqual({ seconds: 3600 });
    expect(readGoalTime("3600")).toEqual({ seconds: 3600 });
  });
});

describe("timeInputFilter", () => {
  it("keeps digits and colons, and a leading minus (the time is then 0)", () => {
    expect(timeInputFilter("1:3a0 s")).toBe("1:30");
    expect(timeInputFilter("-45")).toBe("-45");
    expect(parseGoalTime(timeInputFilter("-45"))).toBe(0);
  });
});

describe("formatGoalTimeInput", () => {
  it.each([
    [0, "0"],
    [45, "45"],
    [60, "1:00"],
    [90, "1:30"],
    [3599, "59:59"],
    [3600, "1:00:00"],
  ])("%i s is %j", (seconds, text) => expect(formatGoalTimeInput(seconds)).toBe(text));

  it("round-trips through parseGoalTime", () => {
    for (const s of [0, 5, 59, 60, 61, 600, 3599, 3600]) expect(parseGoalTime(formatGoalTimeInput(s))).toBe(s);
  });
});

describe("goalTimeLabel", () => {
  it("writes times like the quick picks", () => {
    expect(TIME_QUICK_PICKS.map((p) => goalTimeLabel(p.seconds))).toEqual(TIME_QUICK_PICKS.map((p) => p.label));
    expect(goalTimeLabel(5)).toBe("5 s");
    expect(goalTimeLabel(125)).toBe("2:05 min");
    expect(goalTimeLabel(3600)).toBe("1:00:00");
  });
});
