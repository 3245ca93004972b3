import { describe, expect, it } from "vitest";
import { formatGoalTimeInput, goalTimeLabel, parseGoalTime, timeInputFilter, TIME_QUICK_PICKS } from "./goal-time";

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

  it("ignores anything but digits and a colon", () => {
    expect(parseGoalTime("1a0")).toBe(10);
    expect(parseGoalTime("30 s")).toBe(30);
    expect(parseGoalTime("1.5")).toBe(15);
  });

  it("reads the last three parts of a longer time and clamps to an hour", () => {
    expect(parseGoalTime("9:0:1:30")).toBe(90);
    expect(parseGoalTime("2:00:00")).toBe(3600);
    expect(parseGoalTime("99999999999999999999999")).toBe(3600);
  });
});

describe("timeInputFilter", () => {
  it("keeps digits and colons", () => expect(timeInputFilter("-1:3a0 s")).toBe("1:30"));
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
