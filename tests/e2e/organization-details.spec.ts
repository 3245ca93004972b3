/**
 * Organization Details (spec 001 §2.6, §5, §6, §8, §9; issue 11): the page, the admin's 'Edit Organization
 * Details' dialog (name and logo), the logo crop (with JavaScript the crop control's rectangle, without it the
 * server's centre crop), every bad file refused with nothing changed, Delete logo, the new name and logo in the
 * organization header, the shell and the printed program right after the change, the API's failures as the
 * spec's messages (a portal of its own behind the fault proxy), and a practitioner's read-only page with the
 * portal's and the API's 403. Each test changes an organization of its own (createProvider with products: a new
 * organization whose first provider is its admin). Both projects; every page and dialog state checked by axe.
 */
import type { Locator, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, createIdentityUser, createProvider, inviteCodeOf, type NewProvider } from "./helpers/stack.js";
import { test as withFaults } from "./helpers/extra-portal.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError, expectToast, LOGIN_PATH, submitBadInput, submitLogin } from "./helpers/ui.js";
// Test images shared with the API's and the portal's logo tests (test code only).
import { BLUE, GREEN, RED, bandsPng, bombPng, inspect, jpeg, near, noisePng, solidPng, truncated } from "../../reference-api/src/testing/images.js";

const PAGE = "/organization/details/";
const DIALOG = "/organization/details/?dialog=edit-organization";
const UPDATED = "Successfully updated organization details.";

// Several dialogs, uploads and axe checks per test on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

const as = (p: NewProvider) => ({ email: p.email, password: p.password });

/**
 * The admin of an organization of this worker's own (a new organization, its first provider; ~5 s to make, and a
 * sign-in per user): made once per worker and shared by its tests, which run one after another there. So each
 * test compares with the organization as it finds it (its name, its logo) rather than with a fresh one.
 */
