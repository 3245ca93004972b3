/**
 * Gait Events - Add Patient `/gait/events/patients/` and Reconcile Gait Patients `/gait/reconcile/` (002 §2, §5,
 * §8; issue 12). Each project works in an organization of its own (GAIT only, made in beforeAll), so the demo
 * organization's gait patients are never changed. Both projects; axe once per screen state.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, createProvider, type NewProvider } from "./helpers/stack.js";
import { expectFieldError, expectToast, submitBadInput } from "./helpers/ui.js";
import { useSession } from "./helpers/session.js";

test.describe.configure({ timeout: 90_000 });

const PATH = "/gait/events/patients/";
let admin: NewProvider;
let existing: { id: string; gaitUid: string };

const tag = () => randomUUID().slice(0, 8).toUpperCase();
const csv = (rows: string[]) => Buffer.from(["gaitUid,firstName,lastName", ...rows].join("\n") + "\n");

test.beforeAll(async () => {
  admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["GAIT"] });
  const api = await apiAs(admin.email, admin.password);
  const gaitUid = `G-${tag()}`;
  const { data, error } = await api.POST("/v2/patients", {
    body: { firstName: "Gwen", lastName: "Existing", locationId: admin.locations[0]!.id, products: ["GAIT"], gaitUid },
  });
  if (!data) throw new Error(`seed gait patient: ${JSON.stringify(error)}`);
  existing = { id: data.id, gaitUid };
});

/** The page's own region (the shell's filter has a Location control too). */
const main = (page: Page) => page.getByRole("region", { name: "Gait Events - Add Patient" });

async function pickLocation(page: Page, name: string) {
  await main(page).getByLabel("Location", { exact: true }).selectOption({ label: name });
  if (!jsEnabled()) await page.getByRole("button", { name: "Show patients" }).click();
  await expect(page).toHaveURL(/\?location=[0-9a-f-]{36}$/);
}

test("a gait user picks a location, sees its gait patients, and adds one (required location, the API's duplicate ID refusal)", async ({ page }) => {
  const location = admin.locations[0]!;
  await useSession(page, { email: admin.email, password: admin.password });
  await page.goto(PATH);
  await expect(page.getByRole("heading", { name: "Gait Events - Add Patient", level: 1 })).toBeVisible();
  await expect(page.getByText("Select a location to see its gait patients.")).toBeVisible();
  await expectAccessible(page);

  // No location: the spec's message at the field, a 400 without JavaScript (the browser's check with it).
  const add = page.getByRole("button", { name: "Add Patient" });
  await page.getByLabel("First Name").fill("Hana");
  await submitBadInput(add, { checkedInBrowser: true });
  await expectFieldError(main(page).getByLabel("Location", { exact: true }), "Location is required");
  await expectAccessible(page);

  await pickLocation(page, location.name);
  const table = page.getByRole("table", { name: new RegExp(`Gait patients at ${location.name}`) });
  const existingRow = table.getByRole("row", { name: /Existing, Gwen/ });
  await expect(existingRow).toContainText(existing.gaitUid.toUpperCase());
  await expect(existingRow).toContainText("—");
  await expect(existingRow.getByRole("link", { name: "Existing, Gwen" })).toHaveAttribute("href", `/patients/${existing.id}/gait/activity/`);
  await expectAccessible(page);

  // The API refuses a gait ID the organization already has: its message at the field, its status (409).
  const last = `Added${tag().toLowerCase()}`;
  await page.getByLabel("First Name").fill("Hana");
  await page.getByLabel("Last Name").fill(last);
  await page.getByLabel("Unique Gait ID (optional)").fill(existing.gaitUid.toLowerCase());
  await submitBadInput(add, { status: 409 });
  await expectFieldError(page.getByLabel("Unique Gait ID (optional)"), "Another patient of the organization already has this gait ID.");
  await expect(page.getByLabel("Last Name")).toHaveValue(last);

  const newUid = `N-${tag()}`;
  await page.getByLabel("Unique Gait ID (optional)").fill(newUid);
  await add.click();
  await expectToast(page, "Patient added.");
  await expect(page).toHaveURL(new RegExp(`\\?location=${location.id}$`));
  await expect(page.getByLabel("Unique Gait ID (optional)")).toHaveValue("");
  await expect(main(page).getByLabel("Location", { exact: true })).toHaveValue(location.id);
  const added = table.getByRole("row", { name: new RegExp(`${last}, Hana`) });
  await expect(added).toContainText(newUid);
  await expectAccessible(page);
});

test("a gait user downloads the template and reconciles names from a CSV (refusals shown, nothing half-applied)", async ({ page }) => {
  const api = await apiAs(admin.email, admin.password);
  const gaitUid = `R-${tag()}`;
  const created = await api.POST("/v2/patients", { body: { firstName: "Old", lastName: "Name", locationId: admin.locations[0]!.id, products: ["GAIT"], gaitUid } });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  const id = created.data.id;

  await useSession(page, { email: admin.email, password: admin.password });
  await page.goto("/gait/reconcile/");
  await expect(page.getByRole("heading", { name: "Reconcile Gait Patients", level: 1 })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download template" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("gait-reconcile-template.csv");
  const { readFile } = await import("node:fs/promises");
  expect((await readFile((await file.path())!, "utf8")).trim()).toBe("gaitUid,firstName,lastName");

  const input = page.getByLabel("CSV file");
  const upload = page.getByRole("button", { name: "Upload" });
  const problem = (text: string) => page.getByText(text, { exact: true });

  await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
  await submitBadInput(upload, { status: 415 });
  await expect(problem("Only CSV files (text/csv) are accepted.")).toBeVisible();
  await expectAccessible(page);

  await input.setInputFiles({ name: "binary.csv", mimeType: "text/csv", buffer: Buffer.from([0x67, 0x61, 0x00, 0x69, 0x74]) });
  await submitBadInput(upload);
  await expect(problem("The file is not a CSV text file.")).toBeVisible();

  await input.setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(5 * 1024 * 1024 + 10, "a") });
  await submitBadInput(upload, { status: 413 });
  await expect(problem("The file is larger than 5 MB.")).toBeVisible();

  // One bad row: the API's message under the upload area, and the good row is not applied either.
  await input.setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: csv([`${gaitUid},New,Name`, `X-${tag()},,Nofirst`]) });
  await submitBadInput(upload);
  await expect(page.getByText(/^Line 3: .*firstName/)).toBeVisible();
  const unchanged = await api.GET("/v2/patients/{id}/", { params: { path: { id } } });
  expect(unchanged.data?.patient.firstName).toBe("Old");

  await input.setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: csv([`${gaitUid.toLowerCase()},New,Name`]) });
  await upload.click();
  await expectToast(page, "Upload was successful. 1 patient record was updated.");
  await expect(page).toHaveURL(/\/gait\/reconcile\/$/);
  await expectAccessible(page);
  const changed = await api.GET("/v2/patients/{id}/", { params: { path: { id } } });
  expect(changed.data?.patient.firstName).toBe("New");
});
