import { describe, expect, it } from "vitest";
import {
  addBlock,
  applyStarter,
  blockRefusal,
  draftFrom,
  duplicateName,
  emptyDraft,
  EXERCISES_REQUIRED,
  exercisesErrors,
  informationErrors,
  isDirty,
  NAME_REQUIRED,
  NOTES_TOO_LONG,
  orderBlocks,
  reachableStep,
  removeBlock,
  updateBlock,
  type ProgramSource,
} from "./program-draft";
import { TIME_GOAL_TOO_SHORT } from "./set-goal";
import { readableApiMessage } from "../../../api/readable-error";

const keys = () => {
  let n = 0;
  return () => `k${++n}`;
};

const template: ProgramSource = {
  id: "4c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
  name: "Rotator Cuff",
  notes: "Pain-free range only.",
  dailyFrequency: 2,
  weeklyFrequency: 7,
  templateId: null,
  blocks: [
    { id: 1, uuid: "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a", exerciseId: "S-0003", sideOfBody: "LEFT", numSets: 3, setGoal: { goalType: "REPS", reps: 10, time: null } },
    { id: 2, uuid: "9d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a", exerciseId: "S-0006", sideOfBody: null, numSets: 1, setGoal: { goalType: "TIME", reps: null, time: 30 } },
  ],
};

const reps = { id: "S-0004", exerciseMetrics: [{ id: 1, metric: "REPS" as const }], sequence: "SINGLE" as const };
const timer = { id: "S-0006", exerciseMetrics: [{ id: 2, metric: "TIME" as const }], sequence: "BILATERAL" as const };

describe("a new draft", () => {
  it("has no name, 3 a day, 5 a week, no exercises, and is not dirty", () => {
    const d = emptyDraft();
    expect(d).toMatchObject({ name: "", notes: "", dailyFrequency: 3, weeklyFrequency: 5, blocks: [], starterId: null, templateId: null, saveAsTemplate: false });
    expect(isDirty(d)).toBe(false);
  });
});

describe("draftFrom", () => {
  it("edit keeps the blocks' ids and uuids (key = uuid)", () => {
    const d = draftFrom(template, "edit", keys());
    expect(d.name).toBe("Rotator Cuff");
    expect(d.blocks.map((b) => [b.key, b.id, b.uuid])).toEqual([
      [template.blocks[0]!.uuid, 1, template.blocks[0]!.uuid],
      [template.blocks[1]!.uuid, 2, template.blocks[1]!.uuid],
    ]);
    expect(isDirty(d)).toBe(false);
  });

  it("duplicate appends ' (DUPLICATE)' and makes new blocks", () => {
    const d = draftFrom(template, "duplicate", keys());
    expect(d.name).toBe("Rotator Cuff (DUPLICATE)");
    expect(d.blocks.map((b) => [b.key, b.id, b.uuid])).toEqual([
      ["k1", undefined, undefined],
      ["k2", undefined, undefined],
    ]);
    expect(d.blocks[1]!.setGoal).toEqual({ goalType: "TIME", reps: null, time: 30 });
    expect(isDirty(d)).toBe(false);
  });

  it("keeps a program's template", () => {
    expect(draftFrom({ ...template, templateId: "t-1" }, "edit", keys()).templateId).toBe("t-1");
  });
});

describe("duplicateName", () => {
  it("appends the suffix within 200 characters", () => {
    expect(duplicateName("Knee")).toBe("Knee (DUPLICATE)");
    const long = duplicateName("x".repeat(200));
    expect(long).toHaveLength(200);
    expect(long.endsWith(" (DUPLICATE)")).toBe(true);
  });
});

describe("applyStarter (001 §4)", () => {
  it("copies name, notes, blocks and frequencies", () => {
    const d = applyStarter(emptyDraft(), template, keys());
    expect(d).toMatchObject({ name: "Rotator Cuff", notes: "Pain-free range only.", dailyFrequency: 2, weeklyFrequency: 7, starterId: template.id, templateId: template.id });
    expect(d.blocks.map((b) => b.exerciseId)).toEqual(["S-0003", "S-0006"]);
    expect(d.blocks.every((b) => b.id === undefined && b.uuid === undefined)).toBe(true);
    expect(isDirty(d)).toBe(true);
  });

  it("uses 3 and 5 when the template has no frequencies", () => {
    const d = applyStarter(emptyDraft(), { ...template, dailyFrequency: null, weeklyFrequency: undefined, notes: null }, keys());
    expect(d).toMatchObject({ dailyFrequency: 3, weeklyFrequency: 5, notes: "" });
  });

  it("None restores 3 and 5", () => {
    const d = applyStarter(applyStarter(emptyDraft(), template, keys()), null, keys());
    expect(d).toMatchObject({ dailyFrequency: 3, weeklyFrequency: 5, starterId: null, templateId: null, name: "Rotator Cuff" });
  });
});

