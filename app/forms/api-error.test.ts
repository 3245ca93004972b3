import { describe, expect, it } from "vitest";
import { apiErrorFields, failedStatus } from "./api-error";

describe("apiErrorFields", () => {
  it("puts a message naming a field of the form on that field", () => {
    expect(apiErrorFields("end: The end date must be between 2024-01-01 and 2024-02-01", ["end"])).toEqual({ fieldErrors: { end: ["The end date must be between 2024-01-01 and 2024-02-01"] } });
  });
  it("puts any other message on the form", () => {
    expect(apiErrorFields("gaitUid: taken", ["end"])).toEqual({ formErrors: ["gaitUid: taken"] });
    expect(apiErrorFields("Patient not found", ["end"])).toEqual({ formErrors: ["Patient not found"] });
  });
});

describe("failedStatus", () => {
  it("the API's 4xx stays; a 5xx or no answer is 502", () => {
    expect(failedStatus({ message: "taken", status: 409 })).toBe(409);
    expect(failedStatus({ message: "bad", status: 400 })).toBe(400);
    expect(failedStatus({ status: 404, message: "" })).toBe(404);
    expect(failedStatus({ message: "down", status: 503 })).toBe(502);
    expect(failedStatus({ status: 503, message: "" })).toBe(502);
    expect(failedStatus({ message: "no answer", status: 0 })).toBe(502);
    expect(failedStatus({ status: 0, message: "" })).toBe(502);
  });
});
