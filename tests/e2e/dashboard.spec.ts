/**
 * The dashboard and the sidebar per account (issue 3 §4–5, spec 000 §2.2, §2.5), in both projects. The demo
 * accounts are only read; users without patients are made fresh (a new organization from the admin area, its
 * first provider signed up through the API: helpers/stack.ts createProvider), and so is the patient whose rows
 * are checked in detail.
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.js";
import { test as extraTest } from "./helpers/extra-portal.js";
import { DEMO_PASSWORD, PRACTITIONER, PRODUCT_ADMIN, PROVIDER_ADMIN, SCAN_ONLY, apiAs, createProvider, type NewProvider } from "./helpers/stack.js";
import { LOGIN_PATH, sidebar, sidebarLinkNames, signInAs, submitLogin } from "./helpers/ui.js";
import { openSignedIn, useSession } from "./helpers/session.js";

// Journeys through several pages, each checked by axe (1–5 s a page on the shared machines): twice the default.
test.describe.configure({ timeout: 60_000 });

const ACTIVITY_HEADING = "Your Patients' Activity";
const SCAN_ONLY_MESSAGE = "Complete Scan assessments in the app.";
const HELP_CENTER = "Help Center (opens in a new tab)";

type CardKey = "NO_ACCOUNT" | "NO_RECENT_SESSION" | "NO_HEP" | "READY_TO_BILL";
type Colour = "green" | "yellow" | "red";
/**
 * The activity cards: title, the status label of their rows (000 §4's billing-worklist names) and the rows'
 * colour (000 §2.5: ready to bill green, invite sent yellow, anything else red).
 */
const CARDS: Record<CardKey, { title: string; status: string; colour: Colour }> = {
  NO_ACCOUNT: { title: "No Account", status: "Invite Sent", colour: "yellow" },
  NO_RECENT_SESSION: { title: "No Recent Session", status: "No Recent Session", colour: "red" },
  NO_HEP: { title: "No Program", status: "Not Assigned", colour: "red" },
  READY_TO_BILL: { title: "Ready to Bill", status: "Ready to Bill", colour: "green" },
};
const ALL_CARDS: CardKey[] = ["NO_ACCOUNT", "NO_RECENT_SESSION", "NO_HEP", "READY_TO_BILL"];

const FIRST_STEPS = {
  addPatient: { title: "Add your first patient", action: "Add Patient", href: "/patients/?add=true" },
  createProgram: { title: "Create a program", action: "Create Program", href: "/programs/templates/?add=true" },
  inviteTeam: { title: "Invite your team", action: "Invite Team", href: "/organization/providers/?dialog=invite" },
  motionLibrary: { title: "Browse the Motion Library", action: "Browse Motion Library", href: "/programs/exercise-library/" },
};

const card = (page: Page, key: CardKey) => page.getByRole("region", { name: new RegExp(`^${CARDS[key].title} \\(\\d+\\+?\\)$`) });
const rowsOf = (region: Locator) => region.getByRole("list").getByRole("link");

/** The sidebar's links by the spec's rules (000 §2.2) for a user of an organization with all four products. */
const ALL_PRODUCTS_LINKS = [
  "Home",
  "Patients",
  "Sessions",
  "Reports",
  "Gait",
  "RTM Billing",
  "Motion Library",
  "Program Templates",
  "Providers",
  "Organization Details",
  HELP_CENTER,
  "Your Account",
];

async function expectSidebar(page: Page, links: string[]): Promise<void> {
  expect(await sidebarLinkNames(page)).toEqual(links);
  const nav = sidebar(page);
  for (const section of ["Your Organization", "Support", "Settings"]) await expect(nav.getByText(section, { exact: true })).toBeVisible();
  await expect(nav.getByText("Scan", { exact: true })).toHaveCount(links.includes("Sessions") ? 1 : 0);
  await expect(nav.getByRole("button", { name: "Logout", includeHidden: true })).toHaveCount(1);
  const help = nav.getByRole("link", { name: HELP_CENTER, includeHidden: true });
  await expect(help).toHaveAttribute("target", "_blank");
  await expect(help).toHaveAttribute("href", /^https:\/\/help\.example\.com\/?$/);
}

