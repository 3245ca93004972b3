import { describe, expect, it } from "vitest";
import { actingRole, isAdminType, isOrganizationAdmin, resolveRole } from "./roles";

describe("resolveRole", () => {
  it("takes the highest known group", () => {
    expect(resolveRole(["PORTAL_PRACTITIONER"])).toEqual({ kind: "role", role: "PORTAL_PRACTITIONER" });
    expect(resolveRole(["PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN"])).toEqual({ kind: "role", role: "PORTAL_PROVIDER_ADMIN" });
    expect(resolveRole(["PORTAL_PROVIDER_ADMIN", "EXER_SUPPORT"])).toEqual({ kind: "role", role: "EXER_SUPPORT" });
    expect(resolveRole(["EXER_SUPPORT", "EXER_ADMIN", "SOMETHING"])).toEqual({ kind: "role", role: "EXER_ADMIN" });
  });

  it("no groups → no access; only unknown groups → provider not found", () => {
    expect(resolveRole([])).toEqual({ kind: "none" });
    expect(resolveRole(undefined)).toEqual({ kind: "none" });
    expect(resolveRole([""])).toEqual({ kind: "none" });
    expect(resolveRole(["UNKNOWN", "portal_practitioner"])).toEqual({ kind: "unknown", groups: ["UNKNOWN", "portal_practitioner"] });
  });

  it("admin-type and organization-admin checks", () => {
    expect(isAdminType("EXER_ADMIN")).toBe(true);
    expect(isAdminType("EXER_SUPPORT")).toBe(true);
    expect(isAdminType("PORTAL_PROVIDER_ADMIN")).toBe(false);
    expect(isAdminType(null)).toBe(false);
    expect(isOrganizationAdmin("PORTAL_PROVIDER_ADMIN")).toBe(true);
    expect(isOrganizationAdmin("PORTAL_PRACTITIONER")).toBe(false);
  });
});

describe("actingRole", () => {
  it("takes the API's current role (a demoted admin acts as a practitioner before the token is renewed)", () => {
    expect(actingRole("PORTAL_PRACTITIONER", "PORTAL_PROVIDER_ADMIN")).toBe("PORTAL_PRACTITIONER");
    expect(actingRole("PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER")).toBe("PORTAL_PROVIDER_ADMIN");
  });
  it("falls back to the token's groups when the API gives none or one the portal does not know", () => {
    expect(actingRole(null, "PORTAL_PRACTITIONER")).toBe("PORTAL_PRACTITIONER");
    expect(actingRole("SOMETHING_NEW", "EXER_SUPPORT")).toBe("EXER_SUPPORT");
  });
});
