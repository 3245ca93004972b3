import { describe, expect, it } from "vitest";
import { adminNav } from "./admin-nav";
import {
  isCurrentLink,
  isListedStaff,
  isScanOnly,
  normalizePath,
  portalNav,
  sectionIsCurrent,
  type NavItem,
  type NavSection,
  type PortalNavInput,
} from "./nav";

const base: PortalNavInput = {
  products: ["HEALTH", "GAIT", "PRO", "SCAN"],
  role: "PORTAL_PRACTITIONER",
  showPaths: false,
  showModules: false,
  helpCenterUrl: "https://help.example.com/",
  liveChatUrl: null,
};

/** Top-level labels, sections as "Label[child, child]". */
const outline = (items: NavItem[]) =>
  items.map((i) => (i.kind === "section" ? `${i.label}[${i.children.map((c) => c.label).join(", ")}]` : i.label));

const find = (items: NavItem[], id: string) => {
  for (const i of items) {
    if (i.id === id) return i;
    if (i.kind === "section") for (const c of i.children) if (c.id === id) return c;
  }
  return undefined;
};

describe("portal sidebar (000 §2.2)", () => {
  it("shows everything a practitioner of an all-products organization may see, in order", () => {
    expect(outline(portalNav(base))).toEqual([
      "Home",
      "Patients",
      "Scan[Sessions, Reports]",
      "Gait",
      "RTM Billing",
      "Motion Library",
      "Program Templates",
      "Your Organization[Providers, Organization Details]",
      "Support[Help Center]",
      "Settings[Your Account, Logout]",
    ]);
  });

  it("hides Patients for scan-only users and shows no Health or Gait items", () => {
    expect(outline(portalNav({ ...base, products: ["SCAN"], role: "PORTAL_PROVIDER_ADMIN" }))).toEqual([
      "Home",
      "Scan[Sessions, Reports]",
      "Your Organization[Providers, Organization Details]",
      "Support[Help Center]",
      "Settings[Your Account, Logout]",
    ]);
  });

  it("ties Scan, Gait and the Health items to their products", () => {
    const gaitOnly = outline(portalNav({ ...base, products: ["GAIT"] }));
    expect(gaitOnly).toContain("Gait");
    expect(gaitOnly).toContain("Patients");
    expect(gaitOnly.some((l) => l.startsWith("Scan"))).toBe(false);
    expect(gaitOnly).not.toContain("RTM Billing");
    const health = outline(portalNav({ ...base, products: ["HEALTH", "PRO"] }));
    expect(health).toEqual(expect.arrayContaining(["RTM Billing", "Motion Library", "Program Templates"]));
    expect(health).not.toContain("Gait");
    // PRO alone holds no sidebar item of its own, and is not scan-only.
    expect(outline(portalNav({ ...base, products: ["PRO"] }))).toContain("Patients");
  });

  it("shows Paths and Modules only to the listed staff", () => {
    expect(outline(portalNav({ ...base, showPaths: true }))).toContain("Paths");
    expect(outline(portalNav({ ...base, showPaths: true }))).not.toContain("Modules");
    expect(outline(portalNav({ ...base, showModules: true }))).toContain("Modules");
    expect(find(portalNav({ ...base, showPaths: true, showModules: true }), "modules")).toMatchObject({ href: "/programs/products" });
  });

  it("programs (001 §2, §6): Motion Library and Program Templates for Health users; Paths and Modules by the staff lists, in that order", () => {
    const programs = (input: Partial<PortalNavInput>) => outline(portalNav({ ...base, ...input })).filter((l) => ["Motion Library", "Program Templates", "Paths", "Modules"].includes(l));
    expect(programs({ products: ["HEALTH"] })).toEqual(["Motion Library", "Program Templates"]);
    expect(programs({ products: ["GAIT", "SCAN", "PRO"] })).toEqual([]);
    // The staff lists do not depend on Health (they are a hard-coded list, "not a general rule").
    expect(programs({ products: ["GAIT"], showPaths: true, showModules: true })).toEqual(["Paths", "Modules"]);
    expect(programs({ products: ["HEALTH"], showModules: true })).toEqual(["Motion Library", "Program Templates", "Modules"]);
    const items = portalNav({ ...base, products: ["HEALTH"], showPaths: true, showModules: true });
    expect(items.findIndex((i) => i.id === "paths")).toBe(items.findIndex((i) => i.id === "program-templates") + 1);
    // Program Templates is current on the list, a template's details and the builder.
    const templates = find(items, "program-templates")!;
    for (const path of ["/programs/templates/", "/programs/templates/0b6f3c2e-5d4a-4f1b-9c8e-7a6b5c4d3e2f", "/programs/templates/builder/"]) {
      expect(templates.kind === "link" && isCurrentLink(templates, path), path).toBe(true);
    }
    const modules = find(items, "modules")!;
    expect(modules.kind === "link" && isCurrentLink(modules, "/programs/products")).toBe(true);
    expect(modules.kind === "link" && isCurrentLink(modules, "/programs/paths/")).toBe(false);
  });

  it("finds staff on a list whatever the case and spaces", () => {
    expect(isListedStaff(" Sam@Exer.example ", ["sam@exer.example"])).toBe(true);
    expect(isListedStaff("noor@exer.example", ["sam@exer.example"])).toBe(false);
    expect(isListedStaff("", [""])).toBe(false);
  });

  it("shows Chat With Us only when live chat is configured; support links leave the site", () => {
    const withChat = portalNav({ ...base, liveChatUrl: "https://chat.example.com/" });
    expect(outline(withChat)).toContain("Support[Help Center, Chat With Us]");
    expect(find(withChat, "help-center")).toMatchObject({ href: "https://help.example.com/", external: true });
    expect(find(withChat, "chat")).toMatchObject({ external: true });
  });

  it("shows Switch to Admin to admin-type users only", () => {
    for (const role of ["EXER_ADMIN", "EXER_SUPPORT"] as const) expect(outline(portalNav({ ...base, role })).at(-1)).toBe("Switch to Admin");
    for (const role of ["PORTAL_PROVIDER_ADMIN", "PORTAL_PRACTITIONER"] as const) expect(outline(portalNav({ ...base, role }))).not.toContain("Switch to Admin");
    expect(find(portalNav({ ...base, role: "EXER_ADMIN" }), "switch-to-admin")).toMatchObject({ href: "/admin/" });
  });

  it("links to the spec's route constants", () => {
    const items = portalNav({ ...base, showPaths: true, showModules: true });
    expect(Object.fromEntries(["home", "patients", "scan-sessions", "scan-reports", "gait", "rtm-billing", "motion-library", "program-templates", "paths", "providers", "organization-details", "account"].map((id) => [id, (find(items, id) as { href: string }).href]))).toEqual({
      home: "/home/",
      patients: "/patients/",
      "scan-sessions": "/scan/sessions/",
      "scan-reports": "/scan/reports/",
      gait: "/gait/reports/",
      "rtm-billing": "/rtm-billing/cycles-by-month/?from=sidebar",
      "motion-library": "/programs/exercise-library/",
      "program-templates": "/programs/templates/",
      paths: "/programs/paths/",
      providers: "/organization/providers/",
      "organization-details": "/organization/details/",
      account: "/user/account/info/",
    });
    expect(find(items, "logout")).toMatchObject({ kind: "logout", label: "Logout" });
  });
});

