import { describe, expect, it } from "vitest";
import {
  applyEdit, ASSESSMENT_TAKEN, draftFromModules, INVALID_URL, LOCKED_REQUIRED, MODULE_NAME_REQUIRED, parseDraft, pickableAssessments,
  SUBTITLE_REQUIRED, toScanModules, type EditorState,
} from "./modules-draft";

const library = [{ id: "AST-0001", name: "Reach" }, { id: "AST-0009", name: "TUG" }, { id: "AST-0018", name: "Gait Speed" }];
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const loaded = draftFromModules([
  { id: "11111111-1111-4111-8111-111111111111", name: "A", subtitle: "a", imageName: "Balance & Stability", isLocked: false, imageUrl: null,
    assessments: [{ id: "AST-0001", name: "Reach", nameOverride: " " }, { id: "AST-0009", name: "TUG", nameOverride: "Timed" }] },
  { id: "22222222-2222-4222-8222-222222222222", name: "B", subtitle: "b", imageName: "Assessment", isLocked: true, imageUrl: null, assessments: [] },
])!;
const start: EditorState = { draft: loaded, dialog: null };
const edit = (state: EditorState, fields: Record<string, string>) => applyEdit(state, form(fields), library);

describe("the modules editor's edits", () => {
  it("reads the saved modules (blank nameOverride = none) and an unreadable set as null", () => {
    expect(loaded.changed).toBe(false);
    expect(loaded.modules[0]!.assessments[0]!.nameOverride).toBeNull();
    expect(draftFromModules([{ id: 1 }])).toBeNull();
    expect(parseDraft(JSON.stringify(loaded))).toEqual(loaded);
    expect(parseDraft("{")).toBeNull();
    expect(parseDraft(JSON.stringify({ changed: false, modules: [{ key: "x" }] }))).toBeNull();
  });

  it("moves modules and assessments with the buttons' intents", () => {
    const [a, b] = loaded.modules;
    const moved = edit(start, { intent: `move-down:${a!.key}` }).state.draft;
    expect(moved.modules.map((m) => m.name)).toEqual(["B", "A"]);
    expect(moved.changed).toBe(true);
    const inner = edit(start, { intent: `move-up:${a!.key}/AST-0009` }).state.draft;
    expect(inner.modules[0]!.assessments.map((x) => x.id)).toEqual(["AST-0009", "AST-0001"]);
    expect(edit(start, { intent: `move-up:${a!.key}` }).state.draft.modules.map((m) => m.name)).toEqual(["A", "B"]);
    expect(b).toBeDefined();
  });

  it("adds a module at the top after validating the form, with the spec's messages", () => {
    const open = edit(start, { intent: "open:add-module" }).state;
    expect(open.dialog).toEqual({ kind: "add-module" });
    const refused = edit(open, { intent: "save-module", target: "", name: " ", subtitle: "", imageName: "Assessment", isLocked: "", imageUrl: "nope" });
    expect(refused.status).toBe(400);
    expect(refused.state.dialog).toEqual({ kind: "add-module" });
    expect(refused.state.result?.error).toMatchObject({ name: [MODULE_NAME_REQUIRED], subtitle: [SUBTITLE_REQUIRED], isLocked: [LOCKED_REQUIRED], imageUrl: [INVALID_URL] });
    // Over-long input is told its length, not that it is required (an audit finding: 10,000 characters).
    const long = edit(open, { intent: "save-module", target: "", name: "N".repeat(101), subtitle: "s".repeat(10_000), imageName: "Assessment", isLocked: "true", imageUrl: "" });
    expect(long.state.result?.error).toMatchObject({ name: ["Max Character Limit is 100"], subtitle: ["Max Character Limit is 200"] });
    const added = edit(open, { intent: "save-module", target: "", name: "New", subtitle: "Top", imageName: "Upper Extremity", isLocked: "true", imageUrl: "" });
    expect(added.state.dialog).toBeNull();
    expect(added.state.draft.modules.map((m) => m.name)).toEqual(["New", "A", "B"]);
    expect(added.state.draft.modules[0]).toMatchObject({ imageName: "Upper Extremity", isLocked: true, imageUrl: null, assessments: [] });
    const saved = toScanModules(added.state.draft);
    expect(saved[0]).not.toHaveProperty("id");
    expect(saved[1]!.id).toBe(loaded.modules[0]!.id);
  });

  it("adds, edits and deletes assessments; one already in the module cannot be picked again", () => {
    const key = loaded.modules[1]!.key;
    const added = edit(start, { intent: "save-assessment", target: key, previous: "", assessmentId: "AST-0018", nameOverride: "  " }).state.draft;
    expect(added.modules[1]!.assessments).toEqual([{ id: "AST-0018", name: "Gait Speed", nameOverride: null }]);
    const twice = applyEdit({ draft: added, dialog: null }, form({ intent: "save-assessment", target: key, previous: "", assessmentId: "AST-0018" }), library);
    expect(twice.status).toBe(400);
    expect(twice.state.result?.error).toMatchObject({ assessmentId: [ASSESSMENT_TAKEN] });
    expect(pickableAssessments(library, added.modules[1]).map((a) => a.id)).toEqual(["AST-0001", "AST-0009"]);
    expect(pickableAssessments(library, added.modules[1], "AST-0018").map((a) => a.id)).toEqual(["AST-0001", "AST-0009", "AST-0018"]);
    const renamed = applyEdit({ draft: added, dialog: null }, form({ intent: "save-assessment", target: key, previous: "AST-0018", assessmentId: "AST-0018", nameOverride: "Walk" }), library);
    expect(renamed.state.draft.modules[1]!.assessments[0]!.nameOverride).toBe("Walk");
    const removed = applyEdit(renamed.state, form({ intent: `delete-assessment:${key}/AST-0018` }), library).state.draft;
    expect(removed.modules[1]!.assessments).toEqual([]);
    expect(applyEdit(renamed.state, form({ intent: `delete-module:${key}` }), library).state.draft.modules.map((m) => m.name)).toEqual(["A"]);
  });
});

describe("a forged module form (issue 34: a forged icon name got the validator's text)", () => {
  it("refuses an icon the select does not offer at the Image field, with the forms' shared sentence", async () => {
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const { moduleSchema } = await import("./modules-draft");
    const { NOT_OFFERED: IMAGE_INVALID } = await import("../../../forms/fields");
    const f = new FormData();
    for (const [k, v] of Object.entries({ name: "Balance", subtitle: "Standing", imageName: "Skull", isLocked: "false" })) f.append(k, v);
    expect(parseWithZod(f, { schema: moduleSchema }).reply().error).toEqual({ imageName: [IMAGE_INVALID] });
  });
});
