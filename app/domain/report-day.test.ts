import { describe, expect, it } from "vitest";
import { attachmentDisposition, fileDay, parseReportDay, REPORT_DATE_FUTURE, REPORT_DATE_INVALID, reportDayInstants } from "./report-day";

describe("parseReportDay", () => {
  const today = "2026-11-24";
  it("takes today and past days", () => {
    expect(parseReportDay("2026-11-24", today)).toEqual({ day: "2026-11-24", error: null });
    expect(parseReportDay(" 2025-01-31 ", today)).toEqual({ day: "2025-01-31", error: null });
  });
  it("refuses a future day with the field message", () => {
    expect(parseReportDay("2026-11-25", today)).toEqual({ day: null, error: REPORT_DATE_FUTURE });
  });
  it("refuses a missing or impossible day", () => {
    expect(parseReportDay("", today).error).toBe(REPORT_DATE_INVALID);
    expect(parseReportDay("2026-02-30", today).error).toBe(REPORT_DATE_INVALID);
    expect(parseReportDay("11/20/2026", today).error).toBe(REPORT_DATE_INVALID);
  });
  it("refuses a day before 2000 (issue 34: the shared date bounds)", () => {
    expect(parseReportDay("1999-12-31", today).error).toBe("Report date must be on or after 01/01/2000.");
    expect(parseReportDay("2000-01-01", today).day).toBe("2000-01-01");
  });
  it("is blank without a date param", () => {
    expect(parseReportDay(null, today)).toEqual({ day: null, error: null });
  });
});

describe("reportDayInstants", () => {
  it("runs 00:00:00.000 to 23:59:59.999 in the organization's zone", () => {
    expect(reportDayInstants("2026-11-20", "America/Denver")).toEqual({ start: "2026-11-20T07:00:00.000Z", end: "2026-11-21T06:59:59.999Z" });
    expect(reportDayInstants("2026-07-01", "America/Denver")).toEqual({ start: "2026-07-01T06:00:00.000Z", end: "2026-07-02T05:59:59.999Z" });
    expect(reportDayInstants("2026-11-20", "UTC")).toEqual({ start: "2026-11-20T00:00:00.000Z", end: "2026-11-20T23:59:59.999Z" });
  });
  it("covers 23 and 25 hours on DST days", () => {
    // Spring forward (US 2026-03-08): 23 hours.
    expect(reportDayInstants("2026-03-08", "America/Denver")).toEqual({ start: "2026-03-08T07:00:00.000Z", end: "2026-03-09T05:59:59.999Z" });
    // Fall back (US 2026-11-01): 25 hours.
    expect(reportDayInstants("2026-11-01", "America/New_York")).toEqual({ start: "2026-11-01T04:00:00.000Z", end: "2026-11-02T04:59:59.999Z" });
  });
  it("falls back to America/Denver for an unknown zone", () => {
    expect(reportDayInstants("2026-11-20", "Nowhere/Town").start).toBe("2026-11-20T07:00:00.000Z");
  });
});

describe("file names", () => {
  it("writes the day MM-dd-yyyy", () => expect(fileDay("2026-11-05")).toBe("11-05-2026"));
  it("quotes an attachment name safely", () => {
    expect(attachmentDisposition("Scan Report Zürich 11-05-2026.csv")).toBe(
      "attachment; filename=\"Scan Report Z_rich 11-05-2026.csv\"; filename*=UTF-8''Scan%20Report%20Z%C3%BCrich%2011-05-2026.csv",
    );
  });
});
