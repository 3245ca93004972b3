/**
 * The rules of `/admin/organizations/` (003 §2 Organizations list, §4, §8): the URLs of its dialogs, the spec's
 * messages (verbatim), the intents of its posts, and the table's rows. Pure: shared by server and browser.
 *
 * URL state:
 * - `?add=1`: Add New Organization, step 1 (the form);
 * - `?add=logo&organization={id}`: step 2, 'Upload image for {org name}' (the organization exists by then);
 * - `?add=done`: the end of the flow (Skip, Cancel, close): the loader answers 'Organization Added.' and the list —
 *   only when this session's step 1 has just created an organization (the URL alone says nothing happened);
 * - `?disable={id}`: the confirmation of Disable (it revokes a whole customer's access).
 */
import { PRODUCT_LABELS } from "../../../shell/filter";
import { timezoneText } from "../../../domain/us-timezones";
import { isUuid } from "../../../domain/uuid";
import { ADMIN_ROUTES } from "../../../shell/admin-nav";
import type { ProductKey } from "./organization-form";

export const ORGANIZATIONS_PATH = ADMIN_ROUTES.organizations;

export const ORGANIZATION_MESSAGES = {
  added: "Organization Added.",
  enabled: "Successfully enabled organization",
  enableFailed: "Failed to enable organization",
  disabled: "Successfully disabled organization",
  disableFailed: "Failed to disable organization",
  // Not the spec's: a logo uploaded to an organization that this session's Add New Organization did not just create.
  logoUploaded: "Logo uploaded.",
  loadFailed: "Could not get organizations.",
  // Not the spec's: a dialog's organization that the list no longer has.
  notFound: "That organization was not found.",
  noOrganizations: "There are no organizations yet.",
} as const;

export const INTENTS = { create: "create-organization", logo: "upload-logo", enable: "enable-organization", disable: "disable-organization" } as const;
export type OrganizationsIntent = (typeof INTENTS)[keyof typeof INTENTS];

/** The step-2 form's file field. */
export const LOGO_FIELD = "logo";
/** The hidden field naming the organization of a row's post or of step 2. */
export const ORGANIZATION_ID_FIELD = "organizationId";

export type OrganizationsDialog = { kind: "add" } | { kind: "logo"; organizationId: string } | { kind: "disable"; organizationId: string };

/** The dialog a URL asks for, or null (an unknown value or a malformed id opens nothing). */
export function dialogOf(params: URLSearchParams): OrganizationsDialog | null {
  const add = params.get("add");
  if (add === "1") return { kind: "add" };
  const organizationId = params.get("organization");
  if (add === "logo" && isUuid(organizationId)) return { kind: "logo", organizationId: organizationId! };
  const disable = params.get("disable");
  if (disable !== null && isUuid(disable)) return { kind: "disable", organizationId: disable };
  return null;
}

/** `?add=done`: the flow ended (its toast, then the list). */
export const isAddDone = (params: URLSearchParams) => params.get("add") === "done";

export const organizationsHref = (dialog?: OrganizationsDialog | "add-done"): string => {
  if (!dialog) return ORGANIZATIONS_PATH;
  if (dialog === "add-done") return `${ORGANIZATIONS_PATH}?add=done`;
  switch (dialog.kind) {
    case "add":
      return `${ORGANIZATIONS_PATH}?add=1`;
    case "logo":
      return `${ORGANIZATIONS_PATH}?add=logo&organization=${encodeURIComponent(dialog.organizationId)}`;
    case "disable":
      return `${ORGANIZATIONS_PATH}?disable=${encodeURIComponent(dialog.organizationId)}`;
  }
};

/** 'Upload image for {org name}' (003 §2). */
export const logoStepTitle = (name: string) => `Upload image for ${name}`;

export interface OrganizationListItem {
  id: string;
  name: string;
  timezone: string;
  products: readonly string[];
  disabled?: boolean | null;
}

export interface OrganizationRow {
  id: string;
  name: string;
  timezone: string;
  products: string;
  disabled: boolean;
}

const productLabel = (p: string) => PRODUCT_LABELS[p as ProductKey] ?? p;

/** A row of the table: the zone in words, the products by their labels in the product order. */
export function toRow(o: OrganizationListItem): OrganizationRow {
  const order = Object.keys(PRODUCT_LABELS);
  const products = [...o.products].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map(productLabel);
  return { id: o.id, name: o.name, timezone: timezoneText(o.timezone), products: products.length ? products.join(", ") : "None", disabled: o.disabled === true };
}

/** The toast of an enable or disable. */
export function toggleToast(intent: typeof INTENTS.enable | typeof INTENTS.disable, failed: string | null): { type: "success" | "error"; message: string } {
  const M = ORGANIZATION_MESSAGES;
  if (intent === INTENTS.enable) return failed === null ? { type: "success", message: M.enabled } : { type: "error", message: `${M.enableFailed}. ${failed}` };
  return failed === null ? { type: "success", message: M.disabled } : { type: "error", message: `${M.disableFailed}. ${failed}` };
}
