import { describe, expect, it } from "vitest";
import { filterFromForm, locationChoices, matchLocations, parseSavedFilter, productOptions, productsSummary, restrictFilter } from "./filter";

const north = { id: "loc-north", name: "North Clinic" };
const south = { id: "loc-south", name: "south clinic" };
const boulder = { id: "loc-boulder", name: "Boulder Óptica" };

describe("saved filter", () => {
  it("accepts a well-formed value and drops anything else", () => {
    expect(parseSavedFilter({ locationId: "loc-north", products: ["HEALTH", "GAIT", "HEALTH"] })).toEqual({ locationId: "loc-north", products: ["HEALTH", "GAIT"] });
    expect(parseSavedFilter(undefined)).toEqual({ locationId: null, products: [] });
    expect(parseSavedFilter("x")).toEqual({ locationId: null, products: [] });
    expect(parseSavedFilter({ locationId: 3, products: ["NOPE", 1, "SCAN"] })).toEqual({ locationId: null, products: ["SCAN"] });
    expect(parseSavedFilter({ locationId: "<script>", products: "HEALTH" })).toEqual({ locationId: null, products: [] });
  });

  it("reads the form: empty location = all locations, repeated products", () => {
    const form = new FormData();
    form.set("locationId", "");
    form.append("products", "GAIT");
    form.append("products", "PRO");
    expect(filterFromForm(form)).toEqual({ locationId: null, products: ["GAIT", "PRO"] });
    const withLocation = new FormData();
    withLocation.set("locationId", " loc-south ");
    expect(filterFromForm(withLocation)).toEqual({ locationId: "loc-south", products: [] });
  });
});

describe("location choices (000 §6)", () => {
  it("restricts a practitioner to their own locations", () => {
    expect(locationChoices("PORTAL_PRACTITIONER", [south, north], [north, south, boulder])).toEqual([north, south]);
  });
  it("gives provider admins and admin-type users the organization's locations, by name", () => {
    expect(locationChoices("PORTAL_PROVIDER_ADMIN", [north], [north, south, boulder])).toEqual([boulder, north, south]);
    expect(locationChoices("EXER_ADMIN", [], [south])).toEqual([south]);
  });
  it("falls back to the user's own when the organization's could not be loaded", () => {
    expect(locationChoices("PORTAL_PROVIDER_ADMIN", [north], null)).toEqual([north]);
  });
});

describe("restricting a filter to the user's choices", () => {
  it("drops a location the user may not choose and products the user does not hold", () => {
    expect(restrictFilter({ locationId: "loc-south", products: ["SCAN", "HEALTH"] }, { locations: [north], products: ["HEALTH", "GAIT"] })).toEqual({
      locationId: null,
      products: ["HEALTH"],
    });
    expect(restrictFilter({ locationId: "loc-north", products: ["GAIT", "HEALTH"] }, { locations: [north], products: ["GAIT", "HEALTH"] })).toEqual({
      locationId: "loc-north",
      products: ["HEALTH", "GAIT"],
    });
  });
});

describe("products", () => {
  it("lists the user's products in the product order", () => {
    expect(productOptions(["SCAN", "HEALTH", "OTHER"])).toEqual(["HEALTH", "SCAN"]);
  });
  it("summarises the selection", () => {
    expect(productsSummary([])).toBe("All Products");
    expect(productsSummary(["GAIT", "HEALTH"])).toBe("Health, Gait");
  });
});

describe("location autocomplete", () => {
  it("matches every typed word, ignoring case and accents", () => {
    const all = [north, south, boulder];
    expect(matchLocations(all, "")).toEqual(all);
    expect(matchLocations(all, "CLINIC")).toEqual([north, south]);
    expect(matchLocations(all, "clinic no")).toEqual([north]);
    expect(matchLocations(all, "optica")).toEqual([boulder]);
    expect(matchLocations(all, "xyz")).toEqual([]);
  });
});
