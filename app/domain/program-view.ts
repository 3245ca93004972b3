/**
 * The view of a program or template as a clinician reads it — the program drawer (000 §2.8 "program drawer (View
 * Program, with Edit and Close)") and the template detail (001 §2.3): the frequencies in words, and each block as a clinician reads it — the exercise's name from the Motion Library (GET v3/exercises; the
 * program itself carries only exercise ids), the side, the number of sets and the goal of each set.
 *
 *   programView(program, exercises)   // exercises: null when the library could not be loaded (ids shown)
 */
import type { Schema } from "../api/schemas";

type Program = Schema<"Program">;
type Exercise = Pick<Schema<"Exercise">, "id" | "name" | "withHold"> & Partial<Pick<Schema<"Exercise">, "simpleName" | "thumbnailUrl" | "action">>;
type SetGoal = Schema<"SetGoal">;

export interface ProgramRow {
  key: string;
  exerciseId: string;
  /** The library's name; the id when the exercise is not in the library (or it could not be loaded). */
  name: string;
  /** The plain-language name the patient sees, when it differs from the name. */
  patientName: string | null;
  side: string;
  sets: number;
  goal: string;
  /** The exercise's still image (the printed program shows it), when the library has one. */
  imageUrl: string | null;
  /** How to perform it (the library's description), when known. */
  instructions: string | null;
}

export interface ProgramView {
  id: string;
  name: string;
  notes: string | null;
  /** "3 times a day, 5 days a week". */
  frequency: string;
  /** The daily frequency alone: "3 times a day". */
  daily: string;
  /** The weekly frequency alone: "5 days a week". */
  weekly: string;
  rows: ProgramRow[];
  /** The exercise names could not be loaded: the rows show the exercise ids. */
  namesMissing: boolean;
}

export const EXERCISE_NAMES_MISSING = "The exercise names could not be loaded: the exercises are shown by their ids.";

const SIDES: Record<string, string> = { LEFT: "Left", RIGHT: "Right" };
/** A block with no side (sideOfBody null): the exercise is not done on one side. */
export const NO_SIDE = "Not side-specific";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The goal of each set: 10 reps, 30 s (a hold when the exercise is held), 5 reps or 60 s, range of motion. */
export function goalText(goal: SetGoal, withHold = false): string {
  const reps = plural(goal.reps ?? 0, "rep", "reps");
  const time = withHold ? `${goal.time ?? 0} s hold` : `${goal.time ?? 0} s`;
  switch (goal.goalType) {
    case "REPS":
      return withHold ? `${reps}, holding each` : reps;
    case "TIME":
      return time;
    case "REPS_OR_TIME":
      return `${reps} or ${time}`;
    default:
      return "Range of motion";
  }
}

export function programView(program: Program, exercises: readonly Exercise[] | null): ProgramView {
  const daily = `${plural(program.dailyFrequency, "time", "times")} a day`;
  const weekly = `${plural(program.weeklyFrequency, "day", "days")} a week`;
  return {
    id: program.id,
    name: program.name,
    notes: program.notes,
    frequency: `${daily}, ${weekly}`,
    daily,
    weekly,
    namesMissing: exercises === null,
    rows: programRows(program.blocks.map((b) => ({ ...b, key: b.uuid })), exercises),
  };
}

/** A block as the builder's draft and the API both have it (the key: the block's uuid, or the draft's key). */
export interface BlockLike {
  key: string;
  exerciseId: string;
  sideOfBody: "LEFT" | "RIGHT" | null;
  numSets: number;
  setGoal: SetGoal;
}

/** Each block as a clinician reads it: the library's name (the id when unknown), side, sets and goal. */
export function programRows(blocks: readonly BlockLike[], exercises: readonly Exercise[] | null): ProgramRow[] {
  const byId = new Map((exercises ?? []).map((e) => [e.id, e]));
  return blocks.map((b) => {
    const exercise = byId.get(b.exerciseId);
    return {
      key: b.key,
      exerciseId: b.exerciseId,
      name: exercise?.name ?? b.exerciseId,
      patientName: exercise && exercise.simpleName && exercise.simpleName !== exercise.name ? exercise.simpleName : null,
      side: b.sideOfBody ? SIDES[b.sideOfBody]! : NO_SIDE,
      sets: b.numSets,
      goal: goalText(b.setGoal, exercise?.withHold ?? false),
      imageUrl: exercise?.thumbnailUrl ?? null,
      instructions: exercise?.action || null,
    };
  });
}
