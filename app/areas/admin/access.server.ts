/**
 * Who may do what in the admin area (ADR 015). Admin-type users (EXER_ADMIN, EXER_SUPPORT) open every admin
 * screen; anyone else is redirected to the root (003 §2). Changes are for product admins (EXER_ADMIN); support
 * staff (EXER_SUPPORT) may only set or reset the scan-modules override. The reference API enforces the same rule.
 */
import { data } from "react-router";
import type { PortalLoadContext } from "../../context";
import { isAdminType } from "../../auth/roles";
import { requireRole } from "../../auth/current-user.server";
import type { CurrentUser } from "../../auth/user.server";
import { canChangeAdmin, SUPPORT_CANNOT_CHANGE } from "./access";

/** Any admin-type user; others are redirected to the root. For every admin loader. */
export const requireAdmin = (context: PortalLoadContext): CurrentUser => requireRole(context, isAdminType);

/** A product admin; support staff get 403 with SUPPORT_CANNOT_CHANGE; non-admins are redirected to the root. */
export function requireProductAdmin(context: PortalLoadContext): CurrentUser {
  const user = requireAdmin(context);
  if (!canChangeAdmin(user.role)) throw data({ message: SUPPORT_CANNOT_CHANGE }, { status: 403 });
  return user;
}
