import { describe, expect, it } from "vitest";
import { withoutParams, withParams } from "./dialog-url";

describe("dialog URLs", () => {
  const here = { pathname: "/patients/", search: "?tab=active&add=true&step=2" };
  it("closes by removing the dialog's parameters", () => {
    expect(withoutParams(here, ["add", "step"])).toBe("/patients/?tab=active");
    expect(withoutParams({ pathname: "/patients/", search: "?add=true" }, ["add"])).toBe("/patients/");
  });
  it("opens by setting parameters (keeping the others)", () => {
    expect(withParams({ pathname: "/patients/", search: "?page=2" }, { addProduct: "abc" })).toBe("/patients/?page=2&addProduct=abc");
    expect(withParams(here, { add: null, step: undefined })).toBe("/patients/?tab=active");
  });
});
