/**
 * The sample screens of programs (spec 001 §2.4 Care Paths, §2.5 Modules, §4 "Care paths", §5, §6): search, More,
 * a path's edit mode (Save keeps, Cancel restores, the number 0–999 only), View Path Insights, the modules'
 * expandable assessments, and the staff lists (the E2E portal's lists: tests/setup/portal.ts — the product admin
 * on both, support on Modules only; everyone else gets the 404 page). The saved edits live in a cookie of the
 * test's own browser context, so tests do not see each other's. Both projects; every page checked by axe.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.js";
import { demo, PRACTITIONER, PRODUCT_ADMIN } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError, expectToast, sidebarLinkNames, submitBadInput } from "./helpers/ui.js";

const SUPPORT = demo("support@exer.example");
const NOT_FOUND = "Looks like our form is a little off. We had trouble finding that URL.";
const NUMBER_RANGE = "Enter a whole number from 0 to 999.";

test.describe.configure({ timeout: 90_000 });

const pathCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function openMenu(page: Page, name: string) {
  await page.getByText(`Actions for ${name}`, { exact: true }).locator("..").click();
}

/** A phase's fieldset in edit mode ("Phase 1: Calm Symptoms"). */
const phaseGroup = (page: Page, legend: string) => page.getByRole("group", { name: legend });

