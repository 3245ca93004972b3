import { describe, expect, it } from "vitest";
import { ariaSort, DEFAULT_LOCATIONS_STATE, locationsHref, locationsQuery, parseLocationsState, sortHref } from "./locations-state";

const ORG = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const LOC = "3f0c6d1e-8a4b-4b8e-9d61-2a7f0b1c9e11";

describe("admin locations state", () => {
  it("defaults to all organizations, Name ascending, page 1 (003 §9)", () => {
    expect(parseLocationsState(new URLSearchParams())).toEqual(DEFAULT_LOCATIONS_STATE);
    expect(locationsQuery(DEFAULT_LOCATIONS_STATE)).toEqual({ page: 1, limit: 10, sortBy: "NAME", orderBy: "ASC" });
  });

  it("reads the filter, sort, page and edited row; ignores junk", () => {
    const s = parseLocationsState(new URLSearchParams(`org=${ORG.toUpperCase()}&sort=CITY&order=desc&page=3&edit=${LOC}`));
    expect(s).toEqual({ org: ORG, sort: "city", order: "desc", page: 3, edit: LOC });
    expect(locationsQuery(s)).toEqual({ page: 3, limit: 10, sortBy: "CITY", orderBy: "DESC", organizationId: ORG });
    expect(parseLocationsState(new URLSearchParams("org=x&sort=zip&page=-1&edit=1"))).toEqual(DEFAULT_LOCATIONS_STATE);
  });

  it("writes URLs without defaults; a header link goes back to page 1 and toggles the order", () => {
    expect(locationsHref(DEFAULT_LOCATIONS_STATE)).toBe("/admin/locations/");
    const s = { org: ORG, sort: "name" as const, order: "asc" as const, page: 4, edit: null };
    expect(locationsHref({ ...s, page: 2 })).toBe(`/admin/locations/?org=${ORG}&page=2`);
    expect(sortHref(s, "name")).toBe(`/admin/locations/?org=${ORG}&order=desc`);
    expect(sortHref(s, "state")).toBe(`/admin/locations/?org=${ORG}&sort=state`);
    expect(ariaSort(s, "name")).toBe("ascending");
    expect(ariaSort(s, "city")).toBeUndefined();
  });
});
