/**
 * The sidebars' items as pure rules (spec 000 §2.2 for the portal; the admin area's, 003 §2, in admin-nav.ts, so that
 * the signed-in shell's JavaScript does not carry them: ADR 038). Shared by the server and the browser: no secrets in here — the staff e-mail lists stay on the server, which passes only
 * whether the user is on them.
 */
import type { Role } from "../auth/roles";
import { isAdminType } from "../auth/roles";

export type ProductKey = "HEALTH" | "GAIT" | "PRO" | "SCAN";

/** The product's route constants (000 §2.1, 001 §2, 002 §2, 003 §2). Most pages arrive in later issues. */
export const ROUTES = {
  home: "/home/",
  patients: "/patients/",
  addPatient: "/patients/?add=true",
  scanSessions: "/scan/sessions/",
  scanReports: "/scan/reports/",
  gaitReports: "/gait/reports/",
  rtmBilling: "/rtm-billing/cycles-by-month/",
  motionLibrary: "/programs/exercise-library/",
  programTemplates: "/programs/templates/",
  addProgramTemplate: "/programs/templates/?add=true",
  paths: "/programs/paths/",
  modules: "/programs/products",
  providers: "/organization/providers/",
  inviteProvider: "/organization/providers/?dialog=invite",
  organizationDetails: "/organization/details/",
  account: "/user/account/info/",
  logout: "/user/logout/",
  admin: "/admin/",
  patient: (id: string) => `/patients/${encodeURIComponent(id)}`,
} as const;

export type IconName =
  | "home"
  | "patients"
  | "scan"
  | "sessions"
  | "reports"
  | "gait"
  | "billing"
  | "library"
  | "templates"
  | "paths"
  | "modules"
  | "organization"
  | "providers"
  | "details"
  | "support"
  | "help"
  | "chat"
  | "settings"
  | "account"
  | "logout"
  | "admin"
  | "portal"
  | "locations"
  | "versions"
  | "forms"
  | "users"
  | "insights";

export interface NavLink {
  kind: "link";
  id: string;
  label: string;
  href: string;
  icon: IconName;
  /** Path prefixes that make this item current (default: its href's path). */
  match?: string[];
  /** Opens another site in a new tab. */
  external?: boolean;
}

/** Logout: a form post (works without JavaScript; a link would be a state change on GET). */
export interface NavLogout {
  kind: "logout";
  id: "logout";
  label: "Logout";
  icon: "logout";
}

export type NavLeaf = NavLink | NavLogout;

export interface NavSection {
  kind: "section";
  id: string;
  label: string;
  icon: IconName;
  children: NavLeaf[];
  /** Path prefixes of the section's area (current even when no child is, e.g. `/scan/`). */
  match?: string[];
}

export type NavItem = NavLeaf | NavSection;

/** A user who holds only Scan (000 §1). */
export function isScanOnly(products: readonly string[]): boolean {
  return products.length > 0 && products.every((p) => p === "SCAN");
}

/** Whether `email` is on a staff list (the lists are lower-cased by the configuration). */
export function isListedStaff(email: string, list: readonly string[]): boolean {
  const e = email.trim().toLowerCase();
  return e !== "" && list.some((x) => x.trim().toLowerCase() === e);
}

export interface PortalNavInput {
  products: readonly string[];
  role: Role;
  /** On PATHS_STAFF_EMAILS. */
  showPaths: boolean;
  /** On MODULES_STAFF_EMAILS. */
  showModules: boolean;
  helpCenterUrl: string;
  /** Live chat, when configured (off by default). */
  liveChatUrl: string | null;
}

export const LOGOUT: NavLogout = { kind: "logout", id: "logout", label: "Logout", icon: "logout" };

