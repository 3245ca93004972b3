/**
 * The patient list's rules (000 §2.6, §4, §7, §9), pure and shared by the server and the browser: the URL
 * state (tab, search, filters, sort, page), the remembered tab and the list call's query. What the rows, the
 * dialogs and their messages need is in patient-rows.ts (the list page's own code before interaction carries this
 * file only: the rows and dialogs are loaded after it).
 *
 * URL: /patients/?tab=active|discharged&q=…&provider={id}&location={id}&sort={column}&dir=asc|desc&page=N
 */
import type { SortDir } from "../../../domain/sort-cycle";
import { pageParam } from "../../../domain/paging";
export type { SortDir };
/** 000 §9: "Page size for lists: a shared constant, value not shown (mock metadata uses 10)". */
export const LIST_PAGE_SIZE = 10;
import { PROVIDERS_LOAD_FAILED } from "../../../api/messages";

export { PROVIDERS_LOAD_FAILED };

export const TABS = [
  { value: "active", label: "Active" },
  { value: "discharged", label: "Discharged" },
] as const;
export type ListTab = (typeof TABS)[number]["value"];
export const isListTab = (v: unknown): v is ListTab => v === "active" || v === "discharged";

export type ColumnKey = "action" | "name" | "email" | "product" | "program" | "location" | "lastActivity" | "status";
export type SortColumn = Exclude<ColumnKey, "action">;
export type ApiSortBy = "LAST_ACTIVITY" | "NAME" | "EMAIL" | "STATUS" | "PROGRAM" | "LOCATION" | "PRODUCT";

const SORT_BY: Record<SortColumn, ApiSortBy> = {
  name: "NAME",
  email: "EMAIL",
  product: "PRODUCT",
  program: "PROGRAM",
  location: "LOCATION",
  lastActivity: "LAST_ACTIVITY",
  status: "STATUS",
};
const isSortColumn = (v: unknown): v is SortColumn => typeof v === "string" && v in SORT_BY;

export interface ListState {
  tab: ListTab;
  q: string;
  provider: string | null;
  /** A location id, "all" (every location, even when the shell's filter names one), or null (the shell's). */
  location: string | null;
  sort: SortColumn | null;
  dir: SortDir | null;
  page: number;
}

const ID = /^[0-9a-fA-F-]{36}$/;

/** The list's state from the URL; `savedTab` (the user's last tab) when the URL names none. */
export function parseListState(params: URLSearchParams, savedTab: ListTab = "active"): ListState {
  const tab = params.get("tab");
  const sort = params.get("sort");
  const dir = params.get("dir");
  const id = (name: string) => {
    const v = params.get(name)?.trim() ?? "";
    return ID.test(v) ? v.toLowerCase() : null;
  };
  const sorted = isSortColumn(sort) && (dir === "asc" || dir === "desc");
  return {
    tab: isListTab(tab) ? tab : savedTab,
    q: (params.get("q") ?? "").trim().slice(0, 200),
    provider: id("provider"),
    location: params.get("location")?.trim() === "all" ? "all" : id("location"),
    sort: sorted ? sort : null,
    dir: sorted ? dir : null,
    page: pageParam(params.get("page")),
  };
}

/** The URL of a list state (defaults left out; the tab always written, so a shared link shows that tab). */
export function listHref(state: ListState, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  params.set("tab", state.tab);
  if (state.q) params.set("q", state.q);
  if (state.provider) params.set("provider", state.provider);
  if (state.location) params.set("location", state.location);
  if (state.sort && state.dir) {
    params.set("sort", state.sort);
    params.set("dir", state.dir);
  }
  if (state.page > 1) params.set("page", String(state.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return `/patients/?${params.toString()}`;
}

export interface GlobalFilterLike {
  locationId: string | null;
  products: readonly string[];
}

/** The list call's query (000 §7 "Patient list"), with the shell's global filter applied. */
export function listQuery(state: ListState, filter: GlobalFilterLike) {
  const patientProducts = filter.products.filter((p) => p === "HEALTH" || p === "GAIT" || p === "PRO");
  const location = state.location === "all" ? null : (state.location ?? filter.locationId);
  return {
    page: state.page,
    limit: LIST_PAGE_SIZE,
    ...(state.q ? { search: state.q } : {}),
    ...(state.sort && state.dir ? { sortBy: SORT_BY[state.sort], orderBy: state.dir === "asc" ? ("ASC" as const) : ("DESC" as const) } : {}),
    status: state.tab === "discharged" ? ("DISCHARGED" as const) : ("ACTIVE" as const),
    ...(state.provider ? { primaryPractitionerId: state.provider } : {}),
    ...(location ? { locationId: location } : {}),
    // The API filters by one product: a single chosen product narrows the list; several (or none) do not.
    ...(patientProducts.length === 1 ? { product: patientProducts[0] as "HEALTH" | "GAIT" | "PRO" } : {}),
  };
}


/** The last tab, remembered like the shell's sidebar preference: a small cookie (a display setting, no PHI). */
export const TAB_COOKIE = "exer-patients-tab";
export function tabFromCookieHeader(header: string | null | undefined): ListTab {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.split("=");
    if (name?.trim() === TAB_COOKIE) return rest.join("=").trim() === "discharged" ? "discharged" : "active";
  }
  return "active";
}
export const tabCookie = (tab: ListTab, secure: boolean) =>
  [`${TAB_COOKIE}=${tab}`, "Path=/", `Max-Age=${365 * 24 * 60 * 60}`, "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
