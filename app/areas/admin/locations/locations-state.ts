/**
 * The admin Locations page's state, all in the URL (003 §2 "Admin locations", §9):
 *
 *   org=<organizationId>     the Organizations filter ('All Organizations' when absent)
 *   sort=name|organization|city|state, order=asc|desc
 *                            the sort (default Name ascending, 003 §9); a header link changes it (page 1)
 *   page=<n>                 the page (the filter form never carries it: a filter change is page 1)
 *   edit=<locationId>        the row whose keyword is being edited (inline form; product admins only)
 *
 * Pure: the loader, the page's links and the unit tests use it alike.
 */
import type { AdminLocationQuery } from "../../../api/admin-lists.server";
import { isUuid } from "../../../domain/uuid";
import { pageParam } from "../../../domain/paging";

export const LOCATIONS_PATH = "/admin/locations/";
/** 003 §9 lists page sizes 10, 18 and 5 without their purpose: the locations table uses 10. */
export const LOCATIONS_PAGE_SIZE = 10;

/** The longest keyword as typed (the edit input's maxLength: the contract's, surrounding spaces included; the
 * keyword itself is at most KEYWORD_MAX_LENGTH, app/domain/location-keyword.ts). */
export const KEYWORD_MAX = 64;

export const LOCATION_SORTS = ["name", "organization", "city", "state"] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];
export type SortOrder = "asc" | "desc";

export interface LocationsState {
  org: string | null;
  sort: LocationSort;
  order: SortOrder;
  page: number;
  edit: string | null;
}

export const DEFAULT_LOCATIONS_STATE: LocationsState = { org: null, sort: "name", order: "asc", page: 1, edit: null };

export function parseLocationsState(params: URLSearchParams): LocationsState {
  const org = params.get("org")?.trim().toLowerCase() ?? "";
  const sort = params.get("sort")?.toLowerCase() as LocationSort;
  const edit = params.get("edit")?.trim().toLowerCase() ?? "";
  return {
    org: isUuid(org) ? org : null,
    sort: LOCATION_SORTS.includes(sort) ? sort : "name",
    order: params.get("order")?.toLowerCase() === "desc" ? "desc" : "asc",
    page: pageParam(params.get("page")),
    edit: isUuid(edit) ? edit : null,
  };
}

export const locationsQuery = (s: LocationsState): AdminLocationQuery => ({
  page: s.page,
  limit: LOCATIONS_PAGE_SIZE,
  sortBy: s.sort.toUpperCase() as AdminLocationQuery["sortBy"],
  orderBy: s.order === "desc" ? "DESC" : "ASC",
  ...(s.org ? { organizationId: s.org } : {}),
});

/** The page's URL for a state (defaults left out). */
export function locationsHref(s: Partial<LocationsState>): string {
  const p = new URLSearchParams();
  if (s.org) p.set("org", s.org);
  if (s.sort && s.sort !== "name") p.set("sort", s.sort);
  if (s.order === "desc") p.set("order", "desc");
  if (s.page && s.page > 1) p.set("page", String(s.page));
  if (s.edit) p.set("edit", s.edit);
  const q = p.toString();
  return q ? `${LOCATIONS_PATH}?${q}` : LOCATIONS_PATH;
}

/** A header's link: the column ascending, or the other direction when it is already the sort; back to page 1. */
export function sortHref(s: LocationsState, column: LocationSort): string {
  const order: SortOrder = s.sort === column && s.order === "asc" ? "desc" : "asc";
  return locationsHref({ org: s.org, sort: column, order });
}

/** aria-sort of a header. */
export const ariaSort = (s: LocationsState, column: LocationSort): "ascending" | "descending" | undefined =>
  s.sort === column ? (s.order === "asc" ? "ascending" : "descending") : undefined;