describe("isDirty (001 §4)", () => {
  it("is set when the draft differs from the original and has a name", () => {
    const d = emptyDraft();
    expect(isDirty({ ...d, notes: "changed" })).toBe(false);
    expect(isDirty({ ...d, name: "Knee" })).toBe(true);
    expect(isDirty({ ...d, name: "   " })).toBe(false);
    const e = draftFrom(template, "edit", keys());
    expect(isDirty({ ...e, weeklyFrequency: 3 })).toBe(true);
    expect(isDirty({ ...e, name: " Rotator Cuff " })).toBe(false);
    expect(isDirty(orderBlocks(e, [e.blocks[1]!.key]))).toBe(true);
    expect(isDirty(updateBlock(e, e.blocks[0]!.key, (b) => ({ ...b, numSets: 2 })))).toBe(true);
    expect(isDirty({ ...e, saveAsTemplate: true })).toBe(false);
  });
});

describe("blocks", () => {
  it("adds with the default goal and the injured side, removes and orders by key", () => {
    let d = addBlock(emptyDraft(), reps, "a", "RIGHT");
    d = addBlock(d, timer, "b", "RIGHT");
    expect(d.blocks).toEqual([
      { key: "a", exerciseId: "S-0004", sideOfBody: "RIGHT", numSets: 3, setGoal: { goalType: "REPS", reps: 10, time: null } },
      { key: "b", exerciseId: "S-0006", sideOfBody: null, numSets: 1, setGoal: { goalType: "TIME", reps: null, time: 0 } },
    ]);
    expect(orderBlocks(d, ["b", "a"]).blocks.map((b) => b.key)).toEqual(["b", "a"]);
    expect(orderBlocks(d, ["b", "zz"]).blocks.map((b) => b.key)).toEqual(["b", "a"]);
    expect(removeBlock(d, "a").blocks.map((b) => b.key)).toEqual(["b"]);
  });
});

describe("step rules (001 §5)", () => {
  it("step 1 needs a name; notes of 500 characters or more are refused", () => {
    expect(informationErrors(emptyDraft())).toEqual({ name: [NAME_REQUIRED] });
    expect(informationErrors({ ...emptyDraft(), name: "Knee", notes: "x".repeat(499) })).toEqual({});
    expect(informationErrors({ ...emptyDraft(), name: "Knee", notes: "x".repeat(500) })).toEqual({ notes: [NOTES_TOO_LONG] });
    // A line break counts as two (as the patients area counts).
    expect(informationErrors({ ...emptyDraft(), name: "Knee", notes: `${"x".repeat(498)}\n` })).toEqual({ notes: [NOTES_TOO_LONG] });
  });

  it("step 2 needs an exercise and valid goals", () => {
    expect(exercisesErrors(emptyDraft())).toEqual({ blocks: [EXERCISES_REQUIRED] });
    const d = addBlock(emptyDraft(), timer, "b");
    expect(exercisesErrors(d)).toEqual({ "block.b.time": [TIME_GOAL_TOO_SHORT] });
    expect(exercisesErrors(updateBlock(d, "b", (b) => ({ ...b, setGoal: { ...b.setGoal, time: 5 } })))).toEqual({});
  });

  it("a URL's step is reached only when the steps before it are complete", () => {
    const named = { ...emptyDraft(), name: "Knee" };
    expect(reachableStep(emptyDraft(), 3)).toBe(1);
    expect(reachableStep(named, 3)).toBe(2);
    expect(reachableStep(named, 2)).toBe(2);
    expect(reachableStep(addBlock(named, reps, "a"), 3)).toBe(3);
    expect(reachableStep(emptyDraft(), 1)).toBe(1);
  });
});

describe("the API's refusal of one block, at that block (issue 34: shown for the whole form)", () => {
  const d = addBlock(addBlock(emptyDraft(), reps, "a"), timer, "b");
  const at = (raw: string) => blockRefusal(d, readableApiMessage(raw).item!);
  it("goes to the field of the block the path names", () => {
    expect(at("blocks[0].setGoal.reps is required for a REPS goal")).toEqual({ "block.a.reps": ["Reps is required for a REPS goal."] });
    expect(at("blocks[1].setGoal.time: must be at least 5")).toEqual({ "block.b.time": ["Time must be at least 5."] });
    expect(at("blocks[1].sideOfBody: must be LEFT or RIGHT")).toEqual({ "block.b.side": ["Side of body must be LEFT or RIGHT."] });
    expect(at("blocks[0].numSets: must be at most 5")).toEqual({ "block.a.sets": ["Num sets must be at most 5."] });
  });
  it("to the block itself for its exercise, or a part it shows no field for", () => {
    expect(at("blocks[1].exerciseId: exercise S-9999 does not exist")).toEqual({ "block.b": ["Exercise S-9999 does not exist."] });
    expect(at("blocks[1].setGoal.reps is required for a REPS goal")).toEqual({ "block.b": ["Reps is required for a REPS goal."] });
    expect(at("blocks[0].uuid: block uuid is used twice")).toEqual({ "block.a": ["Block uuid is used twice."] });
  });
  it("is null for a block the draft does not have", () => {
    expect(at("blocks[5].exerciseId: exercise S-9999 does not exist")).toBeNull();
  });
});
