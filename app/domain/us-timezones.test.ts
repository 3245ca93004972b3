import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_TIMEZONE, isUsTimezone, TIMEZONE_OPTIONS, timezoneText, US_TIMEZONE_IDS, US_TIMEZONES } from "./us-timezones";

/** The contract's UsTimezone enum, read from the YAML (what the API validates against). */
function contractZones(): string[] {
  const yaml = readFileSync(new URL("../../openapi/components/schemas/UsTimezone.yaml", import.meta.url), "utf8");
  return [...yaml.matchAll(/^\s+- (\S+)$/gm)].map((m) => m[1]!);
}

describe("US timezones (001 §5, §9)", () => {
  it("are exactly the zones the API accepts, under America/ but Hawaii's own, and known to the runtime", () => {
    expect([...US_TIMEZONE_IDS].sort()).toEqual(contractZones().sort());
    for (const id of US_TIMEZONE_IDS) {
      expect(id.startsWith("America/") || id === "Pacific/Honolulu").toBe(true);
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: id })).not.toThrow();
    }
    expect(new Set(US_TIMEZONE_IDS).size).toBe(US_TIMEZONE_IDS.length);
  });

  it("default to America/Denver, which is listed", () => {
    expect(DEFAULT_TIMEZONE).toBe("America/Denver");
    expect(isUsTimezone(DEFAULT_TIMEZONE)).toBe(true);
  });

  it("are labelled in words with the zone's id", () => {
    expect(timezoneText("America/New_York")).toBe("Eastern Time (America/New_York)");
    expect(timezoneText("America/Chicago")).toBe("Central Time (America/Chicago)");
    expect(timezoneText("America/Denver")).toBe("Mountain Time (America/Denver)");
    expect(timezoneText("America/Phoenix")).toMatch(/^Mountain Time – Arizona/);
    expect(timezoneText("America/Los_Angeles")).toBe("Pacific Time (America/Los_Angeles)");
    expect(timezoneText("America/Anchorage")).toBe("Alaska Time (America/Anchorage)");
    expect(timezoneText("America/Adak")).toBe("Hawaii-Aleutian Time – Aleutian Islands (America/Adak)");
    expect(timezoneText("Pacific/Honolulu")).toBe("Hawaii Time – no daylight saving (Pacific/Honolulu)");
    expect(new Set(US_TIMEZONES.map((z) => z.label)).size).toBe(US_TIMEZONES.length);
    expect(TIMEZONE_OPTIONS.map((o) => o.value)).toEqual([...US_TIMEZONE_IDS]);
  });

  it("offer Hawaii's own zone, which keeps standard time all year (the spec names Hawaii)", () => {
    expect(isUsTimezone("Pacific/Honolulu")).toBe(true);
    const offset = (iso: string) => new Intl.DateTimeFormat("en-US", { timeZone: "Pacific/Honolulu", timeZoneName: "shortOffset" }).formatToParts(new Date(iso)).find((p) => p.type === "timeZoneName")!.value;
    expect([offset("2026-01-15T12:00:00Z"), offset("2026-07-15T12:00:00Z")]).toEqual(["GMT-10", "GMT-10"]);
  });

  it("show a zone outside the list as stored, and refuse it", () => {
    expect(timezoneText("Pacific/Guam")).toBe("Pacific/Guam");
    expect(isUsTimezone("Pacific/Guam")).toBe(false);
    expect(isUsTimezone("Europe/Paris")).toBe(false);
    expect(isUsTimezone("")).toBe(false);
    expect(isUsTimezone(undefined)).toBe(false);
  });
});
