/**
 * The patient list's rows and dialogs (000 §2.6, §4, §8): the columns by product access, the sort cycle, the row
 * menu's actions, the labels and the messages — pure and shared by the server and the browser, where only the list's
 * results and dialogs (loaded after the page: ADR 038) use them. The URL state is patient-list.ts.
 */
import { ariaSortOf, nextSortOf } from "../../../domain/sort-cycle";
import type { ColumnKey, ListState, SortColumn } from "./patient-list";

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

/** 000 §4 "Sort cycle": none → ASC → DESC → none; another column starts at ASC. Back to page 1. */
export function nextSort(state: ListState, column: SortColumn): ListState {
  return { ...state, ...nextSortOf<SortColumn>(state, column), page: 1 };
}

export const ariaSort = (state: ListState, column: SortColumn) => ariaSortOf<SortColumn>(state, column);

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

/** "Health, Gait" in the product order. */
export const productList = (products: readonly string[]) =>
  ["HEALTH", "GAIT", "PRO", "SCAN"]
    .filter((p) => products.includes(p))
    .map((p) => PRODUCT_NAMES[p])
    .join(", ");
