/**
 * What a clinician does on the server's page before its JavaScript has come counts (useChangeHandler, ADR 038): on a
 * slow link the page is usable long before hydration, and React does not replay a change made before it. Each test
 * holds every script of the build until the user has acted, then lets them come and checks the change took effect as
 * it would have with JavaScript: a select that applies itself applied, a saved filter saved, a controlled select
 * kept, a chosen file named, a ticked box enabling its button. JavaScript only (without it the page's buttons apply the change, tested elsewhere).
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.js";
import { apiAs, createProvider, inviteProvider, PRACTITIONER, SCAN_ONLY } from "./helpers/stack.js";
import { BUILDER, builderDialog, createTemplate, tag as builderTag } from "./helpers/program-builder.js";
import { useSession } from "./helpers/session.js";
import { signInAs } from "./helpers/ui.js";

/** Holds every script of the build until the returned function is called (the page stays its server HTML). */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/build\/[^?#]+\.js([?#]|$)/, async (route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  return async () => {
    expect(held, "the page asked for its scripts while they were held").toBeGreaterThan(0);
    release();
  };
}

/** Whether React Router has started in the page (its code came and the page hydrated). */
const hydrated = (page: Page) => page.waitForFunction(() => "__reactRouterDataRouter" in window, undefined, { timeout: 20_000 });

test("@js-only a provider chosen in the patient list before it hydrated applies once it has", async ({ page }) => {
  await useSession(page, PRACTITIONER.email);
  await page.goto("/patients/");
  await expectAccessible(page);
  // The same page again, its scripts held (a routed page is not served from the cache).
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  const search = page.getByRole("search", { name: "Filter patients" });
  const provider = search.getByLabel("Provider");
  const options = await provider.getByRole("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  expect(options.length, "the practitioner's organization has providers").toBeGreaterThan(0);
  await provider.selectOption(options[0]!);
  await page.waitForTimeout(500);
  await expect(page, "nothing applied it yet (the Search button would, without JavaScript)").not.toHaveURL(/provider=/);
  await release();
  await expect(page).toHaveURL(new RegExp(`/patients/\\?(.*&)?provider=${options[0]}(&|$)`), { timeout: 20_000 });
  await expect(provider).toHaveValue(options[0]!);
  await expectAccessible(page);
});

test("@js-only Products ticked in the global filter before the page hydrated are saved once the filter is enhanced", async ({ page }) => {
  const admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN" });
  await signInAs(page, admin.email, admin.password);
  await page.goto("/user/account/info/");
  await expectAccessible(page);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Filter" });
  await form.getByText("Products", { exact: true }).first().click();
  await form.getByRole("checkbox", { name: "Health" }).check();
  await release();
  await hydrated(page);
  // The autocomplete comes after the load event; then the ticked box is saved as a change made with it.
  await expect(page.getByRole("combobox", { name: "Location" })).toHaveValue("All Locations", { timeout: 20_000 });
  await expect(form.getByRole("checkbox", { name: "Health" })).toBeChecked();
  await expect(form).not.toHaveAttribute("aria-busy", "true");
  await expect(form.getByRole("button", { name: "Apply" })).toHaveCount(0);
  // Saved: another page shows it.
  await page.goto("/home/");
  await expect(page.getByRole("form", { name: "Filter" }).locator("summary").getByText("Health", { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("@js-only a location chosen for a scan report before the page hydrated stays chosen", async ({ page }) => {
  await useSession(page, SCAN_ONLY.email);
  const release = await holdScripts(page);
  await page.goto("/scan/reports/", { waitUntil: "commit" });
  const select = page.getByRole("form", { name: "Generate a scan report" }).getByLabel("Location");
  const value = await select.getByRole("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).find(Boolean));
  expect(value, "the scan-only admin has locations").toBeTruthy();
  await select.selectOption(value!);
  await release();
  await hydrated(page);
  // Hydrated (the hint for an empty location is a JavaScript part): the controlled select kept the choice.
  await page.waitForTimeout(300);
  await expect(select).toHaveValue(value!);
  await expect(page.getByText("Choose a location to generate the report.")).toHaveCount(0);
  await expectAccessible(page);
});

test("@js-only a CSV chosen to reconcile before the page hydrated stays chosen and is named", async ({ page }) => {
  const admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["GAIT"] });
  await useSession(page, { email: admin.email, password: admin.password });
  const release = await holdScripts(page);
  await page.goto("/gait/reconcile/", { waitUntil: "commit" });
  const input = page.getByLabel("CSV file");
  await input.setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: Buffer.from("Gait ID,First Name,Last Name\n") });
  await release();
  await hydrated(page);
  await expect(page.getByText("Selected: names.csv")).toBeVisible({ timeout: 20_000 });
  expect(await input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0), "the server's input kept the file").toBe(1);
  await expectAccessible(page);
});

test("@js-only the terms accepted before the sign-up page hydrated enable Sign Up, and the invitee signs up", async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const inviteCode = await inviteProvider({ firstName: "Jordan", lastName: `Early ${tag}`, email: `e2e-early-${tag}@e2e.example` });
  const release = await holdScripts(page);
  await page.goto(`/user/create/${inviteCode}`, { waitUntil: "commit" });
  const password = `Fresh-${tag}-Pw9`;
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: "I agree to the Terms of Service and Privacy Policy" }).check();
  await release();
  await hydrated(page);
  await page.waitForTimeout(300);
  // Hydrated, the button follows the box (disabled while it is not ticked): the box ticked before counts.
  const submit = page.getByRole("button", { name: "Sign Up" });
  await expect(submit).toBeEnabled();
  await expectAccessible(page);
  await submit.click();
  await expect(page).toHaveURL(/\/home\/$/);
  await expectAccessible(page);
});

test("@js-only a starter template chosen before the builder hydrated is used once it has", async ({ page }) => {
  const starter = await createTemplate(await apiAs(PRACTITIONER.email), `E2E Early Starter ${builderTag()}`, { dailyFrequency: 1, weeklyFrequency: 2 });
  await useSession(page, PRACTITIONER.email);
  await page.goto(`${BUILDER}?action=create-template`);
  await expectAccessible(page);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  const dialog = builderDialog(page, "New Program Template");
  await dialog.getByLabel("Choose existing template as a starter").selectOption({ label: starter.name });
  await release();
  // With JavaScript the choice applies itself (its Use template button is for a browser without it).
  await expect(dialog.getByLabel("Name")).toHaveValue(starter.name, { timeout: 20_000 });
  await expect(dialog.getByLabel("Daily frequency")).toHaveValue("1");
  await expectAccessible(page);
});
