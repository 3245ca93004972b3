import { describe, expect, it } from "vitest";
import { builderTitle, crumbs, defaultReturn, isProgram, offersSaveAsTemplate, publishLabel, publishMode, returnHref, stepHref, stepParam, summaryTitle } from "./builder-flow";

const T = "4c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f";
const P = "9f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f";
const H = "0b6f3c2e-5d4a-4f1b-9c8e-7a6b5c4d3e2f";

describe("publishing by start (001 §4)", () => {
  it("templates: create, duplicate, update", () => {
    expect(publishMode({ action: "create-template" })).toBe("create-template");
    expect(publishMode({ action: "duplicate-template", templateId: T })).toBe("duplicate-template");
    expect(publishMode({ action: "edit-template", templateId: T })).toBe("update-template");
  });
  it("programs: assign with a patient, replace without one", () => {
    expect(publishMode({ action: "create-program", patientRecordId: P })).toBe("assign-program");
    expect(publishMode({ action: "edit-program", hepId: H, patientRecordId: P })).toBe("assign-program");
    expect(publishMode({ action: "edit-program", hepId: H })).toBe("replace-program");
    expect(publishMode({ action: "create-program" })).toBe("create-template");
  });
  it("the last step's button", () => {
    expect(publishLabel({ action: "edit-template", templateId: T })).toBe("Save");
    expect(publishLabel({ action: "edit-program", hepId: H, patientRecordId: P })).toBe("Save");
    expect(publishLabel({ action: "create-program", patientRecordId: P })).toBe("Assign to Patient");
    expect(publishLabel({ action: "create-template" })).toBe("Publish Template");
    expect(publishLabel({ action: "duplicate-template", templateId: T })).toBe("Publish Template");
  });
  it("summary title and save-as-template only for programs", () => {
    expect(summaryTitle({ action: "create-program", patientRecordId: P })).toBe("Program Summary");
    expect(summaryTitle({ action: "create-template" })).toBe("Program Template Summary");
    expect(isProgram({ action: "edit-program", hepId: H })).toBe(true);
    expect(offersSaveAsTemplate({ action: "create-program", patientRecordId: P })).toBe(true);
    expect(offersSaveAsTemplate({ action: "edit-template", templateId: T })).toBe(false);
    expect(builderTitle({ action: "assign", patientRecordId: P })).toBe("Assign Program");
  });
});

describe("where the builder leads back", () => {
  it("the patient when one is set, else the templates; `from` wins", () => {
    expect(defaultReturn({ action: "create-program", patientRecordId: P })).toBe("patient");
    expect(defaultReturn({ action: "edit-template", templateId: T })).toBe("templates");
    expect(returnHref({ action: "edit-template", templateId: T, from: "template" })).toBe(`/programs/templates/${T}/`);
    expect(returnHref({ action: "create-program", patientRecordId: P })).toBe(`/patients/${P}/`);
    expect(returnHref({ action: "create-template", from: "template" })).toBe("/programs/templates/");
    expect(returnHref({ action: "create-program", from: "patient" })).toBe("/patients/");
  });
  it("breadcrumbs", () => {
    expect(crumbs({ action: "create-template" }).map((c) => [c.label, c.href])).toEqual([["Program Templates", "/programs/templates/"]]);
    expect(crumbs({ action: "edit-template", templateId: T }).map((c) => [c.label, c.href])).toEqual([
      ["Program Templates", "/programs/templates/"],
      ["Template Details", `/programs/templates/${T}/`],
    ]);
    expect(crumbs({ action: "assign", patientRecordId: P }).map((c) => [c.label, c.href])).toEqual([
      ["Patient List", "/patients/"],
      ["Patient Details", `/patients/${P}/`],
    ]);
  });
});

describe("the step in the URL", () => {
  it("reads 1, 2 or 3 (1 otherwise) and writes it after the start", () => {
    expect(stepParam(new URLSearchParams("step=2"))).toBe(2);
    expect(stepParam(new URLSearchParams("step=0"))).toBe(1);
    expect(stepParam(new URLSearchParams(""))).toBe(1);
    expect(stepHref({ action: "edit-template", templateId: T }, 3)).toBe(`/programs/templates/builder/?action=edit-template&templateId=${T}&step=3`);
  });
});
