/**
 * The patient list's rules (000 §2.6, §4, §7, §9), pure and shared by the server and the browser: the URL
 * state (tab, search, filters, sort, page), the columns by product access, the sort cycle, the row menu's
 * actions and the list call's query.
 *
 * URL: /patients/?tab=active|discharged&q=…&provider={id}&location={id}&sort={column}&dir=asc|desc&page=N
 */
import { ariaSortOf, nextSortOf, type SortDir } from "../../../domain/sort-cycle";
import { pageParam } from "../../../domain/paging";
export type { SortDir };
/** 000 §9: "Page size for lists: a shared constant, value not shown (mock metadata uses 10)". */
export const LIST_PAGE_SIZE = 10;
export const EMPTY_LIST_MESSAGE = "No patients active in your organization";

/**
 * What an empty list says is empty (issue 34): the spec's words only for the active tab with nothing narrowing it;
 * a search names what it looked for, other filters say they found nothing, the discharged tab says it has none.
 */
export function emptyListMessage(state: Pick<ListState, "tab" | "q" | "provider" | "location">, narrowedByLocation: boolean): string {
  const discharged = state.tab === "discharged";
  const q = state.q.trim();
  if (q) return `No ${discharged ? "discharged " : ""}patients match '${q}'`;
  if (state.provider || narrowedByLocation) return `No ${discharged ? "discharged " : ""}patients match these filters`;
  return discharged ? "No discharged patients in your organization" : EMPTY_LIST_MESSAGE;
}
export const LIST_LOAD_FAILED = "Could not get patients.";
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

export const COLUMN_LABELS: Record<ColumnKey, string> = {
  action: "Action",
  name: "Name",
  email: "Email",
  product: "Product",
  program: "Program",
  location: "Location",
  lastActivity: "Last Activity",
  status: "Status",
};

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

/**
 * 000 §2.6: Action, Name, then by product access — Health: Email, Program, Last Activity, Status; Gait:
 * Location, Last Activity; both (mixed): Product, Program, Last Activity, Status.
 */
export function columnsFor(products: readonly string[]): ColumnKey[] {
  const health = products.includes("HEALTH");
  const gait = products.includes("GAIT");
  if (health && gait) return ["action", "name", "product", "program", "lastActivity", "status"];
  if (gait) return ["action", "name", "location", "lastActivity"];
  return ["action", "name", "email", "program", "lastActivity", "status"];
}

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

/** 000 §4 "Sort cycle": none → ASC → DESC → none; another column starts at ASC. Back to page 1. */
export function nextSort(state: ListState, column: SortColumn): ListState {
  return { ...state, ...nextSortOf<SortColumn>(state, column), page: 1 };
}

export const ariaSort = (state: ListState, column: SortColumn) => ariaSortOf<SortColumn>(state, column);

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

/** 000 §4: the health status labels. */
export const STATUS_LABELS: Record<string, string> = { NO_ASSIGNED_HEP: "No Program Assigned", NO_ACCOUNT: "Invite Sent", HAS_ACCOUNT: "Active" };

export const PRODUCT_NAMES: Record<string, string> = { HEALTH: "Health", GAIT: "Gait", PRO: "PRO", SCAN: "Scan" };

export const patientHref = (patientRecordId: string) => `/patients/${encodeURIComponent(patientRecordId)}/`;
export const patientDialogHref = (patientRecordId: string, dialog: "edit-details" | "discharge" | "resend-invite") => `${patientHref(patientRecordId)}?dialog=${dialog}`;

export interface RowRecord {
  id: string;
  products: readonly string[];
  discharged: boolean;
  dischargeDate: string | null;
  productData: { health: { status: string } | null };
}

export type RowAction =
  | { kind: "assign-program"; label: "Assign Program" }
  | { kind: "invite"; label: "Send Invite" }
  | { kind: "edit"; label: "Edit" }
  | { kind: "add-product"; label: string; product: "HEALTH" | "GAIT" }
  | { kind: "discharge"; label: "Discharge" | "Schedule Discharge" };

/**
 * 000 §2.6 row menu: Assign Program (status NO_ASSIGNED_HEP), the account invite (NO_ACCOUNT), Edit, Add To
 * the other product (when the organization holds it and the patient does not), and Discharge — or Schedule
 * Discharge when a discharge date is already set (to change it).
 */
export function rowActions(record: RowRecord, userProducts: readonly string[]): RowAction[] {
  const actions: RowAction[] = [];
  const status = record.productData.health?.status;
  // A discharged patient is not invited nor discharged again (issue 34): Edit and Add To remain.
  if (status === "NO_ASSIGNED_HEP") actions.push({ kind: "assign-program", label: "Assign Program" });
  if (status === "NO_ACCOUNT" && !record.discharged) actions.push({ kind: "invite", label: "Send Invite" });
  actions.push({ kind: "edit", label: "Edit" });
  const other = otherProduct(record.products, userProducts);
  if (other) actions.push({ kind: "add-product", label: `Add To ${PRODUCT_NAMES[other]}`, product: other });
  if (!record.discharged) actions.push({ kind: "discharge", label: record.dischargeDate === null ? "Discharge" : "Schedule Discharge" });
  return actions;
}

/** The product (Health or Gait) the organization holds and the patient does not, if exactly one. */
export function otherProduct(patientProducts: readonly string[], userProducts: readonly string[]): "HEALTH" | "GAIT" | null {
  const missing = (["HEALTH", "GAIT"] as const).filter((p) => userProducts.includes(p) && !patientProducts.includes(p));
  const holdsOne = patientProducts.includes("HEALTH") || patientProducts.includes("GAIT");
  return missing.length === 1 && holdsOne ? missing[0]! : null;
}

/** 000 §8: 'Successfully added patient to' the product (no full stop, like 'Successfully discharged' {name}). */
export const addedToProductMessage = (product: string) => `Successfully added patient to ${PRODUCT_NAMES[product] ?? product}`;
export const INVITE_SENT = "Invite successfully sent.";
export const INVITE_FAILED = "Invite could not be sent.";

/** 000 §8: 'Patient added.' (gait or single-product add), the Health message otherwise. */
export const patientAddedMessage = (products: readonly string[]) =>
  products.includes("HEALTH") ? "Patient added to Provider Portal. Please assign Program as a next step." : "Patient added.";

/** 002 §8: 'Upload was successful.' or 'Upload was successful. N patient record(s) was or were updated.' */
export function uploadSuccessMessage(count: number | null): string {
  if (count === null) return "Upload was successful.";
  return `Upload was successful. ${count} patient record(s) ${count === 1 ? "was" : "were"} updated.`;
}

/** The API's import problems ("Line 3: email: …; Line 7: …; and 4 more") as a list, one per line. */
export function splitProblems(message: string): string[] {
  return message
    .split(/;\s+(?=Line \d+:|and \d+ more$)/)
    .map((s) => s.trim())
    .filter(Boolean);
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

/** "Health, Gait" in the product order. */
export const productList = (products: readonly string[]) =>
  ["HEALTH", "GAIT", "PRO", "SCAN"]
    .filter((p) => products.includes(p))
    .map((p) => PRODUCT_NAMES[p])
    .join(", ");
