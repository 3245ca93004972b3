/**
 * The global filter (000 §2.2, 003 §3): a location (or none: all locations) and a list of products (none:
 * all products). Pure rules shared by the server and the browser; the session keeps the value
 * (filter.server.ts), so it survives reloads and portal restarts and is gone after logout.
 */
import type { Role } from "../auth/roles";
import type { ProductKey } from "./nav";
import { compareKeys, compareText } from "../domain/collate";

/** Where the filter controls post (app/shell/filter-controls.tsx; routes/shell.filter.tsx). */
export const FILTER_ACTION = "/shell/filter";
/** The controls' fetcher key: other components (progress, pages) can watch the save. */
export const FILTER_FETCHER_KEY = "global-filter";

export interface GlobalFilter {
  locationId: string | null;
  products: ProductKey[];
}

export interface LocationOption {
  id: string;
  name: string;
}

export const EMPTY_FILTER: GlobalFilter = { locationId: null, products: [] };

export const PRODUCT_KEYS: readonly ProductKey[] = ["HEALTH", "GAIT", "PRO", "SCAN"];
export const PRODUCT_LABELS: Record<ProductKey, string> = { HEALTH: "Health", GAIT: "Gait", PRO: "PRO", SCAN: "Scan" };
export const ALL_PRODUCTS_LABEL = "All Products";

const isProductKey = (v: unknown): v is ProductKey => typeof v === "string" && (PRODUCT_KEYS as readonly string[]).includes(v);
const ID = /^[\w-]{1,64}$/;

/** Whatever the session holds → a filter (anything malformed is dropped, never trusted). */
export function parseSavedFilter(raw: unknown): GlobalFilter {
  if (!raw || typeof raw !== "object") return { ...EMPTY_FILTER };
  const r = raw as { locationId?: unknown; products?: unknown };
  const locationId = typeof r.locationId === "string" && ID.test(r.locationId) ? r.locationId : null;
  const products = Array.isArray(r.products) ? [...new Set(r.products.filter(isProductKey))] : [];
  return { locationId, products };
}

/** The form's fields (`locationId`, repeated `products`) → a filter (not yet checked against the user's choices). */
export function filterFromForm(form: FormData): GlobalFilter {
  const location = form.get("locationId");
  return parseSavedFilter({
    locationId: typeof location === "string" && location.trim() !== "" ? location.trim() : null,
    products: form.getAll("products"),
  });
}

/**
 * The locations the user may filter by: a practitioner only their own (000 §6); provider admins and
 * admin-type users every location of the organization (`organizationLocations`, null when it could not be
 * loaded — then the user's own are all we know).
 */
export function locationChoices(role: Role, ownLocations: readonly LocationOption[], organizationLocations: readonly LocationOption[] | null): LocationOption[] {
  const byName = (a: LocationOption, b: LocationOption) => compareText(a.name, b.name) || compareKeys(a.id, b.id);
  const pick = (l: LocationOption) => ({ id: l.id, name: l.name });
  if (role === "PORTAL_PRACTITIONER" || organizationLocations === null) return ownLocations.map(pick).sort(byName);
  return organizationLocations.map(pick).sort(byName);
}

/** Keeps only what the user may choose: a location among `locations`, products among `products` (in their order). */
export function restrictFilter(filter: GlobalFilter, allowed: { locations: readonly LocationOption[]; products: readonly string[] }): GlobalFilter {
  const locationId = filter.locationId !== null && allowed.locations.some((l) => l.id === filter.locationId) ? filter.locationId : null;
  const products = PRODUCT_KEYS.filter((p) => allowed.products.includes(p) && filter.products.includes(p));
  return { locationId, products };
}

/** "All Products" or "Health, Gait" (in the product order). */
export function productsSummary(selected: readonly ProductKey[]): string {
  const list = PRODUCT_KEYS.filter((p) => selected.includes(p));
  return list.length === 0 ? ALL_PRODUCTS_LABEL : list.map((p) => PRODUCT_LABELS[p]).join(", ");
}

/** The user's products in the product order (the Products options). */
export function productOptions(products: readonly string[]): ProductKey[] {
  return PRODUCT_KEYS.filter((p) => products.includes(p));
}

/** Locations whose name contains every word typed (the autocomplete), case- and accent-insensitive. */
export function matchLocations(options: readonly LocationOption[], query: string): LocationOption[] {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const name = fold(o.name);
    return words.every((w) => name.includes(w));
  });
}
