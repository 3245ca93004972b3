import { describe, expect, it } from "vitest";
import { defaultGoal, defaultSide, goalErrors, isSpecialGoal, REPS_OUT_OF_RANGE, TIME_GOAL_TOO_SHORT, type GoalExercise } from "./set-goal";

const ex = (metrics: ("ROM" | "REPS" | "TIME")[], extra: object = {}): GoalExercise =>
  ({ exerciseMetrics: metrics.map((metric, i) => ({ id: i + 1, metric })), sequence: "SINGLE", ...extra }) as GoalExercise;

describe("defaultGoal (001 §4)", () => {
  it("ROM metric: goal ROM, time 0, 1 set", () => {
    expect(defaultGoal(ex(["ROM"]))).toEqual({ numSets: 1, setGoal: { goalType: "ROM", reps: null, time: 0 } });
    expect(defaultGoal(ex(["REPS", "ROM"]))).toEqual({ numSets: 1, setGoal: { goalType: "ROM", reps: null, time: 0 } });
  });
  it("timer metric: goal TIME, time 0, 1 set", () => {
    expect(defaultGoal(ex(["TIME"]))).toEqual({ numSets: 1, setGoal: { goalType: "TIME", reps: null, time: 0 } });
    expect(defaultGoal(ex(["REPS", "TIME"]))).toEqual({ numSets: 1, setGoal: { goalType: "TIME", reps: null, time: 0 } });
  });
  it("the special goal exercise: 5 reps in 60 s, 1 set (before its metrics)", () => {
    expect(defaultGoal(ex(["REPS", "TIME"], { specialGoal: true }))).toEqual({ numSets: 1, setGoal: { goalType: "REPS_OR_TIME", reps: 5, time: 60 } });
  });
  it("otherwise 10 reps, 3 sets", () => {
    expect(defaultGoal(ex(["REPS"]))).toEqual({ numSets: 3, setGoal: { goalType: "REPS", reps: 10, time: null } });
    expect(defaultGoal(ex([]))).toEqual({ numSets: 3, setGoal: { goalType: "REPS", reps: 10, time: null } });
  });
});

describe("isSpecialGoal", () => {
  it("reads the contract's flag", () => {
    expect(isSpecialGoal({ specialGoal: true })).toBe(true);
    expect(isSpecialGoal({ specialGoal: false })).toBe(false);
    expect(isSpecialGoal({})).toBe(false);
  });
});

describe("defaultSide", () => {
  it("the injured side for a one-sided exercise, else null", () => {
    expect(defaultSide({ sequence: "SINGLE" }, "LEFT")).toBe("LEFT");
    expect(defaultSide({ sequence: "SINGLE" }, "RIGHT")).toBe("RIGHT");
    expect(defaultSide({ sequence: "SINGLE" }, null)).toBeNull();
    expect(defaultSide({ sequence: "SINGLE" }, "BOTH")).toBeNull();
    expect(defaultSide({ sequence: "BILATERAL" }, "LEFT")).toBeNull();
    expect(defaultSide({ sequence: "ALTERNATING" }, "RIGHT")).toBeNull();
  });
});

describe("goalErrors (001 §5)", () => {
  it("a time goal needs at least 5 s", () => {
    expect(goalErrors({ goalType: "TIME", reps: null, time: 0 })).toEqual({ time: TIME_GOAL_TOO_SHORT });
    expect(goalErrors({ goalType: "TIME", reps: null, time: 4 })).toEqual({ time: TIME_GOAL_TOO_SHORT });
    expect(goalErrors({ goalType: "TIME", reps: null, time: 5 })).toEqual({});
    expect(goalErrors({ goalType: "TIME", reps: null, time: null })).toEqual({ time: TIME_GOAL_TOO_SHORT });
  });
  it("reps from 1 to 25", () => {
    expect(goalErrors({ goalType: "REPS", reps: 0, time: null })).toEqual({ reps: REPS_OUT_OF_RANGE });
    expect(goalErrors({ goalType: "REPS", reps: 26, time: null })).toEqual({ reps: REPS_OUT_OF_RANGE });
    expect(goalErrors({ goalType: "REPS", reps: 25, time: null })).toEqual({});
    expect(goalErrors({ goalType: "REPS", reps: null, time: null })).toEqual({ reps: REPS_OUT_OF_RANGE });
  });
  it("ROM needs nothing; the special goal is valid as set", () => {
    expect(goalErrors({ goalType: "ROM", reps: null, time: 0 })).toEqual({});
    expect(goalErrors({ goalType: "REPS_OR_TIME", reps: 5, time: 60 })).toEqual({});
  });
});