let sharedAdmin: Promise<NewProvider> | undefined;
const admin = () => (sharedAdmin ??= createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"] }));

/** The organization as the API has it now (the provider's own profile). */
async function organizationOf(p: NewProvider) {
  const { data, error } = await (await apiAs(p.email, p.password)).GET("/v2/users/current");
  expect(error, "current user").toBeUndefined();
  return data!.organization;
}

/** A practitioner of the admin's organization, at its location, signed up through the invitation. */
async function practitionerOf(owner: NewProvider): Promise<NewProvider> {
  const user = await createIdentityUser();
  const api = await apiAs(owner.email, owner.password);
  const { data: locations } = await api.GET("/v2/locations");
  const invitee = { firstName: "Pat", lastName: `Reader ${randomUUID().slice(0, 6)}`, email: user.email };
  const invited = await api.POST("/v2/practitioners", { body: { ...invitee, role: "PORTAL_PRACTITIONER", locationIds: [locations![0]!.id] } });
  expect(invited.error, "invite practitioner").toBeUndefined();
  const inviteCode = await inviteCodeOf(user.email);
  const signUp = await (await apiAs(user.email, user.password)).POST("/v2/users/{id}/complete-sign-up", {
    params: { path: { id: user.username } },
    body: { userId: user.username, inviteCode, firstName: invitee.firstName, lastName: invitee.lastName },
  });
  expect(signUp.error, "complete sign-up").toBeUndefined();
  const { data: profile } = await (await apiAs(user.email, user.password)).GET("/v2/users/current");
  return { ...user, userId: user.username, practitionerId: profile!.practitionerId, firstName: invitee.firstName, lastName: invitee.lastName, role: "PORTAL_PRACTITIONER", inviteCode, locations: [] };
}

/** Uploads a logo through the API (as the admin): multipart with the PNG in the part `file`. */
async function uploadLogoThroughApi(p: NewProvider, png: Buffer) {
  const { id } = await organizationOf(p);
  const form = new FormData();
  form.set("file", new Blob([Uint8Array.from(png)], { type: "image/png" }), "logo.png");
  const uploaded = await (await apiAs(p.email, p.password)).POST("/v2/organizations/{id}/logo", { params: { path: { id } }, body: { file: "" }, bodySerializer: () => form });
  expect(uploaded.error, "logo uploaded through the API").toBeUndefined();
}

/** A program assigned to a new patient of the admin's organization: its printable page carries the logo. */
async function printedProgramOf(p: NewProvider): Promise<string> {
  const api = await apiAs(p.email, p.password);
  const { data: locations } = await api.GET("/v2/locations");
  const tag = randomUUID().slice(0, 8);
  const patient = await api.POST("/v2/patients", {
    body: { firstName: `Pat${tag.slice(0, 4)}`, lastName: `Logo${tag.slice(4)}`, email: `e2e-patient-${tag}@e2e.example`, locationId: locations![0]!.id, products: ["HEALTH"], injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE" },
  });
  expect(patient.error, "patient").toBeUndefined();
  const { data: exercises } = await api.GET("/v3/exercises", { params: { query: { completeness: "COMPLETE" } } });
  const reps = exercises!.find((e) => e.exerciseMetrics.some((m) => m.metric === "REPS"))!;
  const program = await api.POST("/v2/health/heps", {
    body: { name: `Logo ${tag}`, notes: null, dailyFrequency: 1, weeklyFrequency: 3, blocks: [{ exerciseId: reps.id, sideOfBody: null, numSets: 1, setGoal: { goalType: "REPS", reps: 10 } }] },
  });
  expect(program.error, "program").toBeUndefined();
  const assigned = await api.POST("/v2/health/heps/{id}/assignments", { params: { path: { id: program.data!.id } }, body: { patientRecordIds: [patient.data!.id], isEdit: false } });
  expect(assigned.error, "assignment").toBeUndefined();
  return `/patients/${patient.data!.id}/programs/${program.data!.id}/print`;
}

/** The width and height a PNG's IHDR declares (bytes 16–23, after the signature and the chunk's length and type). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1"), "a PNG").toBe("PNG");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The stored logo's bytes, fetched from the URL the API hands out. */
async function storedLogo(p: NewProvider): Promise<Buffer> {
  const url = (await organizationOf(p)).webLogoUrl;
  expect(url, "the organization has a logo").toBeTruthy();
  const res = await fetch(url!);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const shellHeader = (page: Page) => page.getByRole("banner");
const orgHeader = (page: Page) => page.getByRole("region", { name: "Organization", exact: true });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Edit Organization Details" });
const nameField = (page: Page) => dialog(page).getByRole("textbox", { name: "Name", exact: true });
const logoField = (page: Page) => dialog(page).getByLabel("Logo", { exact: true });
const save = (page: Page) => dialog(page).getByRole("button", { name: "Save" });

/**
 * The logo shown is the organization's current one (the URL the API hands out now) and, with JavaScript (the
 * only project that can look into the page), it has loaded at its 250 px from the API's signed URL.
 */
async function expectLogo(img: Locator, url: string) {
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute("src", url);
  if (jsEnabled()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1))).toBe(250);
}

test("an admin renames the organization: 'Name is required' with the input kept, then the new name in the page, its header and the shell", async ({ page }) => {
  const owner = await admin();
  const before = await organizationOf(owner);
  await useSession(page, as(owner));
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Organization Details", level: 1 })).toBeVisible();
  const details = page.getByRole("region", { name: "Organization Details" });
  await expect(details.getByRole("definition").filter({ hasText: before.name })).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: "America/Denver" })).toBeVisible();
  await expect(details.getByText("No logo", { exact: true })).toBeVisible();
  await expect(shellHeader(page).getByText(before.name, { exact: true })).toBeVisible();
  await expectAccessible(page);

  await orgHeader(page).getByRole("link", { name: "Edit Organization Details" }).click();
  await expect(page).toHaveURL(/\?dialog=edit-organization$/);
  await expect(nameField(page)).toHaveValue(before.name);
  await expect(logoField(page)).toHaveAttribute("accept", "image/png");
  await expect(dialog(page).getByText("PNG, at most 5 MB; cropped to 250×140.")).toBeVisible();
  await expectAccessible(page);

  // Blank (spaces only): refused in the browser with JavaScript, by the server (400) without; what was typed stays.
  await nameField(page).fill("   ");
  await submitBadInput(save(page), { checkedInBrowser: true });
  await expectFieldError(nameField(page), "Name is required");
  await expect(nameField(page)).toHaveValue("   ");
  await expectAccessible(page);
  expect((await organizationOf(owner)).name).toBe(before.name);

  const renamed = `Renamed Clinic ${randomUUID().slice(0, 8)}`;
  await nameField(page).fill(renamed);
  await save(page).click();
  await expectToast(page, UPDATED);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(dialog(page)).toHaveCount(0);
  await expect(orgHeader(page).getByText(renamed, { exact: true })).toBeVisible();
  await expect(details.getByRole("definition").filter({ hasText: renamed })).toBeVisible();
  await expect(shellHeader(page).getByText(renamed, { exact: true })).toBeVisible();
  expect((await organizationOf(owner)).name).toBe(renamed);
});

