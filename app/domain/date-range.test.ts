import { describe, expect, it } from "vitest";
import { addDays, dateRangeInstants, dateRangeSearch, dayIn, inDateRange, isIsoDay, parseDateRange, todayIn, withDateRange } from "./date-range";

const today = "2024-03-15";
const parse = (search: string) => parseDateRange(new URLSearchParams(search), today);

describe("parseDateRange", () => {
  it("defaults to the last 30 days up to today", () => {
    expect(parse("")).toEqual({ start: "2024-02-15", end: today, preset: 30, includeSelfReported: false, adjustment: null });
  });
  it("reads the presets 7, 30 and 90", () => {
    expect(parse("range=7")).toMatchObject({ start: "2024-03-09", end: today, preset: 7 });
    expect(parse("range=90")).toMatchObject({ start: "2023-12-17", end: today, preset: 90 });
  });
  it("prefers a preset over custom dates the form also sent", () => {
    expect(parse("range=7&from=2024-01-01&to=2024-01-05")).toMatchObject({ preset: 7, start: "2024-03-09" });
  });
  it("reads a custom range, with or without range=custom", () => {
    expect(parse("from=2024-01-01&to=2024-01-05")).toEqual({ start: "2024-01-01", end: "2024-01-05", preset: null, includeSelfReported: false, adjustment: null });
    expect(parse("range=custom&from=2024-01-01&to=2024-01-05")).toMatchObject({ start: "2024-01-01", end: "2024-01-05", preset: null });
  });
  it("does not let a custom range go past today, and says so", () => {
    expect(parse("from=2024-03-01&to=2024-04-30")).toMatchObject({ start: "2024-03-01", end: today, adjustment: "The end date 04/30/2024 is after today: the range ends today." });
    expect(parse("from=2024-05-01&to=2024-05-30")).toMatchObject({ start: today, end: today, adjustment: "The range 05/01/2024 – 05/30/2024 is after today: showing today." });
    expect(parse("from=2024-03-01&to=2024-03-15").adjustment).toBeNull();
  });
  it("swaps a reversed custom range and says so (issue 25: it silently became another range)", () => {
    expect(parse("from=2024-03-10&to=2024-03-01")).toMatchObject({
      start: "2024-03-01",
      end: "2024-03-10",
      adjustment: "The start date 03/10/2024 was after the end date 03/01/2024: the two were swapped.",
    });
  });
  it("an unusable range is the default 30 days, and says what and why (issue 34; issue 25)", () => {
    const fallback = { start: "2024-02-15", end: today, preset: 30 };
    const instead = "Showing the last 30 days (02/15/2024 – 03/15/2024) instead.";
    expect(parse("range=14")).toMatchObject({ ...fallback, adjustment: `"14" is not a date range (the presets are 7, 30, 90 days). ${instead}` });
    expect(parse("range=custom&from=2024-03-01")).toMatchObject({ ...fallback, adjustment: `The end date is missing. ${instead}` });
    expect(parse("range=custom&from=2024-02-30&to=2024-03-01")).toMatchObject({ ...fallback, adjustment: `The start date "2024-02-30" is not a date. ${instead}` });
    expect(parse("from=2024-03-01")).toMatchObject({ ...fallback, adjustment: `The end date is missing. ${instead}` });
    expect(parse("from=0001-01-01&to=2024-03-01")).toMatchObject({ ...fallback, adjustment: `The start date 01/01/0001 is before 01/01/1900. ${instead}` });
    expect(parse("from=0050-01-01&to=0050-01-02").adjustment).toBe(`The start date 01/01/0050 is before 01/01/1900. The end date 01/02/0050 is before 01/01/1900. ${instead}`);
  });
  it("the custom choice without dates has no preset: the last 2 days (002 §5, 003 §5)", () => {
    expect(parse("range=custom")).toMatchObject({ start: "2024-03-14", end: today, preset: null, adjustment: "No dates were chosen for the custom range: showing the last 2 days (03/14/2024 – 03/15/2024)." });
  });
  it("reads Include Self-Reported", () => {
    expect(parse("selfReported=1").includeSelfReported).toBe(true);
    expect(parse("selfReported=0").includeSelfReported).toBe(false);
  });
});

describe("withDateRange", () => {
  it("writes nothing for the default range", () => {
    expect(withDateRange("/patients/1/health/rom/", parse(""))).toBe("/patients/1/health/rom/");
  });
  it("replaces the range params and keeps the others and the hash", () => {
    const href = withDateRange("/p/?dialog=report&range=90&from=x#top", parse("range=7&selfReported=1"));
    expect(href).toBe("/p/?dialog=report&range=7&selfReported=1#top");
  });
  it("writes a custom or fallback range as its days", () => {
    expect(withDateRange("/p/", parse("from=2024-01-01&to=2024-01-05"))).toBe("/p/?from=2024-01-01&to=2024-01-05");
    expect(withDateRange("/p/", parse("range=custom"))).toBe("/p/?from=2024-03-14&to=2024-03-15");
    expect(withDateRange("/p/", parse("range=bogus"))).toBe("/p/");
  });
  it("round-trips through parseDateRange", () => {
    for (const search of ["", "range=7", "range=90&selfReported=1", "from=2024-01-01&to=2024-02-01"]) {
      const range = parse(search);
      const href = withDateRange("/x/", range);
      expect(parse(href.split("?")[1] ?? "")).toEqual(range);
    }
  });
});

describe("dateRangeSearch", () => {
  it("keeps only the date range params", () => {
    expect(dateRangeSearch("?dialog=report&range=7&selfReported=1&page=2")).toBe("?range=7&selfReported=1");
    expect(dateRangeSearch("?dialog=report")).toBe("");
  });
});

describe("days", () => {
  it("checks ISO days", () => {
    expect(isIsoDay("2024-02-29")).toBe(true);
    expect(isIsoDay("2023-02-29")).toBe(false);
    expect(isIsoDay("2024-2-1")).toBe(false);
    expect(isIsoDay(null)).toBe(false);
    // Date.UTC reads years 0–99 as 1900–1999: such days are refused as before 1900, not read as another day.
    expect(isIsoDay("0001-01-01")).toBe(false);
    expect(isIsoDay("1900-01-01")).toBe(true);
  });
  it("adds days across months and years", () => {
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2023-12-31", 1)).toBe("2024-01-01");
  });
  it("finds today in the organization's time zone", () => {
    const instant = new Date("2024-03-15T05:00:00Z");
    expect(todayIn("America/Denver", instant)).toBe("2024-03-14");
    expect(todayIn("UTC", instant)).toBe("2024-03-15");
    expect(dayIn("Not/AZone", instant)).toBe("2024-03-15");
  });
  it("tells whether a day is in the range", () => {
    expect(inDateRange("2024-03-01", { start: "2024-03-01", end: "2024-03-02" })).toBe(true);
    expect(inDateRange("2024-03-03", { start: "2024-03-01", end: "2024-03-02" })).toBe(false);
  });
  it("turns a range into the instants of its first and last day in a time zone", () => {
    expect(dateRangeInstants({ start: "2024-03-09", end: "2024-03-10" }, "America/Denver")).toEqual({
      start: "2024-03-09T07:00:00.000Z",
      // DST starts on 2024-03-10 in Denver: the day ends at 06:00 UTC.
      end: "2024-03-11T05:59:59.999Z",
    });
    expect(dateRangeInstants({ start: "2024-01-01", end: "2024-01-01" }, "UTC")).toEqual({ start: "2024-01-01T00:00:00.000Z", end: "2024-01-01T23:59:59.999Z" });
  });
});
