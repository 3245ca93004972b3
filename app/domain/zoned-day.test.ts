import { describe, expect, it } from "vitest";
import { dayInZone, formatDate, formatDay, formatInstantDay } from "./zoned-day";

describe("dayInZone", () => {
  it("is the calendar day in the zone, not in UTC", () => {
    expect(dayInZone("2026-03-10T05:30:00.000Z", "America/Denver")).toBe("2026-03-09");
    expect(dayInZone("2026-03-10T07:30:00.000Z", "America/Denver")).toBe("2026-03-10");
    expect(dayInZone("2026-03-10T05:30:00.000Z", "UTC")).toBe("2026-03-10");
  });

  it("falls back to America/Denver for an unknown zone and gives null for a bad instant", () => {
    expect(dayInZone("2026-03-10T05:30:00.000Z", "Mars/Olympus")).toBe("2026-03-09");
    expect(dayInZone("not a date", "UTC")).toBeNull();
  });
});

describe("formatDay", () => {
  it("writes MM/dd/yyyy", () => {
    expect(formatDay("2026-03-09")).toBe("03/09/2026");
    expect(formatInstantDay("2026-03-10T05:30:00.000Z", "America/Denver")).toBe("03/09/2026");
  });
});

describe("formatDate", () => {
  it("is MM/dd/yyyy in the organization's time zone (Denver for an unknown zone), null for none", () => {
    expect(formatDate("2024-06-04T03:00:00.000Z", "America/Denver")).toBe("06/03/2024");
    expect(formatDate("2024-06-04T03:00:00.000Z", "Not/AZone")).toBe("06/03/2024");
    expect(formatDate(null, "America/Denver")).toBeNull();
  });
});

describe("the one time formatter (issue 34, ADR 046)", () => {
  it("writes a time with its zone: the organization's zone need not be the reader's", async () => {
    const { formatDateTime, formatTime } = await import("./zoned-day");
    expect(formatTime("2026-11-20T15:05:00.000Z", "America/Denver")).toBe("8:05 AM MST");
    expect(formatTime("2026-07-20T15:05:00.000Z", "America/Denver")).toBe("9:05 AM MDT");
    expect(formatTime("2026-11-20T15:05:00.000Z", "America/New_York")).toBe("10:05 AM EST");
    expect(formatDateTime("2026-11-20T15:05:00.000Z", "America/Denver")).toBe("11/20/2026 8:05 AM MST");
    expect(formatDateTime("not a date", "America/Denver")).toBe("");
  });
});