test("an admin uploads a PNG logo (the crop control's rectangle with JavaScript, the centre without): 250×140 on the server, in the page, its header and the shell; then deletes it, asked first", async ({ page }) => {
  const owner = await admin();
  const { id, name, webLogoUrl } = await organizationOf(owner);
  // No logo to start with (another test of this worker may have left one).
  if (webLogoUrl) expect((await (await apiAs(owner.email, owner.password)).DELETE("/v2/organizations/{id}/logo", { params: { path: { id } } })).error).toBeUndefined();
  const print = await printedProgramOf(owner);
  await useSession(page, as(owner));
  await page.goto(DIALOG);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("img", { name: "Current logo" })).toHaveCount(0);
  await expect(dialog(page).getByRole("link", { name: "Delete logo" })).toHaveCount(0);
  await expectAccessible(page);

  // 750×140: red | green | blue. The centre crop is the green band; the crop control is moved to the red one.
  await logoField(page).setInputFiles({ name: "bands.png", mimeType: "image/png", buffer: await bandsPng([RED, GREEN, BLUE], 250, 140) });
  if (jsEnabled()) {
    const cropArea = dialog(page).getByRole("group", { name: "Crop area" });
    await expect(cropArea).toBeVisible();
    await expect(dialog(page).getByRole("img", { name: /^Preview of the crop/ })).toBeVisible();
    // Zoom in (keyboard on the 'Zoom' range), then drag the image right as far as it goes: the left edge.
    const zoom = dialog(page).getByRole("slider", { name: "Zoom" });
    await zoom.focus();
    for (let i = 0; i < 5; i++) await zoom.press("ArrowRight");
    await expect(zoom).toHaveValue("1.5");
    const box = (await cropArea.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 400, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(dialog(page).locator('input[type="hidden"][name="cropX"]')).toHaveValue("0");
    await expectAccessible(page);
  }
  await save(page).click();
  await expectToast(page, UPDATED);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));

  // On the server: a 250×140 PNG (its IHDR), of the chosen part.
  const stored = await storedLogo(owner);
  expect(pngSize(stored)).toEqual({ width: 250, height: 140 });
  const look = await inspect(stored);
  expect(near(look.mean, jsEnabled() ? RED : GREEN, 12), `mean colour ${JSON.stringify(look.mean)}`).toBe(true);

  // Right after the change: in the page (250×140), the organization header and the shell (the name as its text).
  const url = (await organizationOf(owner)).webLogoUrl!;
  await expectLogo(page.getByRole("region", { name: "Organization Details" }).getByRole("img", { name: `Logo of ${name}` }), url);
  await expect(orgHeader(page).locator("img")).toHaveAttribute("src", url);
  await expect(orgHeader(page).getByRole("img")).toHaveCount(0); // decorative there (alt=""): the name is next to it
  await expectLogo(shellHeader(page).getByRole("img", { name }), url);
  await expect(shellHeader(page).getByText(name, { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  // And on the printed program (its print URL, `logoUrl`: the same stored PNG).
  await page.goto(print);
  await expectLogo(page.getByRole("img", { name, exact: true }), (await organizationOf(owner)).logoUrl!);
  await expectAccessible(page);

  // Delete logo: asked first, at its own URL.
  await page.goto(DIALOG);
  await expectLogo(dialog(page).getByRole("img", { name: "Current logo" }), url);
  await expectAccessible(page);
  await dialog(page).getByRole("link", { name: "Delete logo" }).click();
  await expect(page).toHaveURL(/\?dialog=edit-organization&confirm=delete-logo$/);
  const confirm = page.getByRole("alertdialog", { name: "Delete logo" });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete logo" }).click();
  await expectToast(page, UPDATED);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("region", { name: "Organization Details" }).getByText("No logo", { exact: true })).toBeVisible();
  await expect(shellHeader(page).getByText(name, { exact: true })).toBeVisible();
  await expect(shellHeader(page).getByRole("img", { name })).toHaveCount(0);
  expect((await organizationOf(owner)).webLogoUrl).toBeNull();
});

