import { describe, expect, it } from "vitest";
import { addBlock, emptyDraft } from "../rules/program-draft";
import { TIME_PARTS_MESSAGE, TIME_TOO_LONG_MESSAGE } from "../rules/goal-time";
import { goalErrors, REPS_OUT_OF_RANGE } from "../rules/set-goal";
import { editChanged, parseDraft, readBlocks, readEdits, readInformation, readOrder, readSaveAsTemplate, readTemplateFields, serializeDraft } from "./draft";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

const reps = { id: "S-0004", exerciseMetrics: [{ id: 1, metric: "REPS" as const }], sequence: "SINGLE" as const };
const timer = { id: "S-0006", exerciseMetrics: [{ id: 2, metric: "TIME" as const }], sequence: "SINGLE" as const };
const twoBlocks = addBlock(addBlock({ ...emptyDraft(), name: "Knee" }, reps, "a"), timer, "b");

describe("parseDraft", () => {
  it("round-trips a draft", () => {
    expect(parseDraft(serializeDraft(twoBlocks))).toEqual(twoBlocks);
  });
  it("refuses what is not a draft", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("{")).toBeNull();
    expect(parseDraft(JSON.stringify({ ...twoBlocks, dailyFrequency: 6 }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...twoBlocks, extra: 1 }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...twoBlocks, blocks: [twoBlocks.blocks[0], twoBlocks.blocks[0]] }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...twoBlocks, blocks: [{ ...twoBlocks.blocks[0], exerciseId: "<script>" }] }))).toBeNull();
  });
});

describe("the step's fields", () => {
  it("step 1 fields win over the draft; bad frequencies keep the draft's", () => {
    const d = readInformation(form([["name", "Hip"], ["notes", "a\r\nb"], ["dailyFrequency", "5"], ["weeklyFrequency", "9"]]), twoBlocks);
    expect(d).toMatchObject({ name: "Hip", notes: "a\nb", dailyFrequency: 5, weeklyFrequency: 5 });
    expect(readInformation(form([]), twoBlocks)).toEqual(twoBlocks);
    // A long paste comes back whole (over the 500-character limit: the clinician shortens it), not cut.
    const pasted = "x".repeat(10_000);
    const long = readInformation(form([["notes", pasted]]), twoBlocks);
    expect(long.notes).toBe(pasted);
    expect(parseDraft(serializeDraft(long))?.notes).toBe(pasted);
  });

  it("block fields: side, sets (clamped), reps as typed, time parsed", () => {
    const d = readBlocks(
      form([
        ["block.a.side", "LEFT"],
        ["block.a.sets", "9"],
        ["block.a.reps", "30"],
        ["block.b.side", ""],
        ["block.b.time", "1:30"],
      ]),
      twoBlocks,
    );
    expect(d.blocks[0]).toMatchObject({ sideOfBody: "LEFT", numSets: 5, setGoal: { goalType: "REPS", reps: 30 } });
    expect(d.blocks[1]).toMatchObject({ sideOfBody: null, setGoal: { goalType: "TIME", time: 90 } });
    expect(readBlocks(form([["block.b.time", "-4"]]), twoBlocks).blocks[1]!.setGoal.time).toBe(0);
    // What cannot be read is kept as typed, with the reason (the audit: "abc" came back as an empty field, and
    // "2:00:00" and "99:99" were saved as 1:00:00).
    const ten = readBlocks(form([["block.a.reps", "ten"]]), twoBlocks).blocks[0]!.setGoal;
    expect(ten).toMatchObject({ typed: "ten", reps: 10 });
    expect(goalErrors(ten)).toEqual({ reps: REPS_OUT_OF_RANGE });
    for (const [typed, message] of [["2:00:00", TIME_TOO_LONG_MESSAGE], ["99:99", TIME_PARTS_MESSAGE]] as const) {
      const goal = readBlocks(form([["block.b.time", typed]]), twoBlocks).blocks[1]!.setGoal;
      expect(goal).toMatchObject({ typed, time: twoBlocks.blocks[1]!.setGoal.time });
      expect(goalErrors(goal)).toEqual({ time: message });
      expect(parseDraft(serializeDraft({ ...twoBlocks, blocks: [twoBlocks.blocks[0]!, { ...twoBlocks.blocks[1]!, setGoal: goal }] }))?.blocks[1]!.setGoal.typed).toBe(typed);
    }
    // Typed again readable: the typed text is gone.
    const fixed = readBlocks(form([["block.a.reps", "12"]]), { ...twoBlocks, blocks: [{ ...twoBlocks.blocks[0]!, setGoal: ten }, twoBlocks.blocks[1]!] }).blocks[0]!.setGoal;
    expect(fixed).toEqual({ goalType: "REPS", reps: 12, time: null });
    expect(readBlocks(form([["block.a.reps", ""]]), twoBlocks).blocks[0]!.setGoal.reps).toBeNull();
    const special = addBlock(emptyDraft(), { ...timer, id: "S-0099", specialGoal: true }, "s");
    expect(readBlocks(form([["block.s.sets", "4"], ["block.s.time", "9"]]), special).blocks[0]).toMatchObject({ numSets: 1, setGoal: { reps: 5, time: 60 } });
  });

  it("open edits and whether they changed anything", () => {
    const edits = readEdits(form([["edit.name", "Knee"], ["edit.notes", "new"], ["edit.dailyFrequency", "2"]]), twoBlocks);
    expect(edits).toEqual({ name: "Knee", notes: "new", frequency: { dailyFrequency: 2, weeklyFrequency: 5 } });
    expect(editChanged("name", edits, twoBlocks)).toBe(false);
    expect(editChanged("notes", edits, twoBlocks)).toBe(true);
    expect(editChanged("frequency", edits, twoBlocks)).toBe(true);
    expect(readEdits(form([]), twoBlocks)).toEqual({});
  });

  it("the save-as-template checkbox only where offered; the dialog's fields; the order", () => {
    expect(readSaveAsTemplate(form([["saveAsTemplateOffered", "1"], ["saveAsTemplate", "on"]]), twoBlocks).saveAsTemplate).toBe(true);
    expect(readSaveAsTemplate(form([["saveAsTemplateOffered", "1"]]), { ...twoBlocks, saveAsTemplate: true }).saveAsTemplate).toBe(false);
    expect(readSaveAsTemplate(form([]), { ...twoBlocks, saveAsTemplate: true }).saveAsTemplate).toBe(true);
    expect(readTemplateFields(form([["templateName", "T"], ["templateNotes", "N"]]))).toEqual({ templateName: "T", templateNotes: "N" });
    expect(readTemplateFields(form([]))).toBeNull();
    expect(readOrder(form([["order", "b"], ["order", "a"], ["order", "<x>"]]))).toEqual(["b", "a"]);
  });
});
