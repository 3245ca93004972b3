/**
 * Who may do what in Your Organization (001 §6): every signed-in user of the organization sees its pages
 * (a practitioner and support staff read-only: ADR 026); only provider admins (and product admins, for their own
 * organization) add or edit locations, invite, edit or delete providers, resend invites and edit the organization. Enforced here,
 * on the server, for every admin-only loader state (a dialog URL) and every post — not only by hiding the
 * controls; the provider API enforces the same rules again (403).
 */
import { data } from "react-router";
import type { PortalLoadContext } from "../../context";
import { currentUser } from "../../auth/current-user.server";
import type { CurrentUser } from "../../auth/user.server";
import { canManageOrganizationAs, isReadOnlyRole } from "../../auth/roles";
import { SUPPORT_CANNOT_CHANGE } from "../admin/access";

/** The 403 screen's message for a non-admin's post to an admin-only action. */
export const ADMIN_ONLY_MESSAGE = "Only admins of your organization can make this change.";

/** The signed-in user when they may manage the organization; else 403 with ADMIN_ONLY_MESSAGE. */
export function requireOrganizationAdmin(context: PortalLoadContext): CurrentUser {
  const user = currentUser(context);
  if (!canManageOrganizationAs(user.role)) throw data({ message: isReadOnlyRole(user.role) ? SUPPORT_CANNOT_CHANGE : ADMIN_ONLY_MESSAGE }, { status: 403 });
  return user;
}

/** Whether the user may see the admin-only controls (the same rule as `requireOrganizationAdmin`). */
export const canManageOrganization = (user: Pick<CurrentUser, "role">): boolean => canManageOrganizationAs(user.role);
