import { describe, expect, it } from "vitest";
import { errorFromResponse } from "./result";

describe("errorFromResponse", () => {
  it("keeps the API's message and status, and the rule of a refused RTM billing (ADR 033)", () => {
    expect(errorFromResponse(404, { message: "Not found", status: 404 })).toEqual({ message: "Not found", status: 404 });
    expect(errorFromResponse(409, { message: "98979 is never billed with 98980 or 98981 in the same calendar month: …", status: 409, rule: "MANAGEMENT_ONE_BASE_CODE_PER_MONTH" })).toEqual({
      message: "98979 is never billed with 98980 or 98981 in the same calendar month: …",
      status: 409,
      rule: "MANAGEMENT_ONE_BASE_CODE_PER_MONTH",
    });
    expect(errorFromResponse(409, { message: "x", status: 409, rule: 3 })).toEqual({ message: "x", status: 409 });
    expect(errorFromResponse(502, "<html>", "Bad Gateway")).toEqual({ message: "Bad Gateway (502)", status: 502 });
  });
});
