import { describe, expect, it } from "vitest";
import { defaultProduct, firstSection, isSectionOf, patientProducts, sectionPath, sectionTabs } from "./patient-detail";

const rec = (products: string[], opts: { health?: boolean; phone?: string | null } = {}) => ({
  products,
  patient: { phoneNumber: opts.phone ?? null },
  productData: { health: opts.health ?? products.includes("HEALTH") ? {} : null, gait: products.includes("GAIT") ? {} : null },
});

describe("products of the patient detail (000 §2.8)", () => {
  it("defaults to health with several products or a health record, else gait", () => {
    expect(defaultProduct(rec(["GAIT"]))).toBe("gait");
    expect(defaultProduct(rec(["HEALTH"]))).toBe("health");
    expect(defaultProduct(rec(["GAIT", "PRO"]))).toBe("health");
  });
  it("shows Health/Gait tabs when the patient has both views", () => {
    expect(patientProducts(rec(["HEALTH", "GAIT"]))).toEqual(["health", "gait"]);
    expect(patientProducts(rec(["GAIT", "PRO"]))).toEqual(["health", "gait"]);
    expect(patientProducts(rec(["GAIT"]))).toEqual(["gait"]);
    expect(patientProducts(rec(["HEALTH", "PRO"]))).toEqual(["health"]);
  });
});

describe("section tabs", () => {
  it("has Surveys only with a phone number", () => {
    expect(sectionTabs("health", rec(["HEALTH"], { phone: "+13035550100" })).map((t) => t.label)).toEqual(["Activity", "Range of motion", "Surveys", "Care Management"]);
    expect(sectionTabs("health", rec(["HEALTH"])).map((t) => t.section)).toEqual(["activity", "rom", "care"]);
    expect(sectionTabs("gait", rec(["GAIT"])).map((t) => t.label)).toEqual(["Assessment", "Progress charts"]);
  });
  it("knows a product's sections", () => {
    expect(isSectionOf("gait", "progress", rec(["GAIT"]))).toBe(true);
    expect(isSectionOf("gait", "rom", rec(["GAIT"]))).toBe(false);
    expect(isSectionOf("health", "pro", rec(["HEALTH"]))).toBe(false);
  });
  it("builds the URLs", () => {
    expect(sectionPath("a b", "health", "rom")).toBe("/patients/a%20b/health/rom/");
  });
});

describe("a patient without Health (issue 34: PRO-only answers could be read nowhere)", () => {
  const phone = "+13035550100";
  it("PRO only: the Health tab with Surveys alone, opened by default", () => {
    const pro = rec(["PRO"], { phone });
    expect(defaultProduct(pro)).toBe("health");
    expect(patientProducts(pro)).toEqual(["health"]);
    expect(sectionTabs("health", pro).map((t) => t.label)).toEqual(["Surveys"]);
    expect(firstSection("health", pro)).toBe("pro");
    expect(isSectionOf("health", "activity", pro)).toBe(false);
  });
  it("Gait and PRO: Health (Surveys) and Gait; Gait only stays on Gait", () => {
    const both = rec(["GAIT", "PRO"], { phone });
    expect(patientProducts(both)).toEqual(["health", "gait"]);
    expect(sectionTabs("health", both).map((t) => t.section)).toEqual(["pro"]);
    expect(firstSection("gait", both)).toBe("activity");
    expect(defaultProduct(rec(["GAIT"]))).toBe("gait");
    expect(firstSection("health", rec(["HEALTH"], { phone }))).toBe("activity");
  });
});
