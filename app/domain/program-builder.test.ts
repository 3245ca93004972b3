import { describe, expect, it } from "vitest";
import { assignProgramHref, editProgramHref } from "./program-builder";

describe("program builder links (001 §2.2)", () => {
  it("assign starts at step 0 for the patient; edit opens the patient's program", () => {
    expect(assignProgramHref("p-1")).toBe("/programs/templates/builder/?action=assign&patientRecordId=p-1");
    expect(editProgramHref("p-1", "h 2")).toBe("/programs/templates/builder/?action=edit-program&patientRecordId=p-1&hepId=h+2");
  });
});
