import { describe, expect, it } from "vitest";
import { monthHeading } from "./month-name";

describe("monthHeading", () => {
  it("names the month and year of a key or a date", () => {
    expect(monthHeading("2026-11")).toBe("November 2026");
    expect(monthHeading("2027-01")).toBe("January 2027");
    expect(monthHeading("2026-12-09")).toBe("December 2026");
  });
  it("refuses what is not a month", () => {
    expect(() => monthHeading("2026-13")).toThrow(RangeError);
    expect(() => monthHeading("November")).toThrow(RangeError);
  });
});
