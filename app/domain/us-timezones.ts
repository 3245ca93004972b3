/**
 * The timezones a location or an organization may be given (001 §5: "US zones under America/ (Eastern,
 * Central, Mountain, Pacific, Hawaii, Phoenix and so on)"; §9: the default for new organizations and locations
 * is America/Denver). The list is exactly the contract's `UsTimezone` enum (what the provider API accepts):
 * the compiler fails below when the contract adds or drops a zone and this list does not follow. The spec names
 * Hawaii: its zone, Pacific/Honolulu (no daylight saving), is the one US state zone not under America/, and is
 * listed; America/Adak is Hawaii-Aleutian time (the Aleutian Islands, with daylight saving), not Hawaii's.
 *
 * Shared by the locations dialogs and the admin area's add-organization form; pure (server and browser).
 */
import type { Schema } from "../api/schemas";

export type UsTimezone = Schema<"UsTimezone">;

export const DEFAULT_TIMEZONE: UsTimezone = "America/Denver";

/** Each zone with its name in words, east to west. */
export const US_TIMEZONES = [
  { id: "America/New_York", label: "Eastern Time" },
  { id: "America/Detroit", label: "Eastern Time – Detroit" },
  { id: "America/Indiana/Indianapolis", label: "Eastern Time – Indianapolis" },
  { id: "America/Kentucky/Louisville", label: "Eastern Time – Louisville" },
  { id: "America/Chicago", label: "Central Time" },
  { id: "America/Denver", label: "Mountain Time" },
  { id: "America/Boise", label: "Mountain Time – Boise" },
  { id: "America/Phoenix", label: "Mountain Time – Arizona, no daylight saving" },
  { id: "America/Los_Angeles", label: "Pacific Time" },
  { id: "America/Anchorage", label: "Alaska Time" },
  { id: "America/Juneau", label: "Alaska Time – Juneau" },
  { id: "Pacific/Honolulu", label: "Hawaii Time – no daylight saving" },
  { id: "America/Adak", label: "Hawaii-Aleutian Time – Aleutian Islands" },
] as const satisfies readonly { id: UsTimezone; label: string }[];

/** Every zone the contract accepts is in the list (a compile error names the one missing). */
type Missing = Exclude<UsTimezone, (typeof US_TIMEZONES)[number]["id"]>;
const everyZoneListed: [Missing] extends [never] ? true : Missing = true;
void everyZoneListed;

export const US_TIMEZONE_IDS = US_TIMEZONES.map((z) => z.id) as [UsTimezone, ...UsTimezone[]];

export const isUsTimezone = (value: unknown): value is UsTimezone => typeof value === "string" && (US_TIMEZONE_IDS as readonly string[]).includes(value);

/** 'Mountain Time (America/Denver)'; a zone outside the list (older data) as it is stored. */
export function timezoneText(id: string): string {
  const zone = US_TIMEZONES.find((z) => z.id === id);
  return zone ? `${zone.label} (${zone.id})` : id;
}

/** The options of a timezone select, in the list's order. */
export const TIMEZONE_OPTIONS: readonly { value: UsTimezone; label: string }[] = US_TIMEZONES.map((z) => ({ value: z.id, label: timezoneText(z.id) }));
