/**
 * The global filter on the server: kept in the session (`filter`), so it follows the user across reloads,
 * tabs and portal restarts, and logout (which clears the session) clears it. Page loaders that filter by
 * location or product read it with `getGlobalFilter`.
 */
import type { PortalLoadContext } from "../context";
import { LOCATIONS_LOAD_FAILED, listLocations } from "../api/locations.server";
import { getApi } from "../api/user-api.server";
import { isOrganizationAdmin } from "../auth/roles";
import { getSession } from "../auth/session.server";
import { type CurrentUser } from "../auth/user.server";
import { currentUser } from "../auth/current-user.server";
import { locationChoices, parseSavedFilter, productOptions, restrictFilter, type GlobalFilter, type LocationOption } from "./filter";
import type { ProductKey } from "./nav";

export interface FilterState {
  filter: GlobalFilter;
  locations: LocationOption[];
  products: ProductKey[];
  /** 'Could not get locations.' when the organization's locations could not be loaded. */
  locationsError: string | null;
}

/** The saved filter as stored (unchecked against the current choices). */
export function readSavedFilter(request: Request, context: PortalLoadContext): GlobalFilter {
  return parseSavedFilter(getSession(request, context).get("filter"));
}

export function saveFilter(request: Request, context: PortalLoadContext, filter: GlobalFilter): void {
  getSession(request, context).set("filter", { locationId: filter.locationId, products: filter.products });
}

/**
 * The filter's choices for this user — a practitioner's own locations (no call needed), or the organization's
 * (GET v2/locations) — and the saved filter restricted to them.
 */
export async function loadFilterState(request: Request, context: PortalLoadContext, user: CurrentUser): Promise<FilterState> {
  let organizationLocations: LocationOption[] | null = null;
  let locationsError: string | null = null;
  if (isOrganizationAdmin(user.role)) {
    const result = await listLocations(getApi(request, context));
    if (result.data) organizationLocations = result.data.map((l) => ({ id: l.id, name: l.name }));
    else locationsError = LOCATIONS_LOAD_FAILED;
  }
  const locations = locationChoices(user.role, user.locations, organizationLocations);
  const products = productOptions(user.organization.products);
  const saved = readSavedFilter(request, context);
  // Without the organization's list, a saved location cannot be checked: keep it rather than lose it.
  const filter = locationsError && saved.locationId ? { ...restrictFilter(saved, { locations, products }), locationId: saved.locationId } : restrictFilter(saved, { locations, products });
  return { filter, locations, products, locationsError };
}

/**
 * For page loaders: the signed-in user's filter (the products limited to the user's; the location as saved —
 * a practitioner's among their own locations; an organization's was checked when it was chosen, and the
 * provider API enforces the user's scope anyway).
 */
export function getGlobalFilter(request: Request, context: PortalLoadContext): GlobalFilter {
  const user = currentUser(context);
  const saved = readSavedFilter(request, context);
  const ownOnly = !isOrganizationAdmin(user.role);
  const locationId = ownOnly && saved.locationId !== null && !user.locations.some((l) => l.id === saved.locationId) ? null : saved.locationId;
  return { locationId, products: productOptions(user.organization.products).filter((p) => saved.products.includes(p)) };
}