/** The portal sidebar, exactly by 000 §2.2. */
export function portalNav(input: PortalNavInput): NavItem[] {
  const has = (p: ProductKey) => input.products.includes(p);
  const items: NavItem[] = [{ kind: "link", id: "home", label: "Home", href: ROUTES.home, icon: "home", match: ["/home"] }];
  if (!isScanOnly(input.products)) items.push({ kind: "link", id: "patients", label: "Patients", href: ROUTES.patients, icon: "patients" });
  if (has("SCAN")) {
    items.push({
      kind: "section",
      id: "scan",
      label: "Scan",
      icon: "scan",
      match: ["/scan"],
      children: [
        { kind: "link", id: "scan-sessions", label: "Sessions", href: ROUTES.scanSessions, icon: "sessions" },
        { kind: "link", id: "scan-reports", label: "Reports", href: ROUTES.scanReports, icon: "reports" },
      ],
    });
  }
  if (has("GAIT")) items.push({ kind: "link", id: "gait", label: "Gait", href: ROUTES.gaitReports, icon: "gait", match: ["/gait"] });
  if (has("HEALTH")) {
    // 002 §2: the click is tracked (the worklist's loader records `from=sidebar` with the analytics hook).
    items.push({ kind: "link", id: "rtm-billing", label: "RTM Billing", href: `${ROUTES.rtmBilling}?from=sidebar`, icon: "billing", match: ["/rtm-billing"] });
    items.push({ kind: "link", id: "motion-library", label: "Motion Library", href: ROUTES.motionLibrary, icon: "library" });
    items.push({ kind: "link", id: "program-templates", label: "Program Templates", href: ROUTES.programTemplates, icon: "templates" });
  }
  if (input.showPaths) items.push({ kind: "link", id: "paths", label: "Paths", href: ROUTES.paths, icon: "paths" });
  if (input.showModules) items.push({ kind: "link", id: "modules", label: "Modules", href: ROUTES.modules, icon: "modules" });
  items.push({
    kind: "section",
    id: "organization",
    label: "Your Organization",
    icon: "organization",
    children: [
      { kind: "link", id: "providers", label: "Providers", href: ROUTES.providers, icon: "providers" },
      { kind: "link", id: "organization-details", label: "Organization Details", href: ROUTES.organizationDetails, icon: "details" },
    ],
    match: ["/organization"],
  });
  const support: NavLeaf[] = [{ kind: "link", id: "help-center", label: "Help Center", href: input.helpCenterUrl, icon: "help", external: true }];
  if (input.liveChatUrl) support.push({ kind: "link", id: "chat", label: "Chat With Us", href: input.liveChatUrl, icon: "chat", external: true });
  items.push({ kind: "section", id: "support", label: "Support", icon: "support", children: support });
  items.push({
    kind: "section",
    id: "settings",
    label: "Settings",
    icon: "settings",
    children: [{ kind: "link", id: "account", label: "Your Account", href: ROUTES.account, icon: "account", match: ["/user/account"] }, LOGOUT],
  });
  if (isAdminType(input.role)) items.push({ kind: "link", id: "switch-to-admin", label: "Switch to Admin", href: ROUTES.admin, icon: "admin", match: [] });
  return items;
}

/** The build label (000 §9 'Build label QA, release 1.63.2'): the environment when configured, and the release. */
export function buildLabel(build: { environment: string | null; release: string }): string {
  return build.environment ? `${build.environment}, release ${build.release}` : `Release ${build.release}`;
}

/** A path without its query, hash and trailing slashes ("/" stays "/"). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const trimmed = bare.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

const underPrefix = (pathname: string, prefix: string) => {
  const p = normalizePath(prefix);
  return pathname === p || pathname.startsWith(`${p}/`);
};

/** Whether a link is the current page's item (`aria-current="page"`). */
export function isCurrentLink(item: NavLeaf, pathname: string): boolean {
  if (item.kind !== "link" || item.external) return false;
  const path = normalizePath(pathname);
  const prefixes = item.match ?? [item.href];
  return prefixes.some((prefix) => underPrefix(path, prefix));
}

/** Whether a section holds the current route (it is rendered expanded). */
export function sectionIsCurrent(section: NavSection, pathname: string): boolean {
  const path = normalizePath(pathname);
  return section.children.some((c) => isCurrentLink(c, pathname)) || (section.match ?? []).some((prefix) => underPrefix(path, prefix));
}