/** The dashboard call's answer for `account`, as the API gives it now. */
async function dashboardActions(account: { email: string; password: string }): Promise<Record<CardKey, { id: string; firstName: string; lastName: string }[]>> {
  const { data } = await (await apiAs(account.email, account.password)).GET("/v2/dashboards/actions");
  expect(data, "the dashboard call answers").toBeTruthy();
  return data as Record<CardKey, { id: string; firstName: string; lastName: string }[]>;
}

/**
 * The activity cards as the API answers them for `account`: titles, counts, rows (names, links, status labels).
 * `before` is the API's answer taken before the page was opened: other specs add patients to the demo organization
 * while this one runs, so a card whose list changed between `before` and now may show either; its rows' order is
 * then not compared (a card that did not change is compared in full).
 */
async function expectActivityCards(page: Page, account: { email: string; password: string }, keys: CardKey[], before?: Awaited<ReturnType<typeof dashboardActions>>): Promise<void> {
  const actions = await dashboardActions(account);
  await expect(page.getByRole("heading", { name: ACTIVITY_HEADING, level: 2 })).toBeVisible();
  await expect(page.getByRole("region", { name: /^(No Account|No Recent Session|No Program|Ready to Bill) \(/ })).toHaveCount(keys.length);
  const countLabel = (n: number) => `${n >= 50 ? "50+" : n}`;
  for (const key of keys) {
    const list = actions[key];
    const region = card(page, key);
    const rows = rowsOf(region);
    if (before && JSON.stringify(before[key]) !== JSON.stringify(list)) {
      // Changed by another spec meanwhile: the page shows one of the two answers.
      const labels = [...new Set([countLabel(before[key].length), countLabel(list.length)])];
      await expect(region.getByRole("heading", { level: 3 })).toHaveText(new RegExp(`^${CARDS[key].title} \\((${labels.join("|").replace(/\+/g, "\\+")})\\)$`));
      expect([before[key].length, list.length]).toContain(await rows.count());
      for (const text of await rows.allTextContents()) expect(text).toContain(CARDS[key].status);
      continue;
    }
    await expect(region.getByRole("heading", { level: 3 })).toHaveText(`${CARDS[key].title} (${countLabel(list.length)})`);
    await expect(rows).toHaveCount(list.length);
    if (list.length === 0) {
      await expect(region).toContainText("No patients.");
      continue;
    }
    for (const text of await rows.allTextContents()) expect(text).toContain(CARDS[key].status);
    expect(await colourOf(rows.first()), `${CARDS[key].title} row colour`).toBe(CARDS[key].colour);
    for (const [i, p] of [[0, list[0]!], [list.length - 1, list.at(-1)!]] as const) {
      await expect(rows.nth(i)).toHaveAttribute("href", `/patients/${p.id}`);
      await expect(rows.nth(i)).toContainText(`${p.lastName}, ${p.firstName}`);
    }
  }
  if (keys.includes("READY_TO_BILL")) {
    await expect(card(page, "READY_TO_BILL").getByRole("link", { name: "Go to RTM Billing" })).toHaveAttribute("href", "/rtm-billing/cycles-by-month/");
  }
}

test.describe("the dashboard per demo account", () => {
  test("/ redirects to the dashboard", async ({ page }) => {
    await useSession(page, PRACTITIONER.email);
    await page.goto("/");
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);
  });

  test("a practitioner: greeting, the four activity cards from the API, the sidebar by products", async ({ page }) => {
    const before = await dashboardActions(PRACTITIONER);
    await openSignedIn(page, PRACTITIONER.email);
    await expect(page.getByRole("heading", { name: `Hi ${PRACTITIONER.firstName}`, level: 1 })).toBeVisible();
    await expectActivityCards(page, PRACTITIONER, ALL_CARDS, before);
    await expect(page.getByText(SCAN_ONLY_MESSAGE)).toHaveCount(0);
    await expectSidebar(page, ALL_PRODUCTS_LINKS);
    await expect(sidebar(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  test("a provider admin: greeting, the organization's activity cards, no Switch to Admin", async ({ page }) => {
    const { data } = await (await apiAs(PROVIDER_ADMIN.email)).GET("/v2/dashboards/actions");
    expect(data?.READY_TO_BILL.length, "the demo organization has patients ready to bill (their rows are green)").toBeGreaterThan(0);
    const before = await dashboardActions(PROVIDER_ADMIN);
    await openSignedIn(page, PROVIDER_ADMIN.email);
    await expect(page.getByRole("heading", { name: `Hi ${PROVIDER_ADMIN.firstName}`, level: 1 })).toBeVisible();
    await expectActivityCards(page, PROVIDER_ADMIN, ALL_CARDS, before);
    await expectSidebar(page, ALL_PRODUCTS_LINKS);
  });

  test("a product admin: greeting, activity cards and Switch to Admin", async ({ page }) => {
    const before = await dashboardActions(PRODUCT_ADMIN);
    await openSignedIn(page, PRODUCT_ADMIN.email);
    await expect(page.getByRole("heading", { name: `Hi ${PRODUCT_ADMIN.firstName}`, level: 1 })).toBeVisible();
    await expectActivityCards(page, PRODUCT_ADMIN, ALL_CARDS, before);
    // The product admin is on both staff lists of the E2E portal (tests/setup/portal.ts): Paths and Modules too.
    const staffLinks = ALL_PRODUCTS_LINKS.flatMap((l) => (l === "Program Templates" ? [l, "Paths", "Modules"] : [l]));
    await expectSidebar(page, [...staffLinks, "Switch to Admin"]);
    await expect(sidebar(page).getByRole("link", { name: "Switch to Admin" })).toHaveAttribute("href", "/admin/");
  });

  test("a scan-only user: the welcome with links to the Scan area instead of cards; no Patients in the sidebar", async ({ page }) => {
    await openSignedIn(page, SCAN_ONLY.email);
    await expect(page.getByRole("heading", { name: `Hi ${SCAN_ONLY.firstName}`, level: 1 })).toBeVisible();
    await expect(page.getByText(SCAN_ONLY_MESSAGE)).toBeVisible();
    const scan = page.getByRole("main").getByRole("navigation", { name: "Scan" });
    await expect(scan.getByRole("link", { name: "Scan Sessions" })).toHaveAttribute("href", "/scan/sessions/");
    await expect(scan.getByRole("link", { name: "Scan Reports" })).toHaveAttribute("href", "/scan/reports/");
    await expect(page.getByRole("heading", { name: ACTIVITY_HEADING })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Get Started" })).toHaveCount(0);
    await expectSidebar(page, ["Home", "Sessions", "Reports", "Providers", "Organization Details", HELP_CENTER, "Your Account"]);
  });
});

/** The first-step cards shown, in order, each with its link's name and target. */
async function expectFirstSteps(page: Page, steps: (typeof FIRST_STEPS)[keyof typeof FIRST_STEPS][]): Promise<void> {
  const section = page.getByRole("region", { name: "Get Started" });
  await expect(section).toBeVisible();
  await expect(page.getByRole("heading", { name: ACTIVITY_HEADING })).toHaveCount(0);
  await expect(section.getByRole("heading", { level: 3 })).toHaveText(steps.map((s) => s.title));
  await expect(section.getByRole("link")).toHaveText(steps.map((s) => s.action));
  for (const s of steps) await expect(section.getByRole("link", { name: s.action })).toHaveAttribute("href", s.href);
}

/** A Health patient at the provider's (only) location, made through the API as that provider. */
async function addHealthPatient(provider: NewProvider) {
  const api = await apiAs(provider.email, provider.password);
  const { data: locations } = await api.GET("/v2/locations");
  const tag = randomUUID().slice(0, 8);
  const { data: patient, error } = await api.POST("/v2/patients", {
    body: {
      firstName: "Casey",
      lastName: `Patient ${tag}`,
      email: `e2e-patient-${tag}@e2e.example`,
      injuredSideOfBody: "LEFT",
      injuredBodyPart: "KNEE",
      locationId: locations![0]!.id,
      products: ["HEALTH"],
    },
  });
  expect(error, "the patient was added").toBeUndefined();
  return patient!;
}

/** The hue family of a row's colour (its left border): green, yellow or red. */
async function colourOf(row: Locator): Promise<Colour | string> {
  const value = await row.evaluate((el) => getComputedStyle(el).borderLeftColor);
  const [r, g, b] = (value.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  if (g > r && g > b) return "green";
  if (r > b && g > b && g > r * 0.6) return "yellow";
  if (r > g && r > b) return "red";
  return value;
}

test.describe("the dashboard of users without patients", () => {
  test("a Health provider admin gets all four first steps; after the first patient, the activity cards", async ({ page }) => {
    const admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"] });
    await signInAs(page, admin.email, admin.password);
    await expect(page.getByRole("heading", { name: `Hi ${admin.firstName}`, level: 1 })).toBeVisible();
    await expectFirstSteps(page, [FIRST_STEPS.addPatient, FIRST_STEPS.createProgram, FIRST_STEPS.inviteTeam, FIRST_STEPS.motionLibrary]);
    // Health only: no Scan or Gait in the sidebar.
    expect(await sidebarLinkNames(page)).toEqual(["Home", "Patients", "RTM Billing", "Motion Library", "Program Templates", "Providers", "Organization Details", HELP_CENTER, "Your Account"]);

    const patient = await addHealthPatient(admin);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Get Started" })).toHaveCount(0);
    await expectActivityCards(page, admin, ALL_CARDS);
    await expectAccessible(page);
    // The new patient: an invitation sent (yellow), no program and no session yet (red); not ready to bill.
    const name = `${patient.patient.lastName}, ${patient.patient.firstName}`;
    for (const key of ["NO_ACCOUNT", "NO_HEP", "NO_RECENT_SESSION"] as const) {
      const row = rowsOf(card(page, key)).filter({ hasText: name });
      await expect(row).toHaveAttribute("href", `/patients/${patient.id}`);
      await expect(row).toContainText(CARDS[key].status);
      expect(await colourOf(row), `${CARDS[key].title} row colour`).toBe(CARDS[key].colour);
    }
    await expect(rowsOf(card(page, "NO_RECENT_SESSION")).filter({ hasText: name })).toContainText("No sessions yet");
    await expect(card(page, "READY_TO_BILL")).toContainText("No patients.");
  });

  test("a Health practitioner gets the first steps without 'Invite your team'", async ({ page }) => {
    const practitioner = await createProvider({ role: "PORTAL_PRACTITIONER", products: ["HEALTH"] });
    await signInAs(page, practitioner.email, practitioner.password);
    await expectFirstSteps(page, [FIRST_STEPS.addPatient, FIRST_STEPS.createProgram, FIRST_STEPS.motionLibrary]);
  });

  test("a Gait-only provider admin gets only 'Invite your team'", async ({ page }) => {
    const admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["GAIT"] });
    await signInAs(page, admin.email, admin.password);
    await expectFirstSteps(page, [FIRST_STEPS.inviteTeam]);
    expect(await sidebarLinkNames(page)).toEqual(["Home", "Patients", "Gait", "Providers", "Organization Details", HELP_CENTER, "Your Account"]);
  });
});

extraTest.describe("cards that take long to answer", () => {
  extraTest.describe.configure({ timeout: 90_000 });
  const ACTIONS = { method: "GET", path: "/v2/dashboards/actions" } as const;

  // The page's stream waits as long as one provider-API call may take (PROVIDER_API_TIMEOUT_MS, 15 s): a call that
  // answers in 12 s is shown, and the page is answered 200. Before, the stream closed after 10 s and the render was cut
  // at 11 s: without JavaScript (the whole document at once) the page was answered 500 without its cards.
  extraTest("cards answered after 12 s are shown, the page answered 200", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${portal.url}${LOGIN_PATH}`);
    await expect(page).toHaveURL(`${portal.url}/home/`);
    await expectAccessible(page);
    faultProxy.inject({ ...ACTIONS, times: 1, fault: { kind: "delay", ms: 12_000 } });
    const response = await page.reload({ timeout: 30_000 });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: ACTIVITY_HEADING, level: 2 })).toBeVisible({ timeout: 20_000 });
    expect(faultProxy.requests(ACTIONS.method, ACTIONS.path).map((r) => r.fault)).toContain("delay");
    await expectAccessible(page);
  });
});