test("bad files are refused at the logo field with the message, the typed name kept, and nothing changes: not a PNG, a damaged PNG, over 5 MB, a decompression bomb", async ({ page }) => {
  const owner = await admin();
  // A logo already there (uploaded through the API): it must survive every refused upload.
  await uploadLogoThroughApi(owner, await solidPng(250, 140, BLUE));
  const before = await organizationOf(owner);

  const big = await noisePng(1400, 1400);
  expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
  const cases: { what: string; file: { name: string; mimeType: string; buffer: Buffer }; message: string; status: number }[] = [
    { what: "a JPEG named .png", file: { name: "photo.png", mimeType: "image/png", buffer: await jpeg() }, message: "The logo must be a PNG image.", status: 400 },
    { what: "text named .png", file: { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("this is not an image\n".repeat(20)) }, message: "The logo must be a PNG image.", status: 400 },
    { what: "a truncated PNG", file: { name: "cut.png", mimeType: "image/png", buffer: truncated(await noisePng(300, 200)) }, message: "The image could not be read. It may be damaged; please choose another PNG.", status: 400 },
    { what: "a PNG over 5 MB", file: { name: "big.png", mimeType: "image/png", buffer: big }, message: "The image file must be at most 5 MB.", status: 413 },
    { what: "a decompression bomb", file: { name: "bomb.png", mimeType: "image/png", buffer: bombPng(20_000) }, message: "The image is too large: it must be at most 25 megapixels.", status: 400 },
  ];

  await useSession(page, as(owner));
  await page.goto(DIALOG);
  await expect(dialog(page)).toBeVisible();
  await expectAccessible(page);
  const typed = `Not Saved ${randomUUID().slice(0, 8)}`;
  await nameField(page).fill(typed);
  for (const c of cases) {
    await test.step(c.what, async () => {
      await logoField(page).setInputFiles(c.file);
      await submitBadInput(save(page), { status: c.status });
      await expectFieldError(logoField(page), `Failed to upload logo - ${c.message}`);
      await expect(nameField(page)).toHaveValue(typed);
    });
  }
  const after = await organizationOf(owner);
  expect({ name: after.name, webLogoUrl: after.webLogoUrl }).toEqual({ name: before.name, webLogoUrl: before.webLogoUrl });
  expect(pngSize(await storedLogo(owner))).toEqual({ width: 250, height: 140 });
});

