/**
 * Admin: scan organizations, the scan modules editor and Admin Settings' scan-modules override (003 §2, §4,
 * §5, §8; ADR 015). On an organization this spec creates (never a demo one): modules and assessments added
 * through the dialogs (the module form's messages at their fields), reordered by drag (keyboard, JavaScript)
 * or by Move up (no JavaScript), saved ('{name} Modules Updated'), and the scan client's modules call
 * (GET v2/scan/modules as a user of that organization) answers the new order. Support staff read the editor
 * but the portal refuses their Save (403); they set and reset the override, which the staff's scan client
 * follows. A provider admin opening the editor is sent to the root.
 */
import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, createProvider, PRODUCT_ADMIN, PROVIDER_ADMIN, SUPPORT, type NewProvider } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError, expectToast, keyboardSensorListening, submitBadInput } from "./helpers/ui.js";

let customer: NewProvider;
let org: { id: string; name: string };
let library: { id: string; name: string }[];
const modulesUrl = () => `/admin/scan/organizations/${org.id}/modules`;

test.beforeAll(async () => {
  customer = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["SCAN"] });
  const api = await apiAs(customer.email, customer.password);
  const me = (await api.GET("/v2/users/current")).data!;
  org = { id: me.organization.id, name: me.organization.name };
  library = (await api.GET("/v2/scan/assessments")).data!.slice(0, 3).map(({ id, name }) => ({ id, name }));
});

/** The override is one global setting: the js and no-js runs of the override story take turns (a lock directory). */
async function withOverrideLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), "e2e-scan-modules-override.lock");
  for (let i = 0; ; i++) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs).catch(() => 0);
      if (age > 60_000 || i > 120) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

const modulesList = (page: Page) => page.getByRole("list", { name: "Modules" });
const moduleCards = (page: Page) => modulesList(page).getByRole("group");
const dialog = (page: Page) => page.getByRole("dialog");

async function addModule(page: Page, name: string, subtitle: string) {
  await page.getByRole("button", { name: "Add Module", exact: true }).click();
  const d = dialog(page);
  await d.getByLabel("Module Name").fill(name);
  await d.getByLabel("Subtitle").fill(subtitle);
  await d.getByLabel("Image", { exact: true }).selectOption("Balance & Stability");
  await d.getByLabel("Locked status").selectOption("Unlocked");
  await d.getByRole("button", { name: "Add Module" }).click();
  await expect(d).toHaveCount(0);
}

async function addAssessment(page: Page, module: string, assessment: { id: string; name: string }, nameOverride = "") {
  await page.getByRole("button", { name: `Add Assessment to ${module}` }).click();
  const d = dialog(page);
  await expect(d).toHaveAccessibleName(`Add Assessment to ${module}`);
  await d.getByLabel("Assessment", { exact: true }).selectOption(assessment.id);
  await d.getByLabel("Name override (optional)").fill(nameOverride);
  await d.getByRole("button", { name: "Add Assessment" }).click();
  await expect(d).toHaveCount(0);
}

/** Moves `label` one place up: the keyboard drag of the island with JavaScript, Move up without. */
async function moveUp(page: Page, list: ReturnType<Page["getByRole"]>, label: string, size: number, position: number) {
  if (jsEnabled()) {
    const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
    const handle = list.getByRole("button", { name: `Reorder ${label}`, exact: true });
    await handle.focus();
    await page.keyboard.press("Space");
    await announced(`${label} is over position ${position} of ${size}.`);
    await keyboardSensorListening(page);
    await page.keyboard.press("ArrowUp");
    await announced(`${label} is over position ${position - 1} of ${size}.`);
    await page.keyboard.press("Space");
  } else {
    await list.getByRole("button", { name: `Move up ${label}`, exact: true }).click();
  }
}

