import { describe, expect, it } from "vitest";
import { claimModifiers, npiCheckDigit, npiProblem, NPI_MESSAGES, ptaInPart, renderingLabel } from "./rtm-claim";

describe("NPI check digit (Luhn over 80840 + the first nine digits)", () => {
  it("accepts CMS's published example and refuses every other tenth digit", () => {
    // CMS's worked example: 123456789 → check digit 3.
    expect(npiCheckDigit("123456789")).toBe(3);
    expect(npiProblem("1234567893")).toBeNull();
    for (const d of "012456789") expect(npiProblem(`123456789${d}`)).toBe(NPI_MESSAGES.checkDigit);
  });
  it("needs exactly ten digits", () => {
    for (const bad of ["", "123456789", "12345678933", "123456789a", " 1234567893", "1234-56789"]) expect(npiProblem(bad)).toBe(NPI_MESSAGES.format);
  });
  it("catches a swap of two neighbouring digits", () => {
    expect(npiProblem("2134567893")).toBe(NPI_MESSAGES.checkDigit);
  });
  it("the demo NPIs are valid", () => {
    for (const npi of ["1234567893", "1609281948", "1790785830", "1386752046"]) expect(npiProblem(npi)).toBeNull();
  });
});

describe("modifiers", () => {
  const pt = (minutes: number) => ({ minutes, credential: "PT" as const });
  const pta = (minutes: number) => ({ minutes, credential: "PTA" as const });
  it("GP on every code", () => {
    for (const code of ["98975", "98977", "98985", "98979", "98980", "98981"]) expect(claimModifiers(code, { entries: [pt(20)] })).toContain("GP");
  });
  it("CQ when a PTA furnished more than 10 % of a management code's minutes", () => {
    expect(ptaInPart([pt(18), pta(2)])).toBe(false); // exactly 10 %
    expect(ptaInPart([pt(17), pta(3)])).toBe(true);
    expect(claimModifiers("98980", { entries: [pt(17), pta(3)] })).toEqual(["GP", "CQ"]);
    expect(claimModifiers("98980", { entries: [pt(18), pta(2)] })).toEqual(["GP"]);
    expect(claimModifiers("98979", { entries: [pta(10)] })).toEqual(["GP", "CQ"]);
  });
  it("no CQ on device codes", () => {
    expect(claimModifiers("98977", { entries: [pta(30)] })).toEqual(["GP"]);
  });
  it("no CQ without PTA minutes", () => {
    expect(ptaInPart([])).toBe(false);
    expect(ptaInPart([pta(0), pt(0)])).toBe(false);
  });
});

describe("renderingLabel", () => {
  it("names credential and NPI", () => {
    expect(renderingLabel({ firstName: "Maya", lastName: "Okafor", npi: "1234567893", credential: "PT" })).toBe("Okafor, Maya (PT, NPI 1234567893)");
    expect(renderingLabel({ firstName: "Maya", lastName: "Okafor", npi: null, credential: null })).toBe("Okafor, Maya (no NPI)");
  });
});
