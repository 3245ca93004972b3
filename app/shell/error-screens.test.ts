import { describe, expect, it } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import { classifyError, FATAL_MESSAGE, FORBIDDEN_MESSAGE } from "./error-screens";

describe("classifyError", () => {
  it("shows a 403's own message, or a plain one", () => {
    expect(classifyError(new ErrorResponse(403, "Forbidden", { message: "Only admins." }))).toEqual({ kind: "forbidden", message: "Only admins." });
    expect(classifyError(new ErrorResponse(403, "Forbidden", null))).toEqual({ kind: "forbidden", message: FORBIDDEN_MESSAGE });
  });
  it("keeps 404 as not found, a 503 with a message as unavailable, anything else fatal", () => {
    expect(classifyError(new ErrorResponse(404, "Not Found", null))).toEqual({ kind: "not-found" });
    expect(classifyError(new ErrorResponse(503, "", { message: "Down." }))).toEqual({ kind: "unavailable", message: "Down." });
    expect(classifyError(new Error("boom")).kind).toBe("fatal");
    expect(FATAL_MESSAGE).toBe("There was an issue we couldn't recover from.");
  });
  it("shows a 400's or 415's own message (an unreadable form), a bare one as fatal", () => {
    expect(classifyError(new ErrorResponse(400, "", { message: UNREADABLE_FORM_MESSAGE }))).toEqual({ kind: "bad-request", message: UNREADABLE_FORM_MESSAGE });
    expect(classifyError(new ErrorResponse(415, "", { message: "Forms only." }))).toEqual({ kind: "bad-request", message: "Forms only." });
    expect(classifyError(new ErrorResponse(400, "", null)).kind).toBe("fatal");
  });
});