test("a product admin builds an organization's modules, reorders them, saves, and the scan client gets the new order", async ({ page }) => {
  test.setTimeout(90_000);
  const [a, b, c] = library as [{ id: string; name: string }, { id: string; name: string }, { id: string; name: string }];
  await useSession(page, PRODUCT_ADMIN);
  await page.goto("/admin/scan/organizations/");
  await expectAccessible(page);
  await page.getByRole("row", { name: new RegExp(org.name) }).getByRole("link", { name: `Modules of ${org.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(org.name);
  await expect(page.getByText("This org has no modules. Please add a module.")).toBeVisible();
  await expectAccessible(page);

  // The module form's rules (003 §5), at their fields.
  await page.getByRole("button", { name: "Add Module", exact: true }).click();
  const d = dialog(page);
  await expect(d.getByLabel("Image", { exact: true })).toHaveValue("Assessment");
  await expect(d.getByLabel("Image", { exact: true }).getByRole("option")).toHaveCount(16);
  await d.getByLabel("Image URL (optional)").fill("not a url");
  await submitBadInput(d.getByRole("button", { name: "Add Module" }), { checkedInBrowser: true });
  await expectFieldError(d.getByLabel("Module Name"), "Module Name is required");
  await expectFieldError(d.getByLabel("Subtitle"), "Subtitle is required");
  await expectFieldError(d.getByLabel("Locked status"), "Locked status is required");
  await expectFieldError(d.getByLabel("Image URL (optional)"), "Invalid URL format");
  await expectAccessible(page);
  await d.getByRole("button", { name: "Cancel" }).click();
  await expect(d).toHaveCount(0);

  await addModule(page, "Balance", "Stand and walk");
  await expect(page.getByRole("region", { name: "Unsaved changes" })).toBeVisible();
  await expect(page.getByText("No assessments have been added yet")).toBeVisible();
  await addModule(page, "Mobility", "Move well");
  // A new module goes to the top.
  await expect(moduleCards(page)).toHaveText([/^Mobility/, /^Balance/]);
  await addAssessment(page, "Balance", a, "  ");
  await addAssessment(page, "Balance", b, "Walk test");
  await addAssessment(page, "Mobility", c);
  // An assessment already in the module cannot be picked again for it.
  await page.getByRole("button", { name: "Add Assessment to Balance" }).click();
  await expect(dialog(page).getByLabel("Assessment", { exact: true }).getByRole("option")).not.toContainText([`${a.name} (${a.id})`]);
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Balance to the top, and its second assessment first.
  await moveUp(page, modulesList(page), "Balance", 2, 2);
  await expect(moduleCards(page)).toHaveText([/^Balance/, /^Mobility/]);
  const balanceAssessments = page.getByRole("list", { name: "Assessments of Balance" });
  await moveUp(page, balanceAssessments, `Walk test (${b.name})`, 2, 2);
  await expect(balanceAssessments.getByRole("listitem")).toHaveText([new RegExp(`Walk test`), new RegExp(a.name)]);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, `${org.name} Modules Updated`);
  await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  await expect(moduleCards(page)).toHaveText([/^Balance/, /^Mobility/]);

  // A move then Cancel: the bar goes and the list shows the saved order again (with JavaScript the dragged
  // order stayed on screen; issue 25).
  await moveUp(page, modulesList(page), "Mobility", 2, 2);
  await expect(moduleCards(page)).toHaveText([/^Mobility/, /^Balance/]);
  await page.getByRole("region", { name: "Unsaved changes" }).getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  await expect(moduleCards(page)).toHaveText([/^Balance/, /^Mobility/]);

  // The scan client's modules call, as a user of that organization.
  const served = (await (await apiAs(customer.email, customer.password)).GET("/v2/scan/modules")).data!;
  expect(served.overridden).toBe(false);
  expect(served.scanModules.map((m) => m.name)).toEqual(["Balance", "Mobility"]);
  expect(served.scanModules[0]!.assessments.map((x) => [x.id, x.nameOverride])).toEqual([[b.id, "Walk test"], [a.id, null]]);
  expect(served.scanModules[1]!.assessments.map((x) => x.id)).toEqual([c.id]);
});

test("support staff read the modules but cannot save them, and set and reset the override the staff's scan client follows", async ({ page }) => {
  test.setTimeout(90_000);
  await useSession(page, SUPPORT);
  await page.goto(modulesUrl());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(org.name);
  await expect(page.getByRole("button", { name: "Add Module", exact: true })).toHaveCount(0);
  await expectAccessible(page);
  const refused = await page.request.post(modulesUrl(), { form: { intent: "save", draft: JSON.stringify({ changed: true, modules: [] }) }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);

  const staffClient = await apiAs(SUPPORT.email);
  await withOverrideLock(async () => {
    await page.goto("/admin/settings/");
    const current = page.getByText(/^Current override organization:/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Set override" }).click();
    await expectFieldError(page.getByLabel("Organization", { exact: true }), "Choose an organization.");
    await expectAccessible(page);
    await page.getByLabel("Organization", { exact: true }).selectOption({ label: org.name });
    await page.getByRole("button", { name: "Set override" }).click();
    await expectToast(page, "Override organization set.");
    await expect(current).toHaveText(`Current override organization: ${org.name}`);
    await expectAccessible(page);
    expect((await staffClient.GET("/v2/scan/modules")).data).toMatchObject({ organizationId: org.id, overridden: true });
    // A customer keeps their own modules.
    expect((await (await apiAs(PROVIDER_ADMIN.email)).GET("/v2/scan/modules")).data?.overridden).toBe(false);

    await page.getByRole("button", { name: "Reset" }).click();
    await expectToast(page, "Override reset.");
    await expect(current).toHaveText("Current override organization: No organization set.");
    expect((await staffClient.GET("/v2/scan/modules")).data).toMatchObject({ overridden: false });
  });
});

test("a provider admin opening the modules editor is sent to the root", async ({ page }) => {
  await useSession(page, PROVIDER_ADMIN);
  await page.goto(modulesUrl());
  await expect(page).toHaveURL(/\/home\/$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
});
