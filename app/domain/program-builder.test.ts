import { describe, expect, it } from "vitest";
import { assignProgramHref, builderHref, createTemplateHref, duplicateTemplateHref, editProgramHref, editTemplateHref, parseBuilderStart, type BuilderStart } from "./program-builder";

describe("program builder links (001 §2.2)", () => {
  it("assign starts at step 0 for the patient; edit opens the patient's program", () => {
    expect(assignProgramHref("p-1")).toBe("/programs/templates/builder/?action=assign&patientRecordId=p-1");
    expect(editProgramHref("p-1", "h 2")).toBe("/programs/templates/builder/?action=edit-program&patientRecordId=p-1&hepId=h+2");
  });
  it("templates: create, edit (back to the detail), duplicate", () => {
    expect(createTemplateHref()).toBe("/programs/templates/builder/?action=create-template");
    expect(editTemplateHref("t1", "template")).toBe("/programs/templates/builder/?action=edit-template&templateId=t1&from=template");
    expect(duplicateTemplateHref("t1")).toBe("/programs/templates/builder/?action=duplicate-template&templateId=t1");
  });
  it("parses what it builds, and refuses an unknown action or a missing id", () => {
    const starts: BuilderStart[] = [
      { action: "create-template" },
      { action: "edit-template", templateId: "t1", from: "template" },
      { action: "duplicate-template", templateId: "t1" },
      { action: "assign", patientRecordId: "p1" },
      { action: "create-program", patientRecordId: "p1" },
      { action: "edit-program", hepId: "h1", patientRecordId: "p1", from: "patient" },
    ];
    for (const start of starts) {
      const parsed = parseBuilderStart(new URL(builderHref(start), "http://x").searchParams);
      expect(parsed).toMatchObject(start);
    }
    expect(parseBuilderStart(new URLSearchParams("action=delete-everything"))).toBeNull();
    expect(parseBuilderStart(new URLSearchParams("action=assign"))).toBeNull();
    expect(parseBuilderStart(new URLSearchParams("action=edit-template"))).toBeNull();
    expect(parseBuilderStart(new URLSearchParams("action=create-template&from=https://evil.example"))).toEqual({ action: "create-template" });
  });
});
