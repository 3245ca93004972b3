/**
 * Add New Patient `/patients/?add=true` (spec 000 §2.7, §5, §8; 002/003 Bulk Add CSV; issue 4): the product
 * step, the validation profiles with the spec's messages, phone normalisation, the server's refusal inline,
 * 'Save and add another', a practitioner's providers (their locations' and the admins), Bulk Add with the
 * template, and no double save. Both projects; axe on every page.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, demo, PRACTITIONER } from "./helpers/stack.js";
import { expectFieldError } from "./helpers/ui.js";
import { useSession } from "./helpers/session.js";
import { createPatient, currentUser, findPatients, uniqueTag } from "./helpers/patient-list.js";

test.describe.configure({ timeout: 90_000 });

const HEALTH_ADDED = "Patient added to Provider Portal. Please assign Program as a next step.";
const dialog = (page: Page) => page.getByRole("dialog", { name: "Add New Patient" });

function isoDay(offsetDays: number) {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Denver", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

test("the product step needs a product; the Health profile's messages; a valid patient is saved and opened", async ({ page }) => {
  const api = await apiAs(PRACTITIONER.email);
  const me = await currentUser(api);
  const tag = uniqueTag();
  await useSession(page, PRACTITIONER.email);
  await page.goto("/patients/");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Add New Patient" }).click();
  await expect(page).toHaveURL(/add=true/);
  const d = dialog(page);
  await expect(d.getByRole("link", { name: "Single Add" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  await d.getByRole("button", { name: "Next" }).click();
  await expect(d.getByText("You must select at least one product.")).toBeVisible();
  await expectAccessible(page);
  await d.getByRole("checkbox", { name: "Health" }).check();
  await d.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/step=details&products=HEALTH/);
  await expect(d.getByLabel("Gait Unique ID")).toHaveCount(0);
  // The language option is behind its feature flag (off here).
  await expect(d.getByRole("group", { name: "Language" })).toHaveCount(0);
  await expectAccessible(page);

  await d.getByRole("button", { name: "Save", exact: true }).click();
  await expectFieldError(d.getByLabel("First Name"), "First name is required");
  await expectFieldError(d.getByLabel("Last Name"), "Last name is required");
  await expectFieldError(d.getByLabel("Email"), "Email is required");
  await expectFieldError(d.getByLabel("Phone Number"), "Phone number is required");
  await expectFieldError(d.getByLabel("Location"), "Location is required");
  await expectFieldError(d.getByLabel("Side of Body"), "Side of body is required");
  await expectFieldError(d.getByLabel("Involved Body Part"), "Involved body part is required");
  await expectAccessible(page);

  await d.getByLabel("First Name").fill("Ana");
  await d.getByLabel("Last Name").fill(tag);
  await d.getByLabel("Email").fill("not-an-email");
  await d.getByLabel("Phone Number").fill("555-0142");
  await d.getByRole("button", { name: "Save", exact: true }).click();
  await expectFieldError(d.getByLabel("Email"), "Email must be valid");
  await expectFieldError(d.getByLabel("Phone Number"), "Phone number must be 10 digits");
  await expect(d.getByLabel("First Name")).toHaveValue("Ana");
  await expectAccessible(page);

  await d.getByLabel("Email").fill(`${tag}@e2e.example`);
  await d.getByLabel("Phone Number").fill("(303) 555-0142");
  await d.getByLabel("Date of Birth").fill("1961-04-18");
  await d.getByLabel("Location").selectOption({ label: me.locations[0]!.name });
  await d.getByLabel("Side of Body").selectOption({ label: "N/A" });
  await d.getByLabel("Involved Body Part").selectOption({ label: "Knee" });
  await d.getByRole("button", { name: "Save", exact: true }).click();
  // The detail opens at the default product and section (/patients/{id}/ redirects there).
  await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}\/health\/activity\/$/);
  await expect(page.getByRole("status").filter({ hasText: HEALTH_ADDED })).toBeVisible();
  await expectAccessible(page);

  const saved = await findPatients(api, tag);
  expect(saved).toHaveLength(1);
  expect(page.url()).toContain(saved[0]!.id);
  expect(saved[0]!.patient).toMatchObject({ firstName: "Ana", lastName: tag, phoneNumber: "+13035550142", dob: "1961-04-18" });
  expect(saved[0]!.productData.health).toMatchObject({ injuredSideOfBody: null, injuredBodyPart: "KNEE" });
});

test("Gait only: a future birth date is refused; 'Save and add another' saves, says 'Patient added.' and resets the form", async ({ page }) => {
  const api = await apiAs(PRACTITIONER.email);
  const me = await currentUser(api);
  const tag = uniqueTag();
  await useSession(page, PRACTITIONER.email);
  await page.goto("/patients/?add=true&step=details&products=GAIT");
  const d = dialog(page);
  await expect(d.getByLabel("Side of Body")).toHaveCount(0);
  await expectAccessible(page);
  await d.getByLabel("First Name").fill("Gil");
  await d.getByLabel("Last Name").fill(tag);
  await d.getByLabel("Gait Unique ID").fill(`${tag}-1`);
  await d.getByLabel("Location").selectOption({ label: me.locations[0]!.name });
  await d.getByLabel("Date of Birth").fill(isoDay(2));
  await d.getByRole("button", { name: "Save and add another" }).click();
  await expectFieldError(d.getByLabel("Date of Birth"), "Date of birth cannot be in the future.");
  await expect(d.getByLabel("Gait Unique ID")).toHaveValue(`${tag}-1`);
  await expectAccessible(page);

  await d.getByLabel("Date of Birth").fill("1950-01-31");
  await d.getByRole("button", { name: "Save and add another" }).click();
  await expect(page.getByRole("status")).toContainText("Patient added.");
  await expect(page).toHaveURL(/add=true&step=details&products=GAIT/);
  await expect(dialog(page).getByLabel("First Name")).toHaveValue("");
  await expect(dialog(page).getByLabel("Gait Unique ID")).toHaveValue("");
  await expectAccessible(page);
  const saved = await findPatients(api, tag);
  expect(saved).toHaveLength(1);
  expect(saved[0]!.products).toEqual(["GAIT"]);
  expect(saved[0]!.productData.gait?.uid?.toLowerCase()).toBe(`${tag}-1`);
});

test("the server's refusal shows inline under the form and keeps what was typed; the phone in the spec's mask (999)999-9999, typed or not", async ({ page }) => {
  const api = await apiAs(PRACTITIONER.email);
  const me = await currentUser(api);
  const tag = uniqueTag();
  const email = `${tag}@e2e.example`;
  await createPatient(api, { firstName: "First", lastName: tag, email });
  await useSession(page, PRACTITIONER.email);
  await page.goto("/patients/?add=true&step=details&products=HEALTH");
  const d = dialog(page);
  await expectAccessible(page);
  await d.getByLabel("First Name").fill("Second");
  await d.getByLabel("Last Name").fill(tag);
  await d.getByLabel("Email").fill(email);
  // Typed key by key: with JavaScript the mask fills in as it goes; without, the server masks the form it shows again.
  await d.getByLabel("Phone Number").pressSequentially("3035550199");
  if (jsEnabled()) await expect(d.getByLabel("Phone Number")).toHaveValue("(303)555-0199");
  await d.getByLabel("Location").selectOption({ label: me.locations[0]!.name });
  await d.getByLabel("Side of Body").selectOption({ label: "Left" });
  await d.getByLabel("Involved Body Part").selectOption({ label: "Hip" });
  await d.getByRole("button", { name: "Save", exact: true }).click();
  await expect(d.getByText(/already has this e-mail/)).toBeVisible();
  await expect(d.getByLabel("First Name")).toHaveValue("Second");
  await expect(d.getByLabel("Email")).toHaveValue(email);
  await expect(d.getByLabel("Phone Number")).toHaveValue("(303)555-0199");
  await expectAccessible(page);
  expect(await findPatients(api, tag)).toHaveLength(1);
});

test("a practitioner is offered the providers of their own locations and the admins (Provider filter, Primary Provider); another location's provider posted anyway is refused at the field", async ({ page }) => {
  // 000 §6: "other users are matched to a location"; "a provider is eligible for a location if they work there or is an admin".
  const adminApi = await apiAs(demo("admin@frontrange.example").email);
  const providers = (await adminApi.GET("/v2/practitioners")).data ?? [];
  const me = providers.find((p) => p.email === PRACTITIONER.email)!;
  const stranger = providers.find((p) => p.email === "practitioner2@frontrange.example")!;
  const anAdmin = providers.find((p) => p.role === "PORTAL_PROVIDER_ADMIN" && p.userId)!;
  expect(me && stranger && anAdmin, "the demo organization's practitioners and an admin").toBeTruthy();
  expect(stranger.locations.some((l) => me.locations.some((m) => m.id === l.id)), "practitioner2 works at none of the practitioner's locations").toBe(false);
  const option = (select: import("@playwright/test").Locator, p: { lastName: string; firstName: string }) =>
    select.getByRole("option", { name: new RegExp(`^${p.lastName}, ${p.firstName}\\b`) });
  const offersMineOnly = async (select: import("@playwright/test").Locator) => {
    await expect(option(select, me)).toHaveCount(1);
    await expect(option(select, anAdmin)).toHaveCount(1);
    await expect(option(select, stranger)).toHaveCount(0);
  };

  await useSession(page, PRACTITIONER.email);
  await page.goto("/patients/");
  await offersMineOnly(page.getByRole("search", { name: "Filter patients" }).getByLabel("Provider"));
  await expectAccessible(page);

  const api = await apiAs(PRACTITIONER.email);
  const tag = uniqueTag();
  await page.goto("/patients/?add=true&step=details&products=GAIT");
  const d = dialog(page);
  await offersMineOnly(d.getByLabel("Primary Provider"));
  await expectAccessible(page);
  await d.getByLabel("First Name").fill("Forged");
  await d.getByLabel("Last Name").fill(tag);
  await d.getByLabel("Location").selectOption({ label: me.locations[0]!.name });
  // A tampered form: the other location's provider as Primary Provider.
  await d.getByLabel("Primary Provider").evaluate((el: HTMLSelectElement, id: string) => {
    el.add(new Option("Forged choice", id));
    el.value = id;
  }, stranger.id);
  await d.getByRole("button", { name: "Save", exact: true }).click();
  await expectFieldError(dialog(page).getByLabel("Primary Provider"), "The provider does not work at this location");
  await expect(dialog(page).getByLabel("Last Name")).toHaveValue(tag);
  await expectAccessible(page);
  expect(await findPatients(api, tag)).toHaveLength(0);
});

test("a Gait-only organization skips the product step", async ({ page }) => {
  await useSession(page, demo("research@research.example").email);
  await page.goto("/patients/?add=true");
  const d = dialog(page);
  await expect(d.getByRole("checkbox")).toHaveCount(0);
  await expect(d.getByLabel("Gait Unique ID")).toBeVisible();
  await expect(d.getByLabel("Side of Body")).toHaveCount(0);
  await expectAccessible(page);
});

test("a double submit saves the patient once", async ({ page, baseURL }) => {
  const api = await apiAs(PRACTITIONER.email);
  const me = await currentUser(api);
  const tag = uniqueTag();
  await useSession(page, PRACTITIONER.email);
  await page.goto("/patients/?add=true&step=details&products=GAIT");
  await expectAccessible(page);
  const token = await dialog(page).locator('input[name="formToken"]').getAttribute("value");
  expect(token).toMatch(/^[0-9a-f-]{36}$/);
  // The same form sent twice at once, as a double click without JavaScript would.
  const form = { intent: "add-patient", formToken: token!, products: "GAIT", firstName: "Dot", lastName: tag, locationId: me.locations[0]!.id, next: "patient" };
  const send = () => page.request.post("/patients/?index&add=true&step=details&products=GAIT", { form, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
  const [a, b] = await Promise.all([send(), send()]);
  expect([a.status(), b.status()]).toEqual([302, 302]);
  expect(a.headers()["location"]).toMatch(/^\/patients\/[0-9a-f-]{36}\/$/);
  expect(b.headers()["location"]).toBe(a.headers()["location"]);
  expect(await findPatients(api, tag)).toHaveLength(1);
});

test.describe("Bulk Add", () => {
  const csv = (rows: string[]) => Buffer.from(["firstName,lastName,email,phoneNumber,dob,injuredSideOfBody,injuredBodyPart,locationName", ...rows].join("\r\n"));

  test("the template downloads as CSV; bad rows are all reported by line and nothing is saved; a good file imports", async ({ page }) => {
    const api = await apiAs(PRACTITIONER.email);
    const me = await currentUser(api);
    const location = me.locations[0]!.name;
    const tag = uniqueTag();
    await useSession(page, PRACTITIONER.email);
    await page.goto("/patients/?add=true");
    await expectAccessible(page);
    await dialog(page).getByRole("link", { name: "Bulk Add" }).click();
    await expect(page).toHaveURL(/mode=bulk/);
    const d = dialog(page);
    await expect(d.getByRole("link", { name: "Bulk Add" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    const template = await page.request.get((await d.getByRole("link", { name: "Download the Health template (CSV)" }).getAttribute("href"))!);
    expect(template.status()).toBe(200);
    expect(template.headers()["content-type"]).toMatch(/^text\/csv/);
    expect((await template.text()).split(/\r?\n/)[0]).toBe("firstName,lastName,email,phoneNumber,dob,injuredSideOfBody,injuredBodyPart,locationName");

    await d.getByRole("radio", { name: "Health" }).check();
    await d.getByLabel("CSV file").setInputFiles({
      name: "patients.csv",
      mimeType: "text/csv",
      buffer: csv([`Ann,${tag},,3035550101,1970-01-01,Left,Knee,${location}`, `Bo,${tag},bo.${tag}@e2e.example,3035550102,1970-01-01,Left,Elbow,${location}`, `Cy,${tag},cy.${tag}@e2e.example,,1971-02-02,N/A,Hip,${location}`]),
    });
    await d.getByRole("button", { name: "Upload" }).click();
    const problems = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
    await expect(problems).toBeVisible();
    // Each problem with its line (the header is line 1); the good row (line 4) has none.
    await expect(problems.getByRole("listitem").first()).toContainText("Line 2: email");
    await expect(problems.getByRole("listitem").filter({ hasText: "Line 3: injuredBodyPart" }).first()).toBeVisible();
    await expect(problems.getByRole("listitem").filter({ hasText: "Line 4" })).toHaveCount(0);
    await expectAccessible(page);
    expect(await findPatients(api, tag)).toHaveLength(0);

    await dialog(page).getByLabel("CSV file").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
    await dialog(page).getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Only CSV files (text/csv) are accepted." })).toBeVisible();
    await expectAccessible(page);

    await dialog(page).getByLabel("CSV file").setInputFiles({
      name: "patients.csv",
      mimeType: "text/csv",
      buffer: csv([`Ann,${tag},ann.${tag}@e2e.example,3035550101,1970-01-01,Left,Knee,${location}`, `Cy,${tag},cy.${tag}@e2e.example,,02/02/1971,N/A,Hip,${location}`]),
    });
    await dialog(page).getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("status")).toContainText("Upload was successful. 2 patient record(s) were updated.");
    await expect(dialog(page)).toHaveCount(0);
    await expectAccessible(page);
    expect(await findPatients(api, tag)).toHaveLength(2);
  });

  test("a file over 5 MB is refused with a clear message and a 4xx, before anything reaches the API", async ({ page, baseURL }) => {
    await useSession(page, PRACTITIONER.email);
    await page.goto("/patients/?add=true&mode=bulk");
    await expectAccessible(page);
    const token = await dialog(page).locator('input[name="formToken"]').getAttribute("value");
    const big = Buffer.alloc(6 * 1024 * 1024, "a,b,c\n");
    const res = await page.request.post("/patients/?index&add=true&mode=bulk", {
      multipart: { formToken: token!, product: "HEALTH", file: { name: "big.csv", mimeType: "text/csv", buffer: big } },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("The file is larger than 5 MB.");
  });
});
