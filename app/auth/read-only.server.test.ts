import { describe, expect, it } from "vitest";
import { isRefusedChange } from "./read-only.server";
import { canManageOrganizationAs, isReadOnlyRole } from "./roles";

describe("read-only roles (ADR 026)", () => {
  it("support staff are read-only; organization management is for provider and product admins", () => {
    expect(isReadOnlyRole("EXER_SUPPORT")).toBe(true);
    for (const r of ["EXER_ADMIN", "PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"] as const) expect(isReadOnlyRole(r)).toBe(false);
    expect(canManageOrganizationAs("EXER_SUPPORT")).toBe(false);
    expect(canManageOrganizationAs("PORTAL_PRACTITIONER")).toBe(false);
    expect(canManageOrganizationAs("PORTAL_PROVIDER_ADMIN")).toBe(true);
    expect(canManageOrganizationAs("EXER_ADMIN")).toBe(true);
  });

  it("refuses support's posts everywhere in the portal but their own account and favorites", () => {
    for (const path of ["/organization/details/", "/organization/providers/", "/patients/", "/patients/x/health/activity/", "/programs/templates/", "/rtm-billing/cycles-by-month/", "/gait/reconcile/", "/no-such-page/"]) {
      expect(isRefusedChange("POST", path, "EXER_SUPPORT"), path).toBe(true);
      expect(isRefusedChange("POST", path, "PORTAL_PROVIDER_ADMIN"), path).toBe(false);
      expect(isRefusedChange("GET", path, "EXER_SUPPORT"), path).toBe(false);
    }
    for (const path of ["/user/account/info/", "/user/account/password/", "/programs/exercise-library/", "/programs/exercise-library"]) expect(isRefusedChange("POST", path, "EXER_SUPPORT"), path).toBe(false);
    expect(isRefusedChange("POST", "/user/accountant/", "EXER_SUPPORT")).toBe(true);
  });
});
