import { describe, expect, it } from "vitest";
import { addBlock, draftFrom, emptyDraft } from "../rules/program-draft";
import { errorFromResponse } from "../../../api/result";
import { blockInput, payloadOf, PUBLISH_MESSAGES, refusal } from "./publish.server";

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

describe("a refused publish (issue 34: a block's refusal at that block)", () => {
  const refused = errorFromResponse(400, { message: "blocks[0].exerciseId: exercise S-9999 does not exist" });
  it("a template's: the API's message, said at the block alone", () => {
    expect(refusal(refused)).toEqual({
      ok: false,
      message: "Block 1: Exercise S-9999 does not exist.",
      status: 400,
      block: { item: { index: 0, path: "exerciseId", message: "Exercise S-9999 does not exist." }, alone: true },
    });
  });
  it("a program's: the spec's message for the form, and the block's at the block", () => {
    expect(refusal(refused, PUBLISH_MESSAGES.assignFailed)).toMatchObject({ message: PUBLISH_MESSAGES.assignFailed, block: { alone: false } });
  });
  it("no block for other refusals, nor for a failure of the service", () => {
    expect(refusal(errorFromResponse(400, { message: "Name is required." }))).toEqual({ ok: false, message: "Name is required.", status: 400 });
    expect(refusal(errorFromResponse(502, { message: "blocks[0].exerciseId: x" }))).toEqual({ ok: false, message: PUBLISH_MESSAGES.templateFailed, status: 502 });
  });
});