test("a practitioner sees the page read-only; the portal (403) and the API (403) refuse their changes", async ({ page, baseURL }) => {
  const owner = await admin();
  const practitioner = await practitionerOf(owner);
  const before = await organizationOf(owner);
  await useSession(page, as(practitioner));
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Organization Details", level: 1 })).toBeVisible();
  await expect(orgHeader(page).getByText(before.name, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Organization Details" })).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectAccessible(page);

  // The portal: the dialog's URL and both of its posts are admins' only.
  const origin = new URL(baseURL!).origin;
  const edit = await page.request.post(DIALOG, {
    headers: { Origin: origin },
    multipart: { intent: "edit-organization", name: "Taken Over", logo: { name: "logo.png", mimeType: "image/png", buffer: await solidPng(250, 140) } },
    maxRedirects: 0,
  });
  expect(edit.status(), "the portal refuses the practitioner's edit").toBe(403);
  const remove = await page.request.post(`${DIALOG}&confirm=delete-logo`, { headers: { Origin: origin }, form: { intent: "delete-logo" }, maxRedirects: 0 });
  expect(remove.status(), "the portal refuses the practitioner's logo delete").toBe(403);
  const opened = await page.goto(DIALOG);
  expect(opened?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Only admins of your organization can make this change." })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectAccessible(page);

  // The API: updateOrganization and the logo calls answer 403 to a practitioner.
  const api = await apiAs(practitioner.email, practitioner.password);
  const patch = await api.PATCH("/v2/organizations/{id}", { params: { path: { id: before.id } }, body: { name: "Taken Over" } });
  expect(patch.response.status).toBe(403);
  const del = await api.DELETE("/v2/organizations/{id}/logo", { params: { path: { id: before.id } } });
  expect(del.response.status).toBe(403);
  expect((await organizationOf(owner)).name).toBe(before.name);
});

withFaults("the API's failures are the spec's messages (502) with the typed input kept: renaming, uploading, deleting the logo", async ({ page, startExtraPortal, faultProxy }) => {
  const owner = await admin();
  await uploadLogoThroughApi(owner, await solidPng(250, 140, GREEN));
  const before = await organizationOf(owner);
  const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
  // The extra portal has a session secret of its own: sign in there.
  await submitLogin(page, owner.email, owner.password, `${portal.url}${LOGIN_PATH}`);
  await expect(page).toHaveURL(`${portal.url}/home/`);
  await expectAccessible(page);
  await page.goto(`${portal.url}${DIALOG}`);
  await expect(dialog(page)).toBeVisible();
  await expectAccessible(page);

  // The rename fails (500): the spec's message under the form, the name kept, no logo sent.
  const orgPath = `/v2/organizations/${before.id}`;
  faultProxy.inject({ method: "PATCH", path: orgPath, fault: { kind: "status", status: 500, body: { message: "boom", status: 500 } } });
  const typed = `Failing Rename ${randomUUID().slice(0, 8)}`;
  await nameField(page).fill(typed);
  await logoField(page).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await solidPng(500, 280, RED) });
  await submitBadInput(save(page), { status: 502 });
  await expect(dialog(page).getByText("Something went wrong editing the org, please refresh and try again.")).toBeVisible();
  await expect(nameField(page)).toHaveValue(typed);
  expect(faultProxy.requests("POST", `${orgPath}/logo`)).toHaveLength(0);

  // The upload fails (503; the name as it is, so only the logo is sent): the spec's message at the logo field.
  faultProxy.clear();
  faultProxy.inject({ method: "POST", path: `${orgPath}/logo`, fault: { kind: "status", status: 503, body: { message: "unavailable", status: 503 } } });
  await nameField(page).fill(before.name);
  await logoField(page).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await solidPng(500, 280, RED) });
  await submitBadInput(save(page), { status: 502 });
  await expectFieldError(logoField(page), "Something went wrong uploading your image, please try again.");
  await expect(nameField(page)).toHaveValue(before.name);

  // The delete fails (500): the spec's message in the confirmation.
  faultProxy.clear();
  faultProxy.inject({ method: "DELETE", path: `${orgPath}/logo`, fault: { kind: "status", status: 500, body: { message: "boom", status: 500 } } });
  await page.goto(`${portal.url}${DIALOG}&confirm=delete-logo`);
  const confirm = page.getByRole("alertdialog", { name: "Delete logo" });
  await submitBadInput(confirm.getByRole("button", { name: "Delete logo" }), { status: 502 });
  await expect(confirm.getByRole("alert").filter({ hasText: "Something went wrong deleting your image, please try again." })).toBeVisible();
  await expectAccessible(page);

  const after = await organizationOf(owner);
  expect({ name: after.name, webLogoUrl: after.webLogoUrl }).toEqual({ name: before.name, webLogoUrl: before.webLogoUrl });
});
