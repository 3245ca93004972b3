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
