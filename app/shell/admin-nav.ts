/**
 * The admin area's routes and sidebar (003 §2): apart from the portal's (nav.ts), so that the signed-in shell's
 * JavaScript, which every portal page loads, does not carry them (ADR 038).
 */
import type { Role } from "../auth/roles";
import { LOGOUT, ROUTES, type IconName, type NavItem, type NavLink } from "./nav";

export const ADMIN_ROUTES = {
  organizations: "/admin/organizations/",
  locations: "/admin/locations/",
  scanClientVersions: "/admin/scan/client-versions/",
  scanSessions: "/admin/scan/sessions/",
  scanOrganizations: "/admin/scan/organizations/",
  gaitSessions: "/admin/gait/sessions",
  proForms: "/admin/pros/forms/",
  proResponses: "/admin/pros/responses/",
  signupLink: "/admin/users/signup-link",
  findByUuid: "/admin/users/find-by-uuid",
  accessHistory: "/admin/access-history",
  insights: "/admin/insights",
  settings: "/admin/settings/",
} as const;

/** The admin sidebar (003 §2). */
export function adminNav(): NavItem[] {
  const link = (id: string, label: string, href: string, icon: IconName, match?: string[]): NavLink => ({ kind: "link", id, label, href, icon, match });
  return [
    link("admin-organizations", "Organizations", ADMIN_ROUTES.organizations, "organization"),
    link("admin-locations", "Locations", ADMIN_ROUTES.locations, "locations"),
    {
      kind: "section",
      id: "admin-scan",
      label: "Scan",
      icon: "scan",
      match: ["/admin/scan"],
      children: [
        link("admin-scan-client-versions", "Client Versions", ADMIN_ROUTES.scanClientVersions, "versions"),
        link("admin-scan-sessions", "Sessions", ADMIN_ROUTES.scanSessions, "sessions"),
        link("admin-scan-organizations", "Manage Orgs", ADMIN_ROUTES.scanOrganizations, "organization"),
      ],
    },
    { kind: "section", id: "admin-gait", label: "Gait", icon: "gait", match: ["/admin/gait"], children: [link("admin-gait-sessions", "Sessions", ADMIN_ROUTES.gaitSessions, "sessions")] },
    {
      kind: "section",
      id: "admin-pros",
      label: "PROs",
      icon: "forms",
      match: ["/admin/pros"],
      children: [link("admin-pro-forms", "PRO Forms", ADMIN_ROUTES.proForms, "forms"), link("admin-pro-responses", "PRO Responses", ADMIN_ROUTES.proResponses, "reports")],
    },
    {
      kind: "section",
      id: "admin-users",
      label: "Users",
      icon: "users",
      match: ["/admin/users"],
      children: [
        link("admin-signup-link", "Get Provider Signup Link", ADMIN_ROUTES.signupLink, "providers"),
        link("admin-find-by-uuid", "Get User By UUID", ADMIN_ROUTES.findByUuid, "account"),
        link("admin-access-history", "Access History", ADMIN_ROUTES.accessHistory, "reports"),
      ],
    },
    link("admin-insights", "Insights", ADMIN_ROUTES.insights, "insights"),
    link("admin-settings", "Admin Settings", ADMIN_ROUTES.settings, "settings"),
    LOGOUT,
    link("switch-to-portal", "Switch to Portal", ROUTES.home, "portal", []),
  ];
}

/** Where `/admin/` sends each class of admin (003 §2): support to Admin Settings, product admins to Organizations. */
export const adminHome = (role: Role | null | undefined): string => (role === "EXER_SUPPORT" ? ADMIN_ROUTES.settings : ADMIN_ROUTES.organizations);
