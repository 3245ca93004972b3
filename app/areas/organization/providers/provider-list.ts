/**
 * The Providers page's pure rules (001 §2.8, §4 Providers, §6, §8, §9): its URL state (tab, dialog), the split
 * into current and invited users with their counts, role labels, who may be edited, removed or re-invited,
 * and the page's messages. Shared by the server and the browser.
 */
import type { ApiError, ApiResult } from "../../../api/result";
import { ROLE_LABELS, type Role } from "../../../auth/roles";
import { apiErrorFields } from "../../../forms/api-error";
import { displayName, fullName } from "../../../domain/names";
import { ORGANIZATION_PATHS } from "../organization-paths";
import { PROVIDER_ROLES, type ProviderRole } from "../forms/provider-values";
import { LOCATIONS_LOAD_FAILED, PROVIDERS_LOAD_FAILED } from "../../../api/messages";

export { LOCATIONS_LOAD_FAILED, PROVIDERS_LOAD_FAILED };

export const PROVIDERS_PATH = ORGANIZATION_PATHS.providers;

// 001 §2.8 and §8, verbatim.
export const NO_USERS = "No users added yet.";
export const INVITE_SENT_TO_PROVIDER = "Email invite successfully sent to the provider.";
export const INVITE_RESENT = "Invite successfully sent.";
export const INVITE_RESEND_FAILED = "Invite could not be sent.";
/** Not the spec's (ADR 027): an admin's reset of a provider's two-step verification. */
export const mfaResetDone = (name: string) => `Two-step verification of ${name} was reset. They set it up again at their next sign-in if it is required.`;
export const MFA_RESET_FAILED = "Two-step verification could not be reset.";
export const UPDATE_FAILED = "Could not update practitioner.";
export const REMOVE_FAILED = "There was a problem removing that provider.";
// Not in the spec (it has no success message for these, nor for the refusals): the portal's own.
export const providerUpdated = (name: string) => `Successfully updated ${name}.`;
export const providerRemoved = (name: string) => `${name} has been removed from your organization.`;
export const NOT_FOUND_IN_ORGANIZATION = "That provider is not part of your organization any more.";
export const NOT_AN_ADMIN = "Only admins of your organization can edit or remove providers.";
export const CANNOT_EDIT_SELF = "You cannot edit or remove your own provider account.";
export const CANNOT_EDIT_STAFF = "Only product admins can manage product admin and support accounts.";
export const NO_LOCATIONS_YET = "Your organization has no locations yet. Add one on the Organization Details page first.";

export const PROVIDER_TABS = ["current", "invited"] as const;
export type ProviderTab = (typeof PROVIDER_TABS)[number];

export type ProvidersDialog = { kind: "invite" } | { kind: "edit"; id: string } | { kind: "delete"; id: string } | null;

