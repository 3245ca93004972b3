/**
 * The admin area's Organizations (003 §2, §4, §5, §8; ADR 015), in both projects (JavaScript enabled and disabled):
 * 1. the story: a product admin creates an organization with a logo through Add New Organization (with JavaScript the
 *    crop control, without it the server's centre crop), its first admin signs up through the invitation and adds a
 *    patient; the product admin disables it (asked first) — that admin's next request is signed out and sign-in is
 *    refused — and enables it again: sign-in works and the patient is not discharged;
 * 2. step 1's messages at their fields with the input kept (the browser's and the server's, and the API's refusal of
 *    a used e-mail inline); support staff see the table without changes and a change posted as support answers 403;
 *    a provider admin opening the page lands on the portal's home.
 */
import type { Browser, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, PRODUCT_ADMIN, PROVIDER_ADMIN, SUPPORT, inviteCodeOf } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError, expectToast, loginForm, submitBadInput, submitLogin } from "./helpers/ui.js";
import { readState } from "../setup/state.js";
import { BLUE, GREEN, RED, bandsPng, inspect, near } from "../../reference-api/src/testing/images.js";

const PAGE = "/admin/organizations/";
// 003 §8, verbatim; the refusal at sign-in is the portal's words (the spec has none).
const ADDED = "Organization Added.";
const DISABLED = "Successfully disabled organization";
const ENABLED = "Successfully enabled organization";
const REFUSED = "Your organization's access has been disabled. Contact support.";
const SUPPORT_CANNOT_CHANGE = "Support staff cannot make this change; ask a product admin.";

// Two people, two dialogs with an upload, sign-up and sign-ins on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

