import { describe, expect, it } from "vitest";
import { isUsStateCode, STATE_OPTIONS, US_STATES } from "./us-states";

describe("US state codes", () => {
  it("are the 50 states, DC and the territories: two capital letters each, no repeats", () => {
    expect(US_STATES).toHaveLength(56);
    expect(new Set(US_STATES.map(([c]) => c)).size).toBe(56);
    for (const [code] of US_STATES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("are checked exactly and labelled in words", () => {
    expect(isUsStateCode("CO")).toBe(true);
    expect(isUsStateCode("co")).toBe(false);
    expect(isUsStateCode("XX")).toBe(false);
    expect(STATE_OPTIONS.find((o) => o.value === "CO")?.label).toBe("Colorado (CO)");
  });
});