export interface ProvidersState {
  tab: ProviderTab;
  dialog: ProvidersDialog;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isProviderId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** `?tab=invited` → the Invited Users tab; anything else the Current Users tab. */
export const tabOf = (params: URLSearchParams): ProviderTab => (params.get("tab") === "invited" ? "invited" : "current");

/** `?dialog=invite`, `?dialog=edit&provider={id}`, `?dialog=delete&provider={id}`; anything else none. */
export function dialogOf(params: URLSearchParams): ProvidersDialog {
  const dialog = params.get("dialog");
  if (dialog === "invite") return { kind: "invite" };
  const id = params.get("provider");
  if ((dialog === "edit" || dialog === "delete") && isProviderId(id)) return { kind: dialog, id: id.toLowerCase() };
  return null;
}

export const parseProvidersState = (params: URLSearchParams): ProvidersState => ({ tab: tabOf(params), dialog: dialogOf(params) });

/** The page's URL: the tab (the current one is the default, not written) and a dialog. */
export function providersHref(state: { tab: ProviderTab; dialog?: ProvidersDialog }): string {
  const params = new URLSearchParams();
  if (state.tab === "invited") params.set("tab", "invited");
  const dialog = state.dialog;
  if (dialog) {
    params.set("dialog", dialog.kind);
    if (dialog.kind !== "invite") params.set("provider", dialog.id);
  }
  const search = params.toString();
  return search ? `${PROVIDERS_PATH}?${search}` : PROVIDERS_PATH;
}

/** 001 §4: invited = no userId (only invited), current = has a userId. */
export const isInvited = (p: { userId: string | null }) => !p.userId;

export const tabLabel = (tab: ProviderTab, count: number) => `${tab === "current" ? "Current Users" : "Invited Users"} (${count})`;

/** The rows of each tab (in the API's order: by last and first name) and their counts. */
export function splitByTab<T extends { invited: boolean }>(rows: readonly T[]): Record<ProviderTab, T[]> & { counts: Record<ProviderTab, number> } {
  const current = rows.filter((r) => !r.invited);
  const invited = rows.filter((r) => r.invited);
  return { current, invited, counts: { current: current.length, invited: invited.length } };
}

/** 001 §9 'Role labels: Provider, Admin' (and the staff roles by their names). */
export const roleLabel = (role: string): string => ROLE_LABELS[role as Role] ?? role;

export const roleOptions = (roles: readonly ProviderRole[]) => roles.map((value) => ({ value, label: roleLabel(value) }));

const STAFF_ROLES: readonly string[] = ["EXER_ADMIN", "EXER_SUPPORT"];

export interface Viewer {
  role: Role;
  practitionerId: string;
  /** May manage the organization (canManageOrganization). */
  canManage: boolean;
}

export interface ProviderLike {
  id: string;
  userId: string | null;
  role: string;
}

/**
 * Why the viewer may not edit or remove `p`, or null when they may. 001 §4: only current users other than
 * oneself, and invited users, can be edited; the API also keeps product admin and support accounts for
 * product admins (ADR 010), and only gives roles the form can offer.
 */
export function manageRefusal(viewer: Viewer, p: ProviderLike): string | null {
  if (!viewer.canManage) return NOT_AN_ADMIN;
  if (p.id.toLowerCase() === viewer.practitionerId.toLowerCase()) return CANNOT_EDIT_SELF;
  if (STAFF_ROLES.includes(p.role) && viewer.role !== "EXER_ADMIN") return CANNOT_EDIT_STAFF;
  return null;
}

export const canRemove = (viewer: Viewer, p: ProviderLike) => manageRefusal(viewer, p) === null;
/** Editing also needs the provider's role to be one the form can give (not EXER_SUPPORT). */
export const canEdit = (viewer: Viewer, p: ProviderLike) => canRemove(viewer, p) && (PROVIDER_ROLES as readonly string[]).includes(p.role);
/** 001 §2.8: invited users can be resent an invite (admins only). */
export const canResend = (viewer: Viewer, p: ProviderLike) => viewer.canManage && isInvited(p) && !(STAFF_ROLES.includes(p.role) && viewer.role !== "EXER_ADMIN");

/** ADR 027: a provider with an account (not oneself; staff only by product admins) can have their two-step verification reset. */
export const canResetMfa = (viewer: Viewer, p: ProviderLike) => canRemove(viewer, p) && !isInvited(p);

export interface ProviderSource extends ProviderLike {
  firstName: string;
  lastName: string;
  email: string;
  locations: { id: string; name: string }[];
  invitedAt: string | null;
  /** What a claim names (issue 32); absent in older callers' data. */
  npi?: string | null;
  credential?: "PT" | "PTA" | "OTHER" | null;
}

/** A row of the table and what the viewer may do with it. */
export interface ProviderRow {
  id: string;
  name: string;
  fullName: string;
  email: string;
  role: string;
  roleLabel: string;
  locations: { id: string; name: string }[];
  invited: boolean;
  invitedAt: string | null;
  npi: string | null;
  credential: "PT" | "PTA" | "OTHER" | null;
  self: boolean;
  canEdit: boolean;
  canRemove: boolean;
  canResend: boolean;
  canResetMfa: boolean;
}

export function toRow(viewer: Viewer, p: ProviderSource): ProviderRow {
  return {
    id: p.id,
    name: displayName(p),
    fullName: fullName(p),
    email: p.email,
    role: p.role,
    roleLabel: roleLabel(p.role),
    locations: p.locations.map((l) => ({ id: l.id, name: l.name })),
    invited: isInvited(p),
    invitedAt: p.invitedAt,
    npi: p.npi ?? null,
    credential: p.credential ?? null,
    self: p.id.toLowerCase() === viewer.practitionerId.toLowerCase(),
    canEdit: canEdit(viewer, p),
    canRemove: canRemove(viewer, p),
    canResend: canResend(viewer, p),
    canResetMfa: canResetMfa(viewer, p),
  };
}

/** The Location column: the provider's location names. */
export const locationNames = (locations: readonly { name: string }[]) => locations.map((l) => l.name).join(", ");

export type ProvidersList =
  | { error: null; current: ProviderRow[]; invited: ProviderRow[]; counts: Record<ProviderTab, number> }
  | { error: string; current: null; invited: null; counts: null };

/** The list call's result as the page's tabs; a failed call is 'Could not get providers.' (001 §8). */
export function toList(result: ApiResult<readonly ProviderSource[]>, viewer: Viewer): ProvidersList {
  if (result.error) return { error: PROVIDERS_LOAD_FAILED, current: null, invited: null, counts: null };
  const { current, invited, counts } = splitByTab(result.data.map((p) => toRow(viewer, p)));
  return { error: null, current, invited, counts };
}

/** A refused invite on the form (001 §8 'the server message inline'): an e-mail already used (409) at the e-mail. */
export function inviteErrorFields(error: ApiError) {
  if (error.status === 409) return { fieldErrors: { email: [error.message] } };
  return apiErrorFields(error, ["firstName", "lastName", "email", "role", "locationIds", "useSSO"]);
}
