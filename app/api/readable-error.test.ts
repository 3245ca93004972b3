import { describe, expect, it } from "vitest";
import { apiErrorFields } from "../forms/api-error";
import { fieldLabel, readableApiMessage } from "./readable-error";
import { errorFromResponse } from "./result";

describe("the API's refusals in a person's words (no field path, no pattern)", () => {
  it("the schema validator's words", () => {
    expect(readableApiMessage('params/versionId must match pattern "^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$"')).toEqual({ message: "Version ID is not valid.", field: "versionId" });
    expect(readableApiMessage("body/subtitle must NOT have more than 200 characters")).toEqual({ message: "Max Character Limit is 200", field: "subtitle" });
    expect(readableApiMessage("body/modules/0/subtitle must NOT have more than 200 characters")).toEqual({ message: "Max Character Limit is 200", field: "modules" });
    expect(readableApiMessage("body must have required property 'email'")).toEqual({ message: "Email is required.", field: "email" });
    expect(readableApiMessage('body/email must match format "email"')).toEqual({ message: "Email must be valid.", field: "email" });
    expect(readableApiMessage("body/firstName must NOT have fewer than 1 characters")).toEqual({ message: "First name is required.", field: "firstName" });
    expect(readableApiMessage("querystring/limit must be <= 100")).toEqual({ message: "Limit must be at most 100.", field: "limit" });
    expect(readableApiMessage("body/role must be equal to one of the allowed values, body/email must match format \"email\"")).toEqual({ message: "Role is not one of the choices.", field: "role" });
    expect(readableApiMessage('body/locationIds/0 must match format "uuid"')).toEqual({ message: "Locations is not valid.", field: "locationIds" });
  });

  it("a handler's message that starts with a field's name", () => {
    expect(readableApiMessage("end must not be before start")).toEqual({ message: "End date must not be before start.", field: "end" });
    expect(readableApiMessage("patientRecordIds must be a comma-joined list of uuids")).toEqual({ message: "Patient record IDs must be a comma-joined list of uuids.", field: "patientRecordIds" });
  });

  it("any other message is the API's own sentence: unchanged", () => {
    for (const m of ["A provider with this email already exists.", "factors[0].category: a FALL outcome's factors are LOW, MEDIUM or HIGH", "Internal server error", "Patient is hidden"]) {
      expect(readableApiMessage(m)).toEqual({ message: m });
    }
  });

  it("the API's 'field: Message' convention: the message alone, its field apart", () => {
    expect(readableApiMessage("locationIds: Choose locations of your organization.")).toEqual({ message: "Choose locations of your organization.", field: "locationIds" });
    expect(readableApiMessage("id: This form is already registered")).toEqual({ message: "This form is already registered", field: "id" });
    expect(readableApiMessage("start: must not be after end")).toEqual({ message: "Start date must not be after end.", field: "start" });
    expect(readableApiMessage("resultDefinitionId: is required for a FALL outcome")).toEqual({ message: "Result definition ID is required for a FALL outcome.", field: "resultDefinitionId" });
    expect(readableApiMessage("id: exercise 12 does not exist")).toEqual({ message: "Exercise 12 does not exist", field: "id" });
  });

  it("the one mapping of every call's refusal: a 4xx in the validator's words reaches forms and toasts readable, at its field", () => {
    const e = errorFromResponse(400, { message: 'params/versionId must match pattern "^\\d{1,4}$"', status: 400 });
    expect(e).toEqual({ message: "Version ID is not valid.", status: 400, field: "versionId" });
    expect(apiErrorFields(e, ["versionId"])).toEqual({ fieldErrors: { versionId: ["Version ID is not valid."] } });
    expect(apiErrorFields(e, ["name"])).toEqual({ formErrors: ["Version ID is not valid."] });
    // An invite with another organization's location: at the Locations field, in words.
    expect(apiErrorFields(errorFromResponse(400, { message: "locationIds: Choose locations of your organization." }), ["locationIds"])).toEqual({
      fieldErrors: { locationIds: ["Choose locations of your organization."] },
    });
    // 5xx messages are not refusals of the user's input: unchanged.
    expect(errorFromResponse(502, { message: "body/x must be string" })).toEqual({ message: "body/x must be string", status: 502 });
  });

  it("labels fields as the forms do", () => {
    expect(fieldLabel("shortDescription")).toBe("Short description");
    expect(fieldLabel("hepId")).toBe("Hep ID");
    expect(fieldLabel("locationIds")).toBe("Locations");
  });
});

describe("paths into a list (issue 34: a tampered builder publish, a forged modules draft)", () => {
  it("names the item as a person counts it, the list as the field", () => {
    expect(readableApiMessage("blocks[0].exerciseId: exercise S-9999 does not exist")).toMatchObject({ message: "Block 1: Exercise S-9999 does not exist.", field: "blocks" });
    expect(readableApiMessage("scanModules[0].name: Module Name is required")).toMatchObject({ message: "Scan module 1: Module Name is required.", field: "scanModules" });
    expect(readableApiMessage("scanModules[2].assessments[1].id: unknown assessment AST-9")).toMatchObject({ message: "Scan module 3, assessment 2: Unknown assessment AST-9.", field: "scanModules" });
    expect(readableApiMessage("blocks[1].setGoal.reps is required for a REPS goal")).toMatchObject({ message: "Block 2: Reps is required for a REPS goal.", field: "blocks" });
  });
  it("keeps the item apart, so a form shows the message at it (issue 34: a block's refusal at that block)", () => {
    expect(readableApiMessage("blocks[0].exerciseId: exercise S-9999 does not exist").item).toEqual({ index: 0, path: "exerciseId", message: "Exercise S-9999 does not exist." });
    expect(readableApiMessage("blocks[1].setGoal.reps is required for a REPS goal").item).toEqual({ index: 1, path: "setGoal.reps", message: "Reps is required for a REPS goal." });
    expect(readableApiMessage("scanModules[2].assessments[1].id: unknown assessment AST-9").item).toEqual({ index: 2, path: "assessments[1].id", message: "Assessment 2: Unknown assessment AST-9." });
    // Through the API client's error mapping.
    expect(errorFromResponse(400, { message: "blocks[2].numSets: must be at most 5" })).toEqual({
      message: "Block 3: Num sets must be at most 5.",
      status: 400,
      field: "blocks",
      item: { index: 2, path: "numSets", message: "Num sets must be at most 5." },
    });
  });
  it("keeps the paths of the outcome JSON the admin types", () => {
    const raw = "factors[1].criteria[0].conditions: factor 1 (LOW) and factor 2 (HIGH) both match";
    expect(readableApiMessage(raw)).toEqual({ message: raw });
  });
});
