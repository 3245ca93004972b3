import { describe, expect, it } from "vitest";
import type { Schema } from "../../../api/schemas";
import {
  addressLine,
  eligibleDefaultProviders,
  locationFormDefaults,
  locationRows,
  locationsHref,
  locationsTabOf,
  NEW_LOCATION_DEFAULTS,
  providerOptions,
  showsMyLocations,
} from "./locations";

type Location = Schema<"Location">;
type Practitioner = Schema<"Practitioner">;

const LOC_A = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";
const LOC_B = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e12";

const location = (over: Partial<Location> = {}): Location => ({
  id: LOC_A,
  name: "Denver Downtown Clinic",
  address1: "1600 Champa St",
  address2: "Suite 300",
  city: "Denver",
  stateCode: "CO",
  zipCode: "80202",
  timezone: "America/Denver",
  defaultProviderId: null,
  defaultProvider: null,
  ...over,
});

let n = 0;
const practitioner = (over: Partial<Practitioner> = {}): Practitioner => ({
  id: `7b1e2f9a-4c3d-4e5f-8a9b-0c1d2e3f4a${String(++n).padStart(2, "0")}`,
  userId: `user-${n}`,
  firstName: "Maya",
  lastName: `Okafor${n}`,
  email: `p${n}@example.com`,
  role: "PORTAL_PRACTITIONER",
  addedAsRole: "PORTAL_PRACTITIONER",
  locations: [],
  invitedAt: null,
  npi: null,
  credential: null,
  ...over,
});

describe("the address as one line", () => {
  it("joins the parts there are, in address order", () => {
    expect(addressLine(location())).toBe("1600 Champa St, Suite 300, Denver, CO 80202");
    expect(addressLine(location({ address2: null }))).toBe("1600 Champa St, Denver, CO 80202");
    expect(addressLine(location({ address1: " ", address2: null, city: null }))).toBe("CO 80202");
    expect(addressLine(location({ zipCode: null }))).toBe("1600 Champa St, Suite 300, Denver, CO");
    expect(addressLine(location({ stateCode: null }))).toBe("1600 Champa St, Suite 300, Denver, 80202");
    expect(addressLine(location({ address1: null, address2: null, city: null, stateCode: null, zipCode: null }))).toBe("");
  });
});

describe("the rows of a tab", () => {
  const locations = [
    location({ id: LOC_B, name: "b clinic", timezone: "America/Phoenix", defaultProvider: { id: "x", firstName: "Maya", lastName: "Okafor" } }),
    location({ name: "Aurora Clinic" }),
    location({ id: "c", name: "Clinic 10" }),
    location({ id: "d", name: "Clinic 9" }),
  ];

  it("are sorted by name (case aside, numbers in order), with the provider and zone in words", () => {
    const rows = locationRows(locations, "all", []);
    expect(rows.map((r) => r.name)).toEqual(["Aurora Clinic", "b clinic", "Clinic 9", "Clinic 10"]);
    expect(rows[1]).toMatchObject({ defaultProvider: "Okafor, Maya", timezone: "Mountain Time – Arizona, no daylight saving (America/Phoenix)" });
    expect(rows[0]).toMatchObject({ defaultProvider: null, address: "1600 Champa St, Suite 300, Denver, CO 80202" });
  });

  it("My Locations keeps the user's own", () => {
    expect(locationRows(locations, "mine", [LOC_B]).map((r) => r.name)).toEqual(["b clinic"]);
    expect(locationRows(locations, "mine", [])).toEqual([]);
  });
});

describe("the tabs (001 §2.7)", () => {
  it("My Locations is shown for practitioners, or when the user has locations", () => {
    expect(showsMyLocations({ role: "PORTAL_PRACTITIONER", locations: [] })).toBe(true);
    expect(showsMyLocations({ role: "PORTAL_PROVIDER_ADMIN", locations: [{ id: LOC_A }] })).toBe(true);
    expect(showsMyLocations({ role: "PORTAL_PROVIDER_ADMIN", locations: [] })).toBe(false);
  });

  it("All Locations is the default; ?tab=mine only where the tab is shown", () => {
    expect(locationsTabOf(new URLSearchParams(""), true)).toBe("all");
    expect(locationsTabOf(new URLSearchParams("tab=mine"), true)).toBe("mine");
    expect(locationsTabOf(new URLSearchParams("tab=mine"), false)).toBe("all");
  });

  it("links keep the tab and open the dialogs", () => {
    expect(locationsHref("all")).toBe("/organization/details/");
    expect(locationsHref("mine")).toBe("/organization/details/?tab=mine");
    expect(locationsHref("all", { kind: "add-location" })).toBe("/organization/details/?dialog=add-location");
    expect(locationsHref("mine", { kind: "edit-location", id: LOC_A })).toBe(`/organization/details/?tab=mine&dialog=edit-location&location=${LOC_A}`);
  });
});

describe("who may be the default provider", () => {
  const admin = practitioner({ role: "PORTAL_PROVIDER_ADMIN", addedAsRole: "PORTAL_PROVIDER_ADMIN", lastName: "Zimmer", firstName: "Ada" });
  const here = practitioner({ locations: [{ id: LOC_A, name: "Denver" }], lastName: "Baker", firstName: "Bo" });
  const elsewhere = practitioner({ locations: [{ id: LOC_B, name: "Phoenix" }] });
  const invitedHere = practitioner({ userId: null, locations: [{ id: LOC_A, name: "Denver" }], lastName: "Cole", firstName: "Cy" });
  const staff = practitioner({ role: "EXER_ADMIN", addedAsRole: "EXER_ADMIN" });
  const all = [admin, here, elsewhere, invitedHere, staff];

  it("a new location: the organization's admins", () => {
    expect(eligibleDefaultProviders(all, null)).toEqual([admin]);
  });

  it("a location: who works there (current or invited) and the admins, by name", () => {
    expect(eligibleDefaultProviders(all, LOC_A)).toEqual([here, invitedHere, admin]);
    expect(eligibleDefaultProviders(all, LOC_B)).toEqual([elsewhere, admin]);
  });

  it("the present default provider stays a choice", () => {
    expect(eligibleDefaultProviders(all, LOC_B, here.id)).toEqual([here, elsewhere, admin]);
  });

  it("options say 'Last, First', mark invited providers, and tell same names apart", () => {
    expect(providerOptions([here, invitedHere])).toEqual([
      { value: here.id, label: "Baker, Bo" },
      { value: invitedHere.id, label: "Cole, Cy (invited)" },
    ]);
    const twin = practitioner({ firstName: "Bo", lastName: "Baker" });
    expect(providerOptions([here, twin]).map((o) => o.label)).toEqual([`Baker, Bo (${here.id})`, `Baker, Bo (${twin.id})`]);
  });
});

describe("the dialogs' starting values", () => {
  it("Add Location: America/Denver and nothing else (001 §9)", () => {
    expect(NEW_LOCATION_DEFAULTS).toMatchObject({ name: "", timezone: "America/Denver", defaultProviderId: "" });
  });

  it("Edit Location: the location as it is; a zone the form does not offer is left to choose", () => {
    expect(locationFormDefaults(location({ address2: null, stateCode: "co", defaultProviderId: LOC_B }))).toEqual({
      name: "Denver Downtown Clinic",
      address1: "1600 Champa St",
      address2: "",
      city: "Denver",
      stateCode: "CO",
      zipCode: "80202",
      defaultProviderId: LOC_B,
      timezone: "America/Denver",
    });
    expect(locationFormDefaults(location({ timezone: "Pacific/Guam" })).timezone).toBe("");
  });
});
