/**
 * Program Templates (spec 001 §2.3, §2.9, §4 "Templates list", §8, §9): the list with its search, cards, menu,
 * paging, Delete and Select Multiple; the empty state; `?add=true`; the template detail; another organization's
 * template; Health only. Each test creates its own templates through the API (unique names) and searches for
 * them, so the demo organization's other templates never matter. Both projects; every page checked by axe.
 */
import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { test, expect, expectAccessible } from "./fixtures.js";
import { apiAs, createProvider, PRACTITIONER, PRODUCT_ADMIN, SCAN_ONLY } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectToast, sidebar, sidebarLinkNames } from "./helpers/ui.js";
import type { components } from "../../openapi/provider-api.js";

type TemplateFields = { name: string; notes?: string; dailyFrequency?: number; weeklyFrequency?: number };
type Program = components["schemas"]["Program"];

const NOT_FOUND = "Looks like our form is a little off. We had trouble finding that URL.";

// Several pages and axe checks per test on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const uniqueTag = () => `tq${randomUUID().replace(/[^a-f]/g, "").slice(0, 8)}`;

/** Two published exercises measured by repetitions (a REPS goal is valid for them). */
async function repsExercises(email: string) {
  const { data } = await (await apiAs(email)).GET("/v3/exercises");
  const list = (data ?? []).filter((e) => e.exerciseMetrics.some((m) => m.metric === "REPS"));
  expect(list.length, "the library has exercises measured by reps").toBeGreaterThanOrEqual(2);
  return list.slice(0, 2);
}

/** A template of `exercises` blocks (the first on the left side, 3 × 10 reps; the second 2 × 12 reps). */
async function createTemplate(email: string, body: TemplateFields, exercises: 1 | 2 = 2): Promise<Program> {
  const [a, b] = await repsExercises(email);
  const blocks = [
    { exerciseId: a!.id, numSets: 3, sideOfBody: "LEFT" as const, setGoal: { goalType: "REPS" as const, reps: 10 } },
    { exerciseId: b!.id, numSets: 2, sideOfBody: null, setGoal: { goalType: "REPS" as const, reps: 12 } },
  ].slice(0, exercises);
  const { data, error } = await (await apiAs(email)).POST("/v2/health/hep-templates", { body: { dailyFrequency: 3, weeklyFrequency: 5, ...body, blocks } });
  expect(error, `template ${body.name} created`).toBeUndefined();
  return data!;
}

/** MM/dd/yyyy of an instant in the organization's time zone. */
async function orgDate(email: string, iso: string): Promise<string> {
  const { data } = await (await apiAs(email)).GET("/v2/users/current");
  const timeZone = data!.organization.timezone;
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "2-digit", day: "2-digit", year: "numeric" }).format(new Date(iso));
}

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function openMenu(page: Page, name: string) {
  await page.getByText(`Actions for ${name}`, { exact: true }).locator("..").click();
}