const heading = (page: Page) => page.getByRole("heading", { name: "Organizations", level: 1 });
const table = (page: Page) => page.getByRole("table", { name: /^Organizations/ });
const rowOf = (page: Page, name: string) => table(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
const addDialog = (page: Page) => page.getByRole("dialog", { name: "Add New Organization" });

/** Fills step 1 (Health only; the zones and the role keep their defaults). */
async function fillStepOne(page: Page, v: { orgName: string; firstName: string; lastName: string; email: string; locationName: string }) {
  const d = addDialog(page);
  await d.getByRole("textbox", { name: "Organization name" }).fill(v.orgName);
  await d.getByRole("checkbox", { name: "Health" }).check();
  await d.getByRole("textbox", { name: "First name" }).fill(v.firstName);
  await d.getByRole("textbox", { name: "Last name" }).fill(v.lastName);
  await d.getByRole("textbox", { name: "Email" }).fill(v.email);
  await d.getByRole("textbox", { name: "Location name" }).fill(v.locationName);
}

async function otherPerson(browser: Browser) {
  const context = await browser.newContext({ baseURL: readState().baseURL, javaScriptEnabled: jsEnabled(), viewport: { width: 1280, height: 800 }, locale: "en-US", timezoneId: "America/Denver" });
  return { context, page: await context.newPage() };
}

async function organizationNamed(name: string) {
  const { data } = await (await apiAs(PRODUCT_ADMIN.email)).GET("/v2/admin/organizations");
  const org = data?.find((o) => o.name === name);
  expect(org, `organization ${name}`).toBeTruthy();
  return org!;
}

test("a product admin creates an organization with a logo, its admin signs up and adds a patient; disabling it refuses its users, enabling it restores them and the patient", async ({ page, browser }) => {
  const tag = randomUUID().slice(0, 8);
  const orgName = `E2E Admin Org ${tag}`;
  const invitee = { firstName: "Morgan", lastName: `Founder ${tag}`, email: `e2e-org-${tag}@e2e.example` };

  await useSession(page, PRODUCT_ADMIN.email);
  await page.goto(PAGE);
  await expect(heading(page)).toBeVisible();
  await expectAccessible(page);

  // Step 1: the form (defaults: America/Denver, Admin).
  await page.getByRole("link", { name: "Add New Organization" }).click();
  await expect(page).toHaveURL(/\?add=1$/);
  const d = addDialog(page);
  await expect(d.getByRole("combobox", { name: "Organization timezone" })).toHaveValue("America/Denver");
  await expect(d.getByRole("combobox", { name: "Role" })).toHaveValue("PORTAL_PROVIDER_ADMIN");
  await expectAccessible(page);
  await fillStepOne(page, { orgName, ...invitee, locationName: "E2E Founding Clinic" });
  await d.getByRole("textbox", { name: "City (optional)" }).fill("Boulder");
  await d.getByRole("button", { name: "Next" }).click();

  // Step 2: the logo. 750×140 red | green | blue: the centre crop is green; with JavaScript the crop is moved to red.
  const logoDialog = page.getByRole("dialog", { name: `Upload image for ${orgName}` });
  await expect(logoDialog).toBeVisible();
  await expect(page).toHaveURL(/\?add=logo&organization=[0-9a-f-]{36}$/);
  await logoDialog.getByLabel("Logo", { exact: true }).setInputFiles({ name: "bands.png", mimeType: "image/png", buffer: await bandsPng([RED, GREEN, BLUE], 250, 140) });
  if (jsEnabled()) {
    const cropArea = logoDialog.getByRole("group", { name: "Crop area" });
    await expect(cropArea).toBeVisible();
    const zoom = logoDialog.getByRole("slider", { name: "Zoom" });
    await zoom.focus();
    for (let i = 0; i < 5; i++) await zoom.press("ArrowRight");
    const box = (await cropArea.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 400, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(logoDialog.locator('input[type="hidden"][name="cropX"]')).toHaveValue("0");
  }
  await expectAccessible(page);
  await logoDialog.getByRole("button", { name: "Upload" }).click();
  await expectToast(page, ADDED);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(rowOf(page, orgName).getByRole("cell")).toHaveText(["Mountain Time (America/Denver)", "Health", "Enabled", /Disable/]);
  await expectAccessible(page);

  // On the API: the organization with its 250×140 logo of the chosen part.
  const org = await organizationNamed(orgName);
  expect(org.disabled).toBe(false);
  const logo = Buffer.from(await (await fetch(org.webLogoUrl!)).arrayBuffer());
  expect([logo.readUInt32BE(16), logo.readUInt32BE(20)]).toEqual([250, 140]);
  expect(near((await inspect(logo)).mean, jsEnabled() ? RED : GREEN, 12)).toBe(true);

  // The first admin was invited for real: signs up through the link, lands on the dashboard, adds a patient.
  const code = await inviteCodeOf(invitee.email);
  const founder = await otherPerson(browser);
  const p = founder.page;
  const password = `Org-${tag}-Pw9`;
  try {
    await p.goto(`/user/create/${code}`);
    await expect(p.getByRole("textbox", { name: "Email" })).toHaveValue(invitee.email);
    await p.getByLabel("Password", { exact: true }).fill(password);
    await p.getByLabel("Confirm Password", { exact: true }).fill(password);
    await p.getByRole("checkbox", { name: "I agree to the Terms of Service and Privacy Policy" }).check();
    await p.getByRole("button", { name: "Sign Up" }).click();
    await expect(p).toHaveURL(/\/home\/$/);
    await expect(p.getByRole("heading", { name: `Hi ${invitee.firstName}` })).toBeVisible();
    const founderApi = await apiAs(invitee.email, password);
    const { data: locations } = await founderApi.GET("/v2/locations");
    const added = await founderApi.POST("/v2/patients", {
      body: { firstName: "Pat", lastName: `Founding ${tag}`, email: `e2e-pat-${tag}@e2e.example`, injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE", locationId: locations![0]!.id, products: ["HEALTH"] },
    });
    expect(added.error, "patient").toBeUndefined();
    const patientId = added.data!.id;
    const before = await founderApi.GET("/v2/patients/{id}/", { params: { path: { id: patientId } } });
    expect(before.data?.dischargeDate ?? null).toBeNull();
    // The organization's active patients, as the admin area's Insights count them.
    const insightsOf = async () => {
      const { data } = await (await apiAs(PRODUCT_ADMIN.email)).GET("/v2/admin/insights");
      return data!.organizations.find((o) => o.name === orgName)!;
    };
    expect(await insightsOf()).toMatchObject({ disabled: false, activePatients: 1 });

    // Disable, asked first.
    await rowOf(page, orgName).getByRole("link", { name: `Disable ${orgName}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Disable ${orgName}?` });
    await expect(confirm).toContainText("all its patients are discharged");
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Disable organization" }).click();
    await expectToast(page, DISABLED);
    await expect(rowOf(page, orgName).getByRole("cell")).toHaveText(["Mountain Time (America/Denver)", "Health", "Disabled", /Enable/]);
    await expectAccessible(page);
    expect((await organizationNamed(orgName)).disabled).toBe(true);
    // Insights shows it disabled. (Its patients are discharged as of today — the last day a discharged patient still
    // counts as active in the lists and in Insights — so the count drops tomorrow; the API's unit tests check the
    // discharge and its restoration in the data.)
    expect(await insightsOf()).toMatchObject({ disabled: true });

    // The founder's next request signs them out with the message; signing in again is refused on the form.
    await p.goto("/patients/");
    await expect(p).toHaveURL(/\/user\/login\/?(\?.*)?$/);
    await expect(p.getByText(REFUSED)).toBeVisible();
    // Wait for this sign-in's answer, as its user does ("Logging in…" until then): the message above is already on
    // the page (the revoked session's), so checking it alone passed at once, the organization was enabled below while
    // the sign-in was still being checked — and then, rightly, it signed in.
    const answered = p.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/login/"));
    await submitLogin(p, invitee.email, password);
    expect((await answered).status()).toBe(403);
    await expect(loginForm(p).submit).toBeVisible();
    await expect(p.getByText(REFUSED).first()).toBeVisible();
    await expect(p).toHaveURL(/\/user\/login\/?(\?.*)?$/);
    await expect(loginForm(p).email).toHaveValue(invitee.email);
    // Their calls are refused by the API too.
    expect((await founderApi.GET("/v2/patients/{id}/", { params: { path: { id: patientId } } })).response.status).toBe(403);

    // Enable: sign-in works again and the patient is back (not discharged).
    await rowOf(page, orgName).getByRole("button", { name: `Enable ${orgName}` }).click();
    await expectToast(page, ENABLED);
    await expect(rowOf(page, orgName).getByRole("cell")).toHaveText(["Mountain Time (America/Denver)", "Health", "Enabled", /Disable/]);
    await submitLogin(p, invitee.email, password);
    await expect(p).toHaveURL(/\/home\/$/);
    const after = await (await apiAs(invitee.email, password)).GET("/v2/patients/{id}/", { params: { path: { id: patientId } } });
    expect(after.error, "patient after enable").toBeUndefined();
    expect(after.data!.dischargeDate ?? null).toBeNull();
    expect(await insightsOf()).toMatchObject({ disabled: false, activePatients: 1 });
  } finally {
    await founder.context.close();
  }
});

test("step 1 shows its messages at their fields with the input kept; support staff cannot change organizations; a provider admin is sent home", async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const orgName = `E2E Refused Org ${tag}`;
  await useSession(page, PRODUCT_ADMIN.email);
  await page.goto(`${PAGE}?add=1`);
  const d = addDialog(page);
  await expect(d).toBeVisible();
  await expectAccessible(page);

  // The organization's name and a bad e-mail only: every other required field answers 003 §5's message.
  await d.getByRole("textbox", { name: "Organization name" }).fill(orgName);
  await d.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await submitBadInput(d.getByRole("button", { name: "Next" }), { checkedInBrowser: true });
  await expectFieldError(d.getByRole("textbox", { name: "Email" }), "Email must be valid");
  await expectFieldError(d.getByRole("textbox", { name: "First name" }), "First name is required");
  await expectFieldError(d.getByRole("textbox", { name: "Last name" }), "Last name is required");
  await expectFieldError(d.getByRole("textbox", { name: "Location name" }), "Name is required");
  await expectFieldError(d.getByRole("checkbox", { name: "Health" }), "Select at least one product");
  await expect(d.getByRole("textbox", { name: "Organization name" })).toHaveValue(orgName);
  await expect(d.getByRole("textbox", { name: "Email" })).toHaveValue("not-an-email");
  await d.getByRole("textbox", { name: "Organization name" }).fill("");
  await submitBadInput(d.getByRole("button", { name: "Next" }), { checkedInBrowser: true });
  await expectFieldError(d.getByRole("textbox", { name: "Organization name" }), "Organization name is required");
  await expectAccessible(page);

  // The API's refusal (an e-mail a provider already has: 409) inline at the e-mail, the input kept, nothing created.
  await fillStepOne(page, { orgName, firstName: "Dana", lastName: "Dup", email: PROVIDER_ADMIN.email, locationName: "E2E Dup Clinic" });
  await submitBadInput(d.getByRole("button", { name: "Next" }), { status: 409 });
  await expectFieldError(d.getByRole("textbox", { name: "Email" }), "A provider with this email already exists");
  await expect(d.getByRole("textbox", { name: "Organization name" })).toHaveValue(orgName);
  await expect(d.getByRole("checkbox", { name: "Health" })).toBeChecked();
  await expectAccessible(page);
  const { data: all } = await (await apiAs(PRODUCT_ADMIN.email)).GET("/v2/admin/organizations");
  expect(all!.some((o) => o.name === orgName)).toBe(false);
  // A demo organization no test disables (another test of this file disables its own new organization meanwhile).
  const someOrg = all!.find((o) => o.name === "Front Range Physical Therapy")!;
  // The flow's end said by a URL alone is no success: nothing was added, so no 'Organization Added.' (issue 34).
  await page.goto(`${PAGE}?add=done`);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(heading(page)).toBeVisible();
  await expect(page.getByText(ADDED)).toHaveCount(0);

  // Support staff: the table, no Add, Enable or Disable; a change's URL and its post answer 403.
  await page.context().clearCookies();
  await useSession(page, SUPPORT.email);
  await page.goto(PAGE);
  await expect(heading(page)).toBeVisible();
  await expect(rowOf(page, someOrg.name)).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Organization" })).toHaveCount(0);
  await expect(table(page).getByRole("button", { name: /^Enable / })).toHaveCount(0);
  await expect(table(page).getByRole("link", { name: /^Disable / })).toHaveCount(0);
  await expectAccessible(page);
  const post = await page.request.post(PAGE, { form: { intent: "disable-organization", organizationId: someOrg.id }, headers: { Origin: new URL(readState().baseURL).origin }, maxRedirects: 0 });
  expect(post.status()).toBe(403);
  expect(await post.text()).toContain(SUPPORT_CANNOT_CHANGE);
  expect((await organizationNamed(someOrg.name)).disabled).toBe(false);
  const dialogUrl = await page.request.get(`${PAGE}?disable=${someOrg.id}`, { maxRedirects: 0 });
  expect(dialogUrl.status()).toBe(403);

  // A provider admin is sent to the root, then home.
  await page.context().clearCookies();
  await useSession(page, PROVIDER_ADMIN.email);
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/home\/$/);
  await expectAccessible(page);
});
