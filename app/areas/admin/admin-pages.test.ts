import { describe, expect, it } from "vitest";
import { adminPageTitle } from "./admin-pages";
import { adminNav } from "../../shell/nav";

describe("admin pages (003 §2)", () => {
  it("knows every admin sidebar target", () => {
    for (const item of adminNav()) {
      const links = item.kind === "section" ? item.children : [item];
      for (const link of links) if (link.kind === "link" && link.href.startsWith("/admin")) expect(adminPageTitle(link.href), link.href).not.toBeNull();
    }
  });
  it("knows the organization sub-pages and refuses anything else", () => {
    expect(adminPageTitle("/admin/")).toBe("Admin");
    expect(adminPageTitle("/admin/scan/organizations/0a1b/modules")).toBe("Scan Modules");
    expect(adminPageTitle("/admin/scan/organizations/0a1b/analysis/")).toBe("Scan Analysis");
    expect(adminPageTitle("/admin/nothing-here")).toBeNull();
    expect(adminPageTitle("/admin/scan/organizations/0a1b/other")).toBeNull();
  });
});
