/**
 * A block's sets and set goal (001 §3 Block / Set goal, §4 "Builder", §5, §9).
 *
 * Default goal when a block is added, by the exercise:
 * - the special goal exercise: 5 reps in 60 s (REPS_OR_TIME), 1 set — fixed (§9);
 * - measured by range of motion: goal ROM, time 0, 1 set;
 * - measured by time (the timer metric): goal TIME, time 0, 1 set — the clinician then picks a time of at least 5 s;
 * - otherwise: 10 reps (REPS), 3 sets.
 * The special goal is checked first: that exercise is also measured by reps and time.
 *
 * Limits: sets 1 to 5, reps 1 to 25, time 0 to 3600 s with a time goal of at least 5 s.
 */
import type { Schema } from "../../../api/schemas";
import { readGoalTime, TIME_MAX } from "./goal-time";

export type GoalType = "ROM" | "TIME" | "REPS" | "REPS_OR_TIME";
export type SideOfBody = "LEFT" | "RIGHT";

export interface SetGoal {
  goalType: GoalType;
  reps: number | null;
  time: number | null;
  /**
   * The reps or time as the clinician typed them, while they cannot be read ("abc", "99:99"): the field shows
   * them back with the reason, never an emptied or silently changed value. Absent once the value is readable.
   */
  typed?: string;
}

/** What the rules need of an exercise (the contract's Exercise has it). */
export type GoalExercise = Pick<Schema<"Exercise">, "exerciseMetrics" | "sequence"> & Partial<Pick<Schema<"Exercise">, "specialGoal">>;

export const SETS_MIN = 1;
export const SETS_MAX = 5;
export const REPS_MIN = 1;
export const REPS_MAX = 25;
export const REPS_DEFAULT = 10;
export const SETS_DEFAULT = 3;
export const MIN_TIME_GOAL = 5;
export const SPECIAL_GOAL = { reps: 5, time: 60, sets: 1 } as const;

/** 001 §5, verbatim. */
export const TIME_GOAL_TOO_SHORT = "Please select at least 5 sec for the time goal.";
/** Ours (the spec gives the range, not a message). */
export const REPS_OUT_OF_RANGE = `Reps must be between ${REPS_MIN} and ${REPS_MAX}.`;

/** The special goal exercise (5 reps in 60 s): the contract's `Exercise.specialGoal`. */
export const isSpecialGoal = (exercise: Partial<Pick<Schema<"Exercise">, "specialGoal">>): boolean => exercise.specialGoal === true;

const measuredBy = (exercise: GoalExercise, metric: "ROM" | "REPS" | "TIME") => exercise.exerciseMetrics.some((m) => m.metric === metric);

/** The sets and goal of a block when its exercise is added. */
export function defaultGoal(exercise: GoalExercise): { numSets: number; setGoal: SetGoal } {
  if (isSpecialGoal(exercise)) return { numSets: SPECIAL_GOAL.sets, setGoal: { goalType: "REPS_OR_TIME", reps: SPECIAL_GOAL.reps, time: SPECIAL_GOAL.time } };
  if (measuredBy(exercise, "ROM")) return { numSets: 1, setGoal: { goalType: "ROM", reps: null, time: 0 } };
  if (measuredBy(exercise, "TIME")) return { numSets: 1, setGoal: { goalType: "TIME", reps: null, time: 0 } };
  return { numSets: SETS_DEFAULT, setGoal: { goalType: "REPS", reps: REPS_DEFAULT, time: null } };
}

/** Whether the exercise is done on one side (a single-sided exercise gets Left or Right; the others null). */
export const isSideSpecific = (exercise: Pick<GoalExercise, "sequence">) => exercise.sequence === "SINGLE";

/** The side of a new block: the patient's injured side for a one-sided exercise, else null. */
export function defaultSide(exercise: Pick<GoalExercise, "sequence">, injuredSide: string | null | undefined): SideOfBody | null {
  if (!isSideSpecific(exercise)) return null;
  return injuredSide === "LEFT" || injuredSide === "RIGHT" ? injuredSide : null;
}

/** Whether the goal asks for reps / a time (what the block editor shows). */
export const hasReps = (goal: Pick<SetGoal, "goalType">) => goal.goalType === "REPS";
export const hasTime = (goal: Pick<SetGoal, "goalType">) => goal.goalType === "TIME";

export const clampSets = (n: number) => Math.min(SETS_MAX, Math.max(SETS_MIN, Math.round(n)));
export const clampTime = (n: number) => Math.min(TIME_MAX, Math.max(0, Math.round(n)));

/** The goal's problems as messages by field ("reps", "time"); empty when it can be saved. */
export function goalErrors(goal: SetGoal): { reps?: string; time?: string } {
  const errors: { reps?: string; time?: string } = {};
  if (goal.typed !== undefined) {
    if (goal.goalType === "REPS") return { reps: REPS_OUT_OF_RANGE };
    if (goal.goalType === "TIME") {
      const read = readGoalTime(goal.typed);
      return { time: "error" in read ? read.error : TIME_GOAL_TOO_SHORT };
    }
  }
  if (goal.goalType === "REPS" && (goal.reps === null || !Number.isInteger(goal.reps) || goal.reps < REPS_MIN || goal.reps > REPS_MAX)) errors.reps = REPS_OUT_OF_RANGE;
  if ((goal.goalType === "TIME" || goal.goalType === "REPS_OR_TIME") && (goal.time === null || goal.time < MIN_TIME_GOAL)) errors.time = TIME_GOAL_TOO_SHORT;
  return errors;
}
