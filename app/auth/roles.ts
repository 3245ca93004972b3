/**
 * Roles from the identity service's groups (spec 000 §6): the highest known group wins — admin-type
 * (EXER_ADMIN, then EXER_SUPPORT), then provider admin, then practitioner. Shared by server and browser.
 */
export const ROLES = ["EXER_ADMIN", "EXER_SUPPORT", "PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"] as const;
export type Role = (typeof ROLES)[number];

export type RoleResolution =
  /** No groups at all: no access to the portal (signed out with a message). */
  | { kind: "none" }
  /** Groups, none of them known: the provider-not-found page. */
  | { kind: "unknown"; groups: string[] }
  | { kind: "role"; role: Role };

/** The provider-not-found page's message (spec 000 §2.4): rendered by the page, so here, not in a server module. */
export const PROVIDER_NOT_FOUND_MESSAGE = "We didn't find a provider account for this login.";

export function resolveRole(groups: readonly string[] | null | undefined): RoleResolution {
  const list = (groups ?? []).filter((g) => typeof g === "string" && g.trim() !== "");
  if (list.length === 0) return { kind: "none" };
  const role = ROLES.find((r) => list.includes(r));
  return role ? { kind: "role", role } : { kind: "unknown", groups: [...list] };
}

/**
 * The role a user acts with: the API's (GET v2/users/current `role`, the provider's current portal role) when
 * it is one the portal knows; else the one resolved from the token's groups.
 */
export const actingRole = (apiRole: string | null | undefined, fromGroups: Role): Role => ((ROLES as readonly string[]).includes(apiRole ?? "") ? (apiRole as Role) : fromGroups);

/** Admin-type users see Switch to Admin and may open the admin area. */
export const isAdminType = (role: Role | null | undefined): boolean => role === "EXER_ADMIN" || role === "EXER_SUPPORT";

/** Provider admins (and admin-type users) see the whole organization (every location, provider and patient). */
export const isOrganizationAdmin = (role: Role | null | undefined): boolean => role !== null && role !== undefined && role !== "PORTAL_PRACTITIONER";

/**
 * ADR 026: support staff (EXER_SUPPORT) are read-only members of their own organization, as they are in the admin
 * area (ADR 015): they change nothing in it but what is theirs alone (their account, their favorite exercises,
 * their session's filter and sidebar). Every other role may change what its role allows.
 */
export const isReadOnlyRole = (role: Role | null | undefined): boolean => role === "EXER_SUPPORT";

/** Who manages the organization (locations, providers, its details): provider admins and product admins (ADR 026). */
export const canManageOrganizationAs = (role: Role | null | undefined): boolean => role === "PORTAL_PROVIDER_ADMIN" || role === "EXER_ADMIN";

/** How the spec names each role. */
export const ROLE_LABELS: Record<Role, string> = {
  EXER_ADMIN: "Product admin",
  EXER_SUPPORT: "Support",
  PORTAL_PROVIDER_ADMIN: "Admin",
  PORTAL_PRACTITIONER: "Provider",
};
