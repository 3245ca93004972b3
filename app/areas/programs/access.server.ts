/**
 * Who may open the programs pages (001 §2, §6): the program features (Program Templates, the template detail)
 * are for Health users — users of an organization holding HEALTH; Paths and Modules only for the staff on the
 * configured lists (PATHS_STAFF_EMAILS, MODULES_STAFF_EMAILS). Anyone else gets the not-found page (404): the
 * rule is enforced here, on the server, not only by hiding the sidebar items (app/shell/nav.ts).
 */
import { data } from "react-router";
import type { PortalLoadContext } from "../../context";
import { getConfig } from "../../config.server";
import { currentUser, requireProduct } from "../../auth/current-user.server";
import type { CurrentUser } from "../../auth/user.server";
import { isListedStaff } from "../../shell/nav";

/** The signed-in user of an organization with Health; else the 404 page. */
export const requireHealthUser = (context: PortalLoadContext): CurrentUser => requireProduct(context, "HEALTH");

/** The signed-in user when on the staff list of `page`; else the 404 page. */
export function requireListedStaff(context: PortalLoadContext, page: "paths" | "modules"): CurrentUser {
  const user = currentUser(context);
  const { staff } = getConfig();
  if (!isListedStaff(user.email, page === "paths" ? staff.pathsEmails : staff.modulesEmails)) throw data(null, { status: 404 });
  return user;
}
