import fc from "fast-check";
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
  it("refuses targets that only become another host once dot segments are resolved (the probes of issue 23)", () => {
    for (const bad of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example", "/a/../../..//evil.example", "/./\\evil.example", "/\u0000//evil.example"]) {
      expect(safeRedirect(bad, "/home/"), bad).toBe("/home/");
    }
    // Dot segments that stay on this site resolve as the browser would.
    expect(safeRedirect("/patients/./x/../?q=1")).toBe("/patients/?q=1");
  });

  /**
   * Any target, made of the pieces attackers combine (slashes, backslashes, dots and their encodings, control and
   * blank characters, schemes, user info): what comes back is the fallback, or a path that a browser — resolving
   * it as a Location header against this site — keeps on this site, as that same path.
   */
  it("never leaves this origin, whatever the encoding (property)", () => {
    const pieces = ["/", "//", "\\", "/\\", ".", "..", "%2e", "%2E", "%2f", "%2F", "%5c", "%5C", "%00", "%0a", "%09", "\t", "\n", "\r", "\u0000", "\u001f", "\u007f", " ", "@", ":", "?", "#", "evil.example", "http:", "https:", "javascript:", "user:pass@", "patients", "home", "%252e", "\u3002", "\uff0f"];
    const target = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""));
    const base = "https://portal.example";
    fc.assert(
      fc.property(target, (to) => {
        const out = safeRedirect(to, "/home/");
        if (out === "/home/") return;
        expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
        // eslint-disable-next-line no-control-regex -- none may reach the header
        expect(/[\u0000-\u001f\u007f\\]/.test(out)).toBe(false);
        const followed = new URL(out, base);
        expect(followed.origin).toBe(base);
        expect(`${followed.pathname}${followed.search}${followed.hash}`).toBe(out);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("loginUrlFor", () => {
  it("returns to the requested page after sign-in", () => {
    expect(loginUrlFor(new Request("http://localhost/patients/p1?tab=care"))).toBe("/user/login/?redirectTo=%2Fpatients%2Fp1%3Ftab%3Dcare");
    expect(loginUrlFor(new Request("http://localhost/"))).toBe("/user/login/");
    expect(loginUrlFor(new Request("http://localhost/user/account/info/"))).toBe("/user/login/?redirectTo=%2Fuser%2Faccount%2Finfo%2F");
  });
});