describe("admin sidebar (003 §2)", () => {
  it("has the admin items in order, with Logout and Switch to Portal", () => {
    expect(outline(adminNav())).toEqual([
      "Organizations",
      "Locations",
      "Scan[Client Versions, Sessions, Manage Orgs]",
      "Gait[Sessions]",
      "PROs[PRO Forms, PRO Responses]",
      "Users[Get Provider Signup Link, Get User By UUID, Access History]",
      "Insights",
      "Admin Settings",
      "Logout",
      "Switch to Portal",
    ]);
  });
});

describe("current item and section", () => {
  const items = portalNav({ ...base, role: "EXER_ADMIN" });
  const section = (id: string) => items.find((i) => i.id === id) as NavSection;

  it("matches a link's path with or without the trailing slash, and below it", () => {
    const patients = find(items, "patients")!;
    expect(patients.kind === "link" && isCurrentLink(patients, "/patients/")).toBe(true);
    expect(patients.kind === "link" && isCurrentLink(patients, "/patients")).toBe(true);
    expect(patients.kind === "link" && isCurrentLink(patients, "/patients/abc/health")).toBe(true);
    expect(patients.kind === "link" && isCurrentLink(patients, "/patients-x")).toBe(false);
    expect(isCurrentLink(find(items, "home")! as never, "/home/")).toBe(true);
    expect(isCurrentLink(find(items, "home")! as never, "/")).toBe(false);
    expect(isCurrentLink(find(items, "gait")! as never, "/gait/reconcile/")).toBe(true);
    expect(isCurrentLink(find(items, "switch-to-admin")! as never, "/admin/")).toBe(false);
    expect(isCurrentLink(find(items, "help-center")! as never, "/")).toBe(false);
  });

  it("expands the section holding the current route", () => {
    expect(sectionIsCurrent(section("scan"), "/scan/reports/")).toBe(true);
    expect(sectionIsCurrent(section("scan"), "/scan/")).toBe(true);
    expect(sectionIsCurrent(section("scan"), "/home/")).toBe(false);
    expect(sectionIsCurrent(section("settings"), "/user/account/password/")).toBe(true);
    expect(sectionIsCurrent(section("organization"), "/organization/")).toBe(true);
    expect(sectionIsCurrent(section("support"), "/home/")).toBe(false);
    const admin = adminNav().find((i) => i.id === "admin-scan") as NavSection;
    expect(sectionIsCurrent(admin, "/admin/scan/organizations/123/modules")).toBe(true);
  });

  it("normalizes paths", () => {
    expect(normalizePath("/home/")).toBe("/home");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/patients/?add=true")).toBe("/patients");
    expect(normalizePath("")).toBe("/");
  });
});

describe("helpers", () => {
  it("knows scan-only users", () => {
    expect(isScanOnly(["SCAN"])).toBe(true);
    expect(isScanOnly(["SCAN", "GAIT"])).toBe(false);
    expect(isScanOnly([])).toBe(false);
  });
  it("matches staff e-mails without regard to case", () => {
    expect(isListedStaff("Staff@Exer.example", ["staff@exer.example"])).toBe(true);
    expect(isListedStaff("other@exer.example", ["staff@exer.example"])).toBe(false);
    expect(isListedStaff("", [""])).toBe(false);
  });
});

describe("the build label (000 §9, issue 34)", () => {
  it("names the environment when configured, and the release", async () => {
    const { buildLabel } = await import("./nav");
    expect(buildLabel({ environment: "QA", release: "1.63.2" })).toBe("QA, release 1.63.2");
    expect(buildLabel({ environment: null, release: "commit abc1234" })).toBe("Release commit abc1234");
  });
});
