import { describe, expect, it } from "vitest";
import { sidebarCookie, sidebarFromCookieHeader, sidebarToggleLabel } from "./preferences";
import { clientRunsScripts } from "./scripting";

describe("sidebar preference", () => {
  it("reads the cookie (expanded by default)", () => {
    expect(sidebarFromCookieHeader(null)).toBe("expanded");
    expect(sidebarFromCookieHeader("a=1; exer-sidebar=collapsed; b=2")).toBe("collapsed");
    expect(sidebarFromCookieHeader("exer-sidebar=expanded")).toBe("expanded");
    expect(sidebarFromCookieHeader("exer-sidebar=weird")).toBe("expanded");
    expect(sidebarFromCookieHeader("not-exer-sidebar=collapsed")).toBe("expanded");
  });
  it("writes a long-lived, same-site cookie, Secure when asked", () => {
    expect(sidebarCookie("collapsed", false)).toBe("exer-sidebar=collapsed; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(sidebarCookie("expanded", true)).toMatch(/; Secure$/);
  });
  it("names the toggle by what it does (000 §2.2)", () => {
    expect(sidebarToggleLabel("expanded")).toBe("Collapse sidebar");
    expect(sidebarToggleLabel("collapsed")).toBe("Expand sidebar");
  });
});

describe("streaming only to browsers that run scripts", () => {
  const req = (cookie?: string) => new Request("http://localhost/home/", { headers: cookie ? { Cookie: cookie } : {} });
  it("needs the cookie the browser entry sets", () => {
    expect(clientRunsScripts(req())).toBe(false);
    expect(clientRunsScripts(req("exer-session=x"))).toBe(false);
    expect(clientRunsScripts(req("exer-session=x; exer-js=1"))).toBe(true);
    expect(clientRunsScripts(req("exer-js=0"))).toBe(false);
  });
});
