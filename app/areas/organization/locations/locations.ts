/**
 * The rules of the Locations section (001 §2.7, §3 Location, §6): the address as one line, who may be a
 * location's default provider, the tabs and their URLs, and the section's messages. Pure: server and browser.
 */
import type { Schema } from "../../../api/schemas";
import { displayName, optionLabels } from "../../../domain/names";
import { DEFAULT_TIMEZONE, isUsTimezone, timezoneText } from "../../../domain/us-timezones";
import { ORGANIZATION_PATHS } from "../organization-paths";
import type { LocationFormDefaults } from "../forms/location";
import { LOCATIONS_LOAD_FAILED, PROVIDERS_LOAD_FAILED } from "../../../api/messages";
import { compareExact, compareTextNumeric } from "../../../domain/collate";

export { LOCATIONS_LOAD_FAILED, PROVIDERS_LOAD_FAILED };

type Location = Schema<"Location">;
type Practitioner = Schema<"Practitioner">;

// 001 §2.7 and §8, verbatim.
export const NO_LOCATIONS = "No locations added yet.";
export const NO_MY_LOCATIONS = "You do not have any locations assigned. If this is incorrect, please contact an admin at your organization.";
export const CREATE_FAILED = "Could not create location.";
export const UPDATE_FAILED = "Could not update location.";
// Ours (the spec shows none):
export const LOCATION_NOT_FOUND = "This location could not be found. It may belong to another organization, or the link is wrong.";
export const locationCreated = (name: string) => `Location ${name} created.`;
export const locationUpdated = (name: string) => `Location ${name} updated.`;

export type LocationsTab = "all" | "mine";

/**
 * 001 §2.7: 'My Locations' is shown "for practitioners or when the user has locations" (the user's locations
 * are on their profile, GET v2/users/current).
 */
export const showsMyLocations = (user: { role: string | null; locations: readonly unknown[] }): boolean => user.role === "PORTAL_PRACTITIONER" || user.locations.length > 0;

/**
 * The tab a URL asks for. 'All Locations' is the default for everyone, practitioners too: the spec names the
 * tabs 'All Locations' then 'My Locations' and says nothing of another default, so the first tab is the page
 * (`?tab=mine` is My Locations). A user without the My tab always gets All.
 */
export const locationsTabOf = (params: URLSearchParams, showMine: boolean): LocationsTab => (showMine && params.get("tab") === "mine" ? "mine" : "all");

/** The details page on a locations tab, optionally with a locations dialog open. */
export function locationsHref(tab: LocationsTab, dialog?: { kind: "add-location" } | { kind: "edit-location"; id: string }): string {
  const params = new URLSearchParams();
  if (tab === "mine") params.set("tab", "mine");
  if (dialog) params.set("dialog", dialog.kind);
  if (dialog?.kind === "edit-location") params.set("location", dialog.id);
  const search = params.toString();
  return search ? `${ORGANIZATION_PATHS.details}?${search}` : ORGANIZATION_PATHS.details;
}

/** '1600 Champa St, Suite 300, Denver, CO 80202': the parts there are, in address order ('' when none). */
export function addressLine(l: Pick<Location, "address1" | "address2" | "city" | "stateCode" | "zipCode">): string {
  const clean = (s: string | null | undefined) => (s ?? "").trim();
  const stateZip = [clean(l.stateCode), clean(l.zipCode)].filter(Boolean).join(" ");
  return [clean(l.address1), clean(l.address2), clean(l.city), stateZip].filter(Boolean).join(", ");
}

/** By name, as people read it (case and accents aside, numbers in order). */
export const byName = <T extends { name: string }>(a: T, b: T) => compareTextNumeric(a.name, b.name) || compareExact(a.name, b.name);

export interface LocationRow {
  id: string;
  name: string;
  address: string;
  /** 'Last, First', or null when the location has none. */
  defaultProvider: string | null;
  timezone: string;
}

export const locationRow = (l: Location): LocationRow => ({
  id: l.id,
  name: l.name,
  address: addressLine(l),
  defaultProvider: l.defaultProvider ? displayName(l.defaultProvider) : null,
  timezone: timezoneText(l.timezone),
});

/** A tab's rows, by name: every location, or those of the user's own (`mine`: their ids). */
export function locationRows(locations: readonly Location[], tab: LocationsTab, mine: readonly string[]): LocationRow[] {
  const own = new Set(mine);
  return locations
    .filter((l) => tab === "all" || own.has(l.id))
    .map(locationRow)
    .sort(byName);
}

/**
 * Who may be a location's default provider (issue 11: "eligible: works at the location or is an admin"): the
 * organization's provider admins and, for an existing location, the providers who work there — current and
 * invited alike (the API accepts either). A new location has nobody working there yet: the admins. Product
 * staff accounts (EXER_ADMIN, EXER_SUPPORT) are not the organization's admins and are left out unless they work
 * at the location. The location's present default provider stays a choice even if no longer eligible, so saving
 * other changes never drops it silently. By name.
 */
export function eligibleDefaultProviders(practitioners: readonly Practitioner[], locationId: string | null, currentId: string | null = null): Practitioner[] {
  return practitioners
    .filter((p) => p.role === "PORTAL_PROVIDER_ADMIN" || (locationId !== null && p.locations.some((l) => l.id === locationId)) || p.id === currentId)
    .sort((a, b) => byName({ name: displayName(a) }, { name: displayName(b) }));
}

/** The default provider select's options ('Last, First'; '(invited)' for a provider who has not signed up yet). */
export function providerOptions(practitioners: readonly Practitioner[]): { value: string; label: string }[] {
  const labels = new Map(optionLabels(practitioners).map((o) => [o.id, o.label]));
  return practitioners.map((p) => ({ value: p.id, label: `${labels.get(p.id) ?? displayName(p)}${p.userId ? "" : " (invited)"}` }));
}

/** Add Location's starting values: nothing but the timezone (001 §9: America/Denver). */
export const NEW_LOCATION_DEFAULTS: LocationFormDefaults = {
  name: "",
  address1: "",
  address2: "",
  city: "",
  stateCode: "",
  zipCode: "",
  defaultProviderId: "",
  timezone: DEFAULT_TIMEZONE,
};

/** Edit Location's starting values: the location as it is (a zone the form does not offer is left to choose). */
export const locationFormDefaults = (l: Location): LocationFormDefaults => ({
  name: l.name,
  address1: l.address1 ?? "",
  address2: l.address2 ?? "",
  city: l.city ?? "",
  stateCode: (l.stateCode ?? "").toUpperCase(),
  zipCode: l.zipCode ?? "",
  defaultProviderId: l.defaultProviderId ?? "",
  timezone: isUsTimezone(l.timezone) ? l.timezone : "",
});