test.describe("care paths", () => {
  test("the sample paths: Add Path not available yet, search, the first 3 phases and More", async ({ page }) => {
    await useSession(page, PRODUCT_ADMIN.email);
    await page.goto("/programs/paths/");
    await expect(page.getByRole("heading", { name: "Care Paths", level: 1 })).toBeVisible();
    const add = page.getByRole("button", { name: "Add Path" });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription("Adding a path is not available yet.");
    await expect(page.getByRole("article")).toHaveCount(5);
    await expectAccessible(page);

    const search = page.getByRole("search", { name: "Search care paths" });
    await search.getByLabel("Search for path").fill("KNEE");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?q=KNEE$/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expectAccessible(page);

    // Five phases: three shown, More shows the other two.
    const knee = pathCard(page, "Total Knee Replacement");
    await expect(knee.getByRole("heading", { level: 3, includeHidden: true })).toHaveText(["Phase 1 of 5: Protect and Mobilize", "Phase 2 of 5: Early Strength", "Phase 3 of 5: Functional Strength", "Phase 4 of 5: Return to Activity", "Phase 5 of 5: Maintenance"]);
    await expect(knee.getByRole("heading", { name: /Return to Activity/ })).toBeHidden();
    await expect(knee.getByText("Knee Flexion ROM > 90 Degrees")).toBeVisible();
    await expect(knee.getByText("6 exercises · 4 messages")).toBeVisible();
    await knee.getByText(/^More phases of/).click();
    await expect(knee.getByRole("heading", { name: /Return to Activity/ })).toBeVisible();
    await expect(knee.getByRole("heading", { name: /Maintenance/ })).toBeVisible();

    // A path of three phases has no More; a search that matches nothing says so.
    await page.goto("/programs/paths/?q=back");
    await expect(pathCard(page, "Low Back Pain").getByText(/^More phases of/)).toHaveCount(0);
    await expectAccessible(page);
    await page.goto("/programs/paths/?q=elbow");
    await expect(page.getByText('No care paths match "elbow".')).toBeVisible();
    await expectAccessible(page);
  });

  test("Edit Path: Save keeps the changes, Cancel restores them", async ({ page }) => {
    await useSession(page, PRODUCT_ADMIN.email);
    await page.goto("/programs/paths/?q=back");
    await expectAccessible(page);
    await openMenu(page, "Low Back Pain");
    await pathCard(page, "Low Back Pain").getByRole("link", { name: "Edit Path" }).click();
    await expect(page).toHaveURL(/\?q=back&edit=low-back$/);
    const phase1 = phaseGroup(page, "Phase 1: Calm Symptoms");
    await expect(phase1.getByLabel("Track")).toHaveValue("Pain Score");
    await expect(phase1.getByLabel("Number")).toHaveValue("5");
    await expectAccessible(page);
    await phase1.getByLabel("Track").selectOption("Program Adherence");
    await phase1.getByLabel("Logic").selectOption(">");
    await phase1.getByLabel("Number").fill("75");
    await phase1.getByLabel("Type").selectOption("%");
    await phase1.getByLabel("Notify Provider").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Low Back Pain has been saved.");
    await expect(page).toHaveURL(/\/programs\/paths\/\?q=back$/);
    const card = pathCard(page, "Low Back Pain");
    await expect(card.getByText("Program Adherence > 75%")).toBeVisible();
    await expect(card.getByRole("listitem").first()).toContainText("No provider notification");
    await expectAccessible(page);
    // Kept: a new page load shows the saved values.
    await page.goto("/programs/paths/?q=back");
    await expect(pathCard(page, "Low Back Pain").getByText("Program Adherence > 75%")).toBeVisible();
    await expectAccessible(page);

    // Cancel: changes made in edit mode are dropped.
    await page.goto("/programs/paths/?q=back&edit=low-back");
    await expectAccessible(page);
    const again = phaseGroup(page, "Phase 1: Calm Symptoms");
    await expect(again.getByLabel("Number")).toHaveValue("75");
    await again.getByLabel("Number").fill("12");
    await again.getByLabel("Logic").selectOption("<");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/programs\/paths\/\?q=back$/);
    await expect(pathCard(page, "Low Back Pain").getByText("Program Adherence > 75%")).toBeVisible();
    await expectAccessible(page);
    await page.goto("/programs/paths/?q=back&edit=low-back");
    await expect(phaseGroup(page, "Phase 1: Calm Symptoms").getByLabel("Number")).toHaveValue("75");
    await expectAccessible(page);
  });

  test("the number accepts only whole numbers from 0 to 999: out of range, the message at the field and the input kept", async ({ page }) => {
    await useSession(page, PRODUCT_ADMIN.email);
    await page.goto("/programs/paths/?edit=ankle-sprain");
    await expectAccessible(page);
    const number = phaseGroup(page, "Phase 2: Balance and Strength").getByLabel("Number");
    await number.fill("1000");
    await submitBadInput(page.getByRole("button", { name: "Save" }), { checkedInBrowser: true });
    const field = phaseGroup(page, "Phase 2: Balance and Strength").getByLabel("Number");
    await expectFieldError(field, NUMBER_RANGE);
    await expect(field).toHaveValue("1000");
    await expectAccessible(page);
    // A text input (issue 25): "1e2" is refused and kept as typed, not read as 100 (nor dropped, as "abc" was).
    await field.fill("1e2");
    await submitBadInput(page.getByRole("button", { name: "Save" }), { checkedInBrowser: true });
    await expectFieldError(phaseGroup(page, "Phase 2: Balance and Strength").getByLabel("Number"), NUMBER_RANGE);
    await expect(phaseGroup(page, "Phase 2: Balance and Strength").getByLabel("Number")).toHaveValue("1e2");
    // Nothing was saved.
    await page.goto("/programs/paths/?q=ankle");
    await expect(pathCard(page, "Ankle Sprain").getByText("Single Leg Balance > 30 Minutes")).toBeVisible();
    await expectAccessible(page);
  });

  test("View Path Insights says there is no data yet", async ({ page }) => {
    await useSession(page, PRODUCT_ADMIN.email);
    await page.goto("/programs/paths/");
    await expectAccessible(page);
    await openMenu(page, "Rotator Cuff Repair");
    await pathCard(page, "Rotator Cuff Repair").getByRole("link", { name: "View Path Insights" }).click();
    await expect(page).toHaveURL(/insights=rotator-cuff/);
    const dialog = page.getByRole("dialog", { name: "Path Insights" });
    await expect(dialog).toContainText("Rotator Cuff Repair");
    await expect(dialog).toContainText("There is no data for this path yet");
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Close" }).last().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("modules", () => {
  test("the current modules and the expandable assessments", async ({ page }) => {
    await useSession(page, PRODUCT_ADMIN.email);
    await page.goto("/programs/products");
    await expect(page.getByRole("heading", { name: "Modules", level: 1 })).toBeVisible();
    for (const name of ["Mobility", "Hip-Spine Instability", "Hand/Wrist Eval"]) await expect(page.getByRole("heading", { name, level: 3 })).toBeVisible();
    const assessments = page.getByRole("region", { name: "Assessments" });
    await expect(assessments.getByText("Repetitions in 30 seconds.")).toBeHidden();
    await assessments.getByText("Sit to Stand", { exact: true }).click();
    await expect(assessments.getByText("Repetitions in 30 seconds.")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("who sees Paths and Modules", () => {
  test("the product admin (on both lists) has both in the sidebar", async ({ page }) => {
    await useSession(page, PRODUCT_ADMIN.email);
    await page.goto("/programs/paths/");
    const links = await sidebarLinkNames(page);
    expect(links.filter((l) => ["Motion Library", "Program Templates", "Paths", "Modules"].includes(l))).toEqual(["Motion Library", "Program Templates", "Paths", "Modules"]);
    await expectAccessible(page);
  });

  test("support (on the Modules list only): Modules, and the 404 page for Paths", async ({ page }) => {
    await useSession(page, SUPPORT.email);
    const modules = await page.goto("/programs/products");
    expect(modules?.status()).toBe(200);
    const links = await sidebarLinkNames(page);
    expect(links).toContain("Modules");
    expect(links).not.toContain("Paths");
    await expectAccessible(page);
    const paths = await page.goto("/programs/paths/");
    expect(paths?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expectAccessible(page);
  });

  test("a provider on neither list gets the 404 page for both, and neither in the sidebar", async ({ page, baseURL }) => {
    await useSession(page, PRACTITIONER.email);
    for (const path of ["/programs/paths/", "/programs/paths/?edit=low-back", "/programs/products"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByText(NOT_FOUND)).toBeVisible();
      await expect(page.getByText("Total Knee Replacement")).toHaveCount(0);
      await expectAccessible(page);
    }
    const links = await sidebarLinkNames(page);
    expect(links).not.toContain("Paths");
    expect(links).not.toContain("Modules");
    // A post is refused the same way (the action checks the list too).
    const post = await page.request.post("/programs/paths/", { form: { intent: "save-path", pathId: "low-back" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(post.status()).toBe(404);
  });
});
