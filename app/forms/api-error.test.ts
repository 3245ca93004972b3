import { describe, expect, it } from "vitest";
import { apiErrorFields } from "./api-error";

describe("apiErrorFields", () => {
  it("puts a message naming a field of the form on that field", () => {
    expect(apiErrorFields("end: The end date must be between 2024-01-01 and 2024-02-01", ["end"])).toEqual({ fieldErrors: { end: ["The end date must be between 2024-01-01 and 2024-02-01"] } });
  });
  it("puts any other message on the form", () => {
    expect(apiErrorFields("gaitUid: taken", ["end"])).toEqual({ formErrors: ["gaitUid: taken"] });
    expect(apiErrorFields("Patient not found", ["end"])).toEqual({ formErrors: ["Patient not found"] });
  });
});