async function search(page: Page, text: string) {
  const form = page.getByRole("search", { name: "Search templates" });
  await form.getByLabel("Search for template").fill(text);
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}`));
}

test.describe("the templates list", () => {
  test("search (case-insensitive), the cards' date, name, exercise count and notes, and the menu's links", async ({ page }) => {
    const tag = uniqueTag();
    const notes = `Go slowly. ${"Stop if the pain is above 5 out of 10. ".repeat(8)}`.trim();
    const knee = await createTemplate(PRACTITIONER.email, { name: `${tag} Knee Alpha`, notes });
    const hip = await createTemplate(PRACTITIONER.email, { name: `${tag} Hip Beta` }, 1);
    await useSession(page, PRACTITIONER.email);
    await page.goto("/programs/templates/");
    await expect(page.getByRole("heading", { name: "Program Templates", level: 1 })).toBeVisible();
    await expect(page.getByText("View and manage Program Templates")).toBeVisible();
    await expect(page.getByRole("link", { name: "New Template" })).toHaveAttribute("href", "/programs/templates/builder/?action=create-template");
    await expectAccessible(page);

    await search(page, tag.toUpperCase());
    await expect(page.getByRole("article")).toHaveCount(2);
    await expectAccessible(page);
    // Most recently updated first.
    await expect(page.getByRole("article").first()).toHaveAccessibleName(hip.name);

    const kneeCard = card(page, knee.name);
    await expect(kneeCard.getByRole("heading", { name: knee.name })).toBeVisible();
    await expect(kneeCard.locator("time")).toHaveText(await orgDate(PRACTITIONER.email, knee.dateUpdated));
    await expect(kneeCard.getByText("2 exercises")).toBeVisible();
    await expect(card(page, hip.name).getByText("1 exercise", { exact: true })).toBeVisible();
    // The notes: clamped to two lines on screen, the whole text in the page and in the title.
    const notesText = kneeCard.getByText(notes);
    await expect(notesText).toHaveAttribute("title", notes);
    const box = await notesText.evaluate((el) => ({ lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)), clamp: getComputedStyle(el).webkitLineClamp }));
    expect(box).toEqual({ lines: 2, clamp: "2" });

    await openMenu(page, knee.name);
    const menu = kneeCard.getByRole("list");
    await expect(menu.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/programs/templates/builder/?action=edit-template&templateId=${knee.id}`);
    await expect(menu.getByRole("link", { name: "Duplicate" })).toHaveAttribute("href", `/programs/templates/builder/?action=duplicate-template&templateId=${knee.id}`);
    await expect(menu.getByRole("link", { name: "View" })).toHaveAttribute("href", `/programs/templates/${knee.id}`);
    await expect(menu.getByRole("link", { name: "Delete" })).toHaveAttribute("href", new RegExp(`delete=${knee.id}`));

    // A narrower search; then one that matches nothing.
    await search(page, `${tag} knee`);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(page, knee.name)).toBeVisible();
    await expectAccessible(page);
    await search(page, `${tag} nothing`);
    await expect(page.getByText(`No Program templates match "${tag} nothing".`)).toBeVisible();
    await expect(page.getByText("No Program templates created yet")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("Delete asks first (Cancel keeps the template), then deletes it with the toast", async ({ page }) => {
    const tag = uniqueTag();
    const t = await createTemplate(PRACTITIONER.email, { name: `${tag} Shoulder Gamma` });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/programs/templates/?q=${tag}`);
    await expectAccessible(page);
    await openMenu(page, t.name);
    await card(page, t.name).getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(new RegExp(`delete=${t.id}`));
    const dialog = page.getByRole("alertdialog", { name: "Delete Template" });
    await expect(dialog).toContainText(t.name);
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).not.toHaveURL(/delete=/);
    await expect(card(page, t.name)).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/programs/templates/?q=${tag}&delete=${t.id}`);
    await expectAccessible(page);
    await page.getByRole("alertdialog", { name: "Delete Template" }).getByRole("button", { name: "Delete" }).click();
    await expectToast(page, `${t.name} has been deleted.`);
    await expect(page).toHaveURL(new RegExp(`/programs/templates/\\?q=${tag}$`));
    await expect(page.getByRole("article")).toHaveCount(0);
    await expectAccessible(page);
    const { response } = await (await apiAs(PRACTITIONER.email)).GET("/v2/health/hep-templates/{id}", { params: { path: { id: t.id } } });
    expect(response.status, "the template is gone").toBe(404);
  });

  test("a delete sent twice with one form token deletes once and reports no failure", async ({ page, baseURL }) => {
    const tag = uniqueTag();
    const t = await createTemplate(PRACTITIONER.email, { name: `${tag} Twice` });
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/programs/templates/?q=${tag}&delete=${t.id}`);
    await expectAccessible(page);
    const dialog = page.getByRole("alertdialog", { name: "Delete Template" });
    const formToken = await dialog.locator('input[name="formToken"]').inputValue();
    const post = () =>
      page.request.post(`/programs/templates/?q=${tag}&delete=${t.id}&index`, { form: { intent: "delete", id: t.id, formToken }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status(), second.status()], "both answered with the redirect of a deletion").toEqual([302, 302]);
    expect(second.headers().location).toBe(first.headers().location);
    // A third, with a new token, is a real second attempt: the template is gone (404) and it says so.
    const third = await page.request.post(`/programs/templates/?q=${tag}&delete=${t.id}&index`, { form: { intent: "delete", id: t.id, formToken: randomUUID() }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(third.status()).toBe(404);
    expect(await third.text()).toContain("The Program template could not be deleted.");
  });

  test("Select Multiple deletes the checked templates in one go, then leaves the mode", async ({ page }) => {
    const tag = uniqueTag();
    const [a, b, c] = [await createTemplate(PRACTITIONER.email, { name: `${tag} One` }), await createTemplate(PRACTITIONER.email, { name: `${tag} Two` }), await createTemplate(PRACTITIONER.email, { name: `${tag} Three` })];
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/programs/templates/?q=${tag}`);
    await expectAccessible(page);
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await page.getByRole("link", { name: "Select Multiple" }).click();
    await expect(page).toHaveURL(/select=1/);
    await expect(page.getByRole("checkbox")).toHaveCount(3);
    await expectAccessible(page);
    await page.getByRole("checkbox", { name: `Select ${a!.name}` }).check();
    await page.getByRole("checkbox", { name: `Select ${c!.name}` }).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Templates" });
    await expect(dialog.getByRole("listitem")).toHaveText([c!.name, a!.name]);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Templates have been successfully deleted.");
    // The mode is cleared after success; the search stays.
    await expect(page).toHaveURL(new RegExp(`/programs/templates/\\?q=${tag}$`));
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Select Multiple" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(page, b!.name)).toBeVisible();
    await expectAccessible(page);
  });

  test("pages of 24, the search and the page in the URL", async ({ page }) => {
    test.slow();
    const tag = uniqueTag();
    const api = await apiAs(PRACTITIONER.email);
    const [ex] = await repsExercises(PRACTITIONER.email);
    for (let i = 1; i <= 25; i++) {
      const { error } = await api.POST("/v2/health/hep-templates", { body: { name: `${tag} Paged ${String(i).padStart(2, "0")}`, dailyFrequency: 3, weeklyFrequency: 5, blocks: [{ exerciseId: ex!.id, sideOfBody: null, numSets: 1, setGoal: { goalType: "REPS", reps: 5 } }] } });
      expect(error).toBeUndefined();
    }
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/programs/templates/?q=${tag}`);
    await expect(page.getByRole("article")).toHaveCount(24);
    await expectAccessible(page);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
    // The oldest is last.
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(page, `${tag} Paged 01`)).toBeVisible();
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expectAccessible(page);
    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
    await expect(page.getByRole("article")).toHaveCount(24);
    await expectAccessible(page);
  });

  test("a new organization's provider sees the empty state, and the Health items of the sidebar", async ({ page }) => {
    const provider = await createProvider({ role: "PORTAL_PRACTITIONER", products: ["HEALTH"] });
    await useSession(page, { email: provider.email, password: provider.password });
    await page.goto("/programs/templates/");
    await expect(page.getByRole("heading", { name: "No Program templates created yet" })).toBeVisible();
    await expect(page.getByText("Create your first template.")).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Program Templates" })).toHaveAttribute("aria-current", "page");
    const links = await sidebarLinkNames(page);
    expect(links).toEqual(expect.arrayContaining(["Motion Library", "Program Templates"]));
    expect(links).not.toContain("Paths");
    expect(links).not.toContain("Modules");
    await expectAccessible(page);
  });

  test("?add=true goes to the builder's create-template start, keeping nothing else", async ({ page }) => {
    await useSession(page, PRACTITIONER.email);
    const res = await page.request.get("/programs/templates/?add=true&q=knee&select=1", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/programs/templates/builder/?action=create-template");
    await page.goto("/programs/templates/?add=true");
    await expect(page).toHaveURL(/\/programs\/templates\/builder\/\?action=create-template$/);
    await expectAccessible(page);
  });

  test("a user without Health gets the not-found page", async ({ page }) => {
    await useSession(page, SCAN_ONLY.email);
    const res = await page.goto("/programs/templates/");
    expect(res?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the template detail", () => {
  test("name, frequencies, the exercises in order with their goals, notes, Edit Template and the breadcrumbs", async ({ page }) => {
    const tag = uniqueTag();
    const t = await createTemplate(PRACTITIONER.email, { name: `${tag} Detail`, notes: "Pain-free range only.", dailyFrequency: 2, weeklyFrequency: 4 });
    const [a, b] = await repsExercises(PRACTITIONER.email);
    await useSession(page, PRACTITIONER.email);
    await page.goto(`/programs/templates/?q=${tag}`);
    await expectAccessible(page);
    await card(page, t.name).getByRole("link", { name: t.name }).click();
    await expect(page).toHaveURL(new RegExp(`/programs/templates/${t.id}$`));
    await expect(page.getByRole("heading", { name: t.name, level: 1 })).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Program Templates" })).toHaveAttribute("href", "/programs/templates/");
    await expect(crumbs.getByText("Template Details")).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("2 times a day")).toBeVisible();
    await expect(page.getByText("4 days a week")).toBeVisible();
    await expect(page.getByText("Pain-free range only.")).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(a!.name);
    await expect(rows.nth(1)).toContainText("Left");
    await expect(rows.nth(1)).toContainText("10 reps");
    await expect(rows.nth(2)).toContainText(b!.name);
    await expect(rows.nth(2)).toContainText("12 reps");
    await expect(page.getByRole("link", { name: "Edit Template" })).toHaveAttribute("href", `/programs/templates/builder/?action=edit-template&templateId=${t.id}&from=template`);
    await expectAccessible(page);
    await crumbs.getByRole("link", { name: "Program Templates" }).click();
    await expect(page).toHaveURL(/\/programs\/templates\/$/);
    await expectAccessible(page);
  });

  test("another organization's template, or an unknown id: 'Could not get template.' with 404, nothing of it shown", async ({ page }) => {
    const tag = uniqueTag();
    // The internal organization's (the research organization holds no Health, ADR 020).
    const other = await createTemplate(PRODUCT_ADMIN.email, { name: `${tag} Research Secret`, notes: "Confidential protocol." });
    await useSession(page, PRACTITIONER.email);
    for (const id of [other.id, randomUUID(), "not-a-template"]) {
      const res = await page.goto(`/programs/templates/${id}`);
      expect(res?.status(), id).toBe(404);
      await expect(page.getByText("Could not get template.")).toBeVisible();
      await expect(page.getByText(other.name)).toHaveCount(0);
      await expect(page.getByText("Confidential protocol.")).toHaveCount(0);
      await expect(page).toHaveTitle("Template Details | Exer Provider Portal");
      await expectAccessible(page);
    }
  });
});
