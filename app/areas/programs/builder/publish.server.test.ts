import { describe, expect, it } from "vitest";
import { addBlock, draftFrom, emptyDraft } from "../rules/program-draft";
import { blockInput, payloadOf, PUBLISH_MESSAGES } from "./publish.server";

const reps = { id: "S-0004", exerciseMetrics: [{ id: 1, metric: "REPS" as const }], sequence: "SINGLE" as const };

describe("the API's payload of a draft", () => {
  it("trims the name and notes (empty notes are null) and sends the blocks in order", () => {
    const d = addBlock({ ...emptyDraft(), name: "  Knee  ", notes: " \r\n " }, reps, "a", "LEFT");
    expect(payloadOf(d)).toEqual({
      name: "Knee",
      notes: null,
      dailyFrequency: 3,
      weeklyFrequency: 5,
      blocks: [{ exerciseId: "S-0004", sideOfBody: "LEFT", numSets: 3, setGoal: { goalType: "REPS", reps: 10, time: null } }],
    });
  });

  it("keeps an edited block's id and uuid", () => {
    const uuid = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
    const d = draftFrom({ id: "t", name: "T", notes: "n", blocks: [{ id: 7, uuid, exerciseId: "S-0003", sideOfBody: null, numSets: 1, setGoal: { goalType: "ROM" } }] }, "edit", () => "k");
    expect(blockInput(d.blocks[0]!)).toEqual({ id: 7, uuid, exerciseId: "S-0003", sideOfBody: null, numSets: 1, setGoal: { goalType: "ROM", reps: null, time: null } });
  });
});

describe("messages (001 §8, verbatim)", () => {
  it("keeps the spec's wording, typo included", () => {
    expect(PUBLISH_MESSAGES.assignedAndSaved).toBe("Program succesfully assigned & saved as template.");
    expect(PUBLISH_MESSAGES.created("Knee")).toBe("Successfully created Knee.");
    expect(PUBLISH_MESSAGES.duplicated("Knee (DUPLICATE)")).toBe("Successfully duplicated Knee (DUPLICATE).");
  });
});
