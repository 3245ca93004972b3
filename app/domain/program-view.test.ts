import { describe, expect, it } from "vitest";
import { goalText, programView } from "./program-view";

const block = (exerciseId: string, setGoal: { goalType: "ROM" | "TIME" | "REPS" | "REPS_OR_TIME"; reps: number | null; time: number | null }, sideOfBody: "LEFT" | "RIGHT" | null = null) => ({
  id: 1,
  uuid: `uuid-${exerciseId}`,
  exerciseId,
  sideOfBody,
  numSets: 3,
  setGoal,
});
const program = {
  id: "p1",
  name: "Knee Phase 1",
  notes: null,
  dailyFrequency: 1,
  weeklyFrequency: 5,
  blocks: [block("S-0003", { goalType: "REPS", reps: 10, time: null }, "LEFT"), block("S-0009", { goalType: "TIME", reps: null, time: 30 }), block("X-0001", { goalType: "ROM", reps: null, time: null }, "RIGHT")],
  isTemplate: false,
  templateId: null,
  replacedById: null,
  patientCount: 1,
  dateCreated: "2026-03-02T16:20:00.000Z",
  dateUpdated: "2026-03-02T16:20:00.000Z",
};
const exercises = [
  { id: "S-0003", name: "Seated Knee Extension", simpleName: "Straighten your knee", withHold: false },
  { id: "S-0009", name: "Wall Sit", simpleName: "Wall Sit", withHold: true },
];

describe("program drawer view", () => {
  it("names each exercise from the library, with the side, the sets and the goal of each set", () => {
    const view = programView(program, exercises);
    expect(view.frequency).toBe("1 time a day, 5 days a week");
    expect([view.daily, view.weekly]).toEqual(["1 time a day", "5 days a week"]);
    expect(programView({ ...program, dailyFrequency: 3, weeklyFrequency: 1 }, exercises)).toMatchObject({ daily: "3 times a day", weekly: "1 day a week" });
    expect(view.namesMissing).toBe(false);
    expect(view.rows.map((r) => [r.name, r.patientName, r.side, r.sets, r.goal])).toEqual([
      ["Seated Knee Extension", "Straighten your knee", "Left", 3, "10 reps"],
      ["Wall Sit", null, "Not side-specific", 3, "30 s hold"],
      // Not in the library: shown by its id.
      ["X-0001", null, "Right", 3, "Range of motion"],
    ]);
  });

  it("without the library the rows show the ids and say so", () => {
    const view = programView(program, null);
    expect(view.namesMissing).toBe(true);
    expect(view.rows.map((r) => r.name)).toEqual(["S-0003", "S-0009", "X-0001"]);
  });

  it("goals", () => {
    expect(goalText({ goalType: "REPS", reps: 1, time: null })).toBe("1 rep");
    expect(goalText({ goalType: "REPS", reps: 12, time: null }, true)).toBe("12 reps, holding each");
    expect(goalText({ goalType: "TIME", reps: null, time: 45 })).toBe("45 s");
    expect(goalText({ goalType: "REPS_OR_TIME", reps: 5, time: 60 })).toBe("5 reps or 60 s");
  });
});
