import { describe, expect, it } from "vitest";
import { birthDayProblem, EARLIEST_BIRTH_DAY, EARLIEST_RECORD_DAY, isCalendarDay, recordDayProblem } from "./date-bounds";

describe("date bounds (issue 34: one definition for the portal's forms and the API)", () => {
  it("a date of birth: a real day from 1900-01-01 to today", () => {
    expect(EARLIEST_BIRTH_DAY).toBe("1900-01-01");
    expect(birthDayProblem("1800-05-01", "2026-11-29")).toBe("Date of birth must be on or after 01/01/1900.");
    expect(birthDayProblem("1899-12-31", "2026-11-29")).toBe("Date of birth must be on or after 01/01/1900.");
    expect(birthDayProblem("1900-01-01", "2026-11-29")).toBeNull();
    expect(birthDayProblem("2026-11-29", "2026-11-29")).toBeNull();
    expect(birthDayProblem("2026-11-30", "2026-11-29")).toBe("Date of birth cannot be in the future.");
    expect(birthDayProblem("1961-02-30", "2026-11-29")).toBe("Date of birth must be a valid date.");
  });
  it("a day of the product's records: from 2000-01-01, named by its field", () => {
    expect(EARLIEST_RECORD_DAY).toBe("2000-01-01");
    expect(recordDayProblem("1900-01-01", "Date")).toBe("Date must be on or after 01/01/2000.");
    expect(recordDayProblem("1999-12-31", "Report date")).toBe("Report date must be on or after 01/01/2000.");
    expect(recordDayProblem("2000-01-01", "Date")).toBeNull();
  });
  it("calendar days", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2023-02-29")).toBe(false);
    expect(isCalendarDay("0001-01-01")).toBe(true);
    expect(isCalendarDay("2024-1-01")).toBe(false);
  });
});
