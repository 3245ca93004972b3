import { describe, expect, it } from "vitest";
import { loginUrlFor, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps paths of this site", () => {
    expect(safeRedirect("/patients/?add=true")).toBe("/patients/?add=true");
    expect(safeRedirect("/home/#x")).toBe("/home/#x");
  });
  it("refuses other origins and tricks", () => {
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil.example", "\\\\evil", "javascript:alert(1)", "evil", " //evil.example", "/\tevil", "/user/login/", "/user/logout/"]) {
      expect(safeRedirect(bad, "/"), bad).toBe("/");
    }
    // Encoded control characters stay encoded (a header cannot be split).
    expect(safeRedirect("/%0d%0aSet-Cookie:x")).toBe("/%0d%0aSet-Cookie:x");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "")).toBe("");
  });
});

describe("loginUrlFor", () => {
  it("returns to the requested page after sign-in", () => {
    expect(loginUrlFor(new Request("http://localhost/patients/p1?tab=care"))).toBe("/user/login/?redirectTo=%2Fpatients%2Fp1%3Ftab%3Dcare");
    expect(loginUrlFor(new Request("http://localhost/"))).toBe("/user/login/");
    expect(loginUrlFor(new Request("http://localhost/user/account/info/"))).toBe("/user/login/?redirectTo=%2Fuser%2Faccount%2Finfo%2F");
  });
});
