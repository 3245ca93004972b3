import { describe, expect, it } from "vitest";
import { analysisHref, modulesHref, scanOrganizations } from "./scan-organizations";

describe("scanOrganizations", () => {
  it("keeps the organizations holding SCAN, sorted by name", () => {
    const list = [
      { id: "3", name: "zeta clinic", products: ["SCAN"] },
      { id: "1", name: "Alpha", products: ["HEALTH"] },
      { id: "2", name: "Beta", products: ["HEALTH", "SCAN"] },
    ];
    expect(scanOrganizations(list).map((o) => o.name)).toEqual(["Beta", "zeta clinic"]);
  });
  it("links to the modules and analysis pages of the organization", () => {
    expect(modulesHref("abc")).toBe("/admin/scan/organizations/abc/modules");
    expect(analysisHref("abc")).toBe("/admin/scan/organizations/abc/analysis");
  });
});

describe("holdsScan: the scan editors exist only for an organization holding SCAN (issue 34)", () => {
  it("no for a loaded organization without SCAN; yes with it (or when the organization could not be loaded: its error shows)", async () => {
    const { holdsScan } = await import("./scan-organizations");
    expect(holdsScan({ products: ["HEALTH", "GAIT"] })).toBe(false);
    expect(holdsScan({ products: ["SCAN"] })).toBe(true);
    expect(holdsScan(undefined)).toBe(true);
  });
});
