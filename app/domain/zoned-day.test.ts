import { describe, expect, it } from "vitest";
import { dayBoundary, dayInZone, formatDay, formatInstantDay } from "./zoned-day";

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

describe("dayBoundary", () => {
  it("gives the first and last millisecond of the day in the zone", () => {
    expect(dayBoundary("2026-01-15", "America/Denver", "start")).toBe("2026-01-15T07:00:00.000Z");
    expect(dayBoundary("2026-01-15", "America/Denver", "end")).toBe("2026-01-16T06:59:59.999Z");
    expect(dayBoundary("2026-07-15", "America/Denver", "start")).toBe("2026-07-15T06:00:00.000Z");
    expect(dayBoundary("2026-07-15", "UTC", "end")).toBe("2026-07-15T23:59:59.999Z");
  });

  it("handles the days of a daylight-saving change", () => {
    // 2026-03-08: Denver springs forward at 02:00 (UTC-7 → UTC-6).
    expect(dayBoundary("2026-03-08", "America/Denver", "start")).toBe("2026-03-08T07:00:00.000Z");
    expect(dayBoundary("2026-03-08", "America/Denver", "end")).toBe("2026-03-09T05:59:59.999Z");
  });
});
