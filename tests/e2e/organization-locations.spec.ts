/**
 * Your Organization's Locations (spec 001 §2.7, §5, §6, §8) on /organization/details/: the table, the tabs, the
 * admin-only Add Location and Edit Location dialogs at their URLs, the empty states, the load and save failures,
 * and the roles enforced by the portal and by the API. Every test has an organization of its own (a new one from
 * the admin area with its first provider, an admin). Both projects; axe once per distinct state.
 *
 * A new organization always has its first location (the admin area creates it with the organization), and the
 * API has no way to delete one: 'No locations added yet.' and the My Locations empty state are reached through
 * the fault proxy, which answers the organization's locations as an empty list.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./helpers/extra-portal.js";
import { useSession } from "./helpers/session.js";
import { apiAs, createIdentityUser, createProvider, inviteCodeOf, PROVIDER_ADMIN, type NewProvider } from "./helpers/stack.js";
import { expectFieldError, expectToast, LOGIN_PATH, submitBadInput, submitLogin } from "./helpers/ui.js";

const PAGE = "/organization/details/";
const NO_LOCATIONS = "No locations added yet.";
const NO_MY_LOCATIONS = "You do not have any locations assigned. If this is incorrect, please contact an admin at your organization.";

const tag = () => randomUUID().slice(0, 8);

// Each test walks a whole story (several dialogs, an extra portal for the failures): more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** A provider admin of a new organization of their own (with its first location, 'E2E Main Clinic'). */
const newAdmin = () => createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"] });

const signedInAs = (page: Page, who: { email: string; password: string }) => useSession(page, { email: who.email, password: who.password });

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
const locationRows = (page: Page) => page.getByRole("table", { name: "Locations" }).getByRole("rowheader");
const locationNames = (page: Page) => locationRows(page).allTextContents();

/** The names the patient list's Location filter offers (a select, with JavaScript and without). */
const listLocationNames = (page: Page) => page.getByRole("region", { name: "Patients" }).getByLabel("Location").getByRole("option").allTextContents();

/** The same form sent twice at once, as a double click without JavaScript would: both answers. */
async function postTwice(page: Page, baseURL: string, path: string, form: Record<string, string>) {
  const send = () => page.request.post(path, { form, headers: { Origin: new URL(baseURL).origin }, maxRedirects: 0 });
  return Promise.all([send(), send()]);
}

test("an admin adds a location (the messages first, the input kept), sees it in the table, edits it; a double submit adds one", async ({ page, baseURL }) => {
  const admin = await newAdmin();
  const adminName = `${admin.lastName}, ${admin.firstName}`;
  const name = `Boulder ${tag()}`;
  const renamed = `Aurora ${tag()}`;
  await signedInAs(page, admin);
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Locations", level: 2 })).toBeVisible();
  // The admin works at the first location: the My Locations tab is there; All Locations is the default.
  await expect(page.getByRole("link", { name: "All Locations" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "My Locations" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Locations" }).getByRole("columnheader")).toHaveText(["Location Name", "Address", "Default Provider", "Timezone", "Actions"]);
  await expect(rowOf(page, "E2E Main Clinic")).toContainText(adminName);
  await expect(rowOf(page, "E2E Main Clinic")).toContainText("Mountain Time (America/Denver)");
  await expectAccessible(page);

  // Add Location: America/Denver preselected; the default provider is 'None' or an admin.
  await page.getByRole("link", { name: "Add Location" }).click();
  await expect(page).toHaveURL(/\?dialog=add-location$/);
  const add = dialog(page, "Add Location");
  await expect(add.getByLabel("Timezone")).toHaveValue("America/Denver");
  await expect(add.getByLabel("Default Provider").getByRole("option")).toHaveText(["None", adminName]);
  await add.getByLabel("Address 1").fill("1600 Pearl St");
  await add.getByLabel("City").fill("Boulder");
  await add.getByLabel("State").selectOption("CO");
  await add.getByLabel("ZIP Code").fill("803");
  await add.getByLabel("Timezone").selectOption("");
  await submitBadInput(add.getByRole("button", { name: "Add Location" }), { checkedInBrowser: true });
  await expectFieldError(add.getByLabel("Name", { exact: true }), "Name is required");
  await expectFieldError(add.getByLabel("Timezone"), "Timezone is required");
  await expectFieldError(add.getByLabel("ZIP Code"), "Enter a ZIP code of 5 digits");
  await expect(add.getByLabel("Address 1")).toHaveValue("1600 Pearl St");
  await expect(add.getByLabel("State")).toHaveValue("CO");
  await expectAccessible(page);

  await add.getByLabel("Name", { exact: true }).fill(name);
  await add.getByLabel("ZIP Code").fill("80302");
  await add.getByLabel("Timezone").selectOption("America/Phoenix");
  await add.getByLabel("Default Provider").selectOption({ label: adminName });
  await add.getByRole("button", { name: "Add Location" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expectToast(page, `Location ${name} created.`);
  await expect(rowOf(page, name).getByRole("cell")).toHaveText(["1600 Pearl St, Boulder, CO 80302", adminName, "Mountain Time – Arizona, no daylight saving (America/Phoenix)", `Edit ${name}`]);
  expect(await locationNames(page)).toEqual([name, "E2E Main Clinic"]);
  await expectAccessible(page);

  // Edit: rename, no default provider, another timezone; the table follows, by name.
  await rowOf(page, name).getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\?dialog=edit-location&location=[0-9a-f-]{36}$/);
  const edit = dialog(page, "Edit Location");
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(edit.getByLabel("Timezone")).toHaveValue("America/Phoenix");
  await expect(edit.getByLabel("ZIP Code")).toHaveValue("80302");
  await expectAccessible(page);
  await edit.getByLabel("Name", { exact: true }).fill(renamed);
  await edit.getByLabel("Default Provider").selectOption("");
  await edit.getByLabel("Timezone").selectOption("America/Chicago");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expectToast(page, `Location ${renamed} updated.`);
  await expect(rowOf(page, renamed).getByRole("cell")).toHaveText(["1600 Pearl St, Boulder, CO 80302", "None", "Central Time (America/Chicago)", `Edit ${renamed}`]);
  expect(await locationNames(page)).toEqual([renamed, "E2E Main Clinic"]);
  await expectAccessible(page);

  // The patient list's Location filter (the organization's locations are kept per session for a short time,
  // ADR 021; the pages above filled the cache with the old name) shows the new name on the next page.
  await page.goto("/patients/");
  const offered = await listLocationNames(page);
  expect(offered).toEqual(expect.arrayContaining([renamed, "E2E Main Clinic"]));
  expect(offered).not.toContain(name);
  await expectAccessible(page);

  // Another organization's location (or an unknown id): not found, nothing of it shown; its post changes nothing.
  const [foreign] = (await (await apiAs(PROVIDER_ADMIN.email)).GET("/v2/locations")).data!;
  const foreignUrl = `${PAGE}?dialog=edit-location&location=${foreign!.id}`;
  await page.goto(foreignUrl);
  const missing = dialog(page, "Edit Location");
  await expect(missing.getByRole("alert")).toContainText("This location could not be found.");
  await expect(missing.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByText(foreign!.name)).toHaveCount(0);
  await expectAccessible(page);
  const foreignPost = await page.request.post(foreignUrl, { form: { name: "Taken over", timezone: "America/Denver" }, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
  expect(foreignPost.status()).toBe(404);

  // A double submit: the same form (one token) sent twice at once makes one location and one answer.
  await page.goto(`${PAGE}?dialog=add-location`);
  await expectAccessible(page);
  const token = await dialog(page, "Add Location").locator('input[name="formToken"]').getAttribute("value");
  expect(token).toMatch(/^[0-9a-f-]{36}$/);
  const twice = `Twice ${tag()}`;
  const [a, b] = await postTwice(page, baseURL!, `${PAGE}?dialog=add-location`, { formToken: token!, name: twice, timezone: "America/Denver" });
  expect([a.status(), b.status()]).toEqual([302, 302]);
  expect(b.headers()["location"]).toBe(a.headers()["location"]);
  const after = (await (await apiAs(admin.email, admin.password)).GET("/v2/locations")).data!;
  expect(after.filter((l) => l.name === twice)).toHaveLength(1);
  expect(after.find((l) => l.name === "Taken over")).toBeUndefined();
  expect((await (await apiAs(PROVIDER_ADMIN.email)).GET("/v2/locations")).data!.find((l) => l.id === foreign!.id)?.name).toBe(foreign!.name);
});

/** A practitioner who signed up in `admin`'s organization, invited by the admin to one location. */
async function practitionerAt(admin: NewProvider, locationId: string) {
  const user = await createIdentityUser();
  const api = await apiAs(admin.email, admin.password);
  const invitee = { firstName: "Pat", lastName: `Reader ${tag()}`, email: user.email, role: "PORTAL_PRACTITIONER" as const, locationIds: [locationId] };
  const invited = await api.POST("/v2/practitioners", { body: invitee });
  if (invited.error) throw new Error(`invite: ${invited.error.message}`);
  const inviteCode = await inviteCodeOf(user.email);
  const done = await (await apiAs(user.email, user.password)).POST("/v2/users/{id}/complete-sign-up", {
    params: { path: { id: user.username } },
    body: { userId: user.username, inviteCode, firstName: invitee.firstName, lastName: invitee.lastName },
  });
  if (done.error) throw new Error(`sign-up: ${done.error.message}`);
  return user;
}

test("a practitioner sees All and My Locations read-only; the portal and the API refuse their changes (403)", async ({ page, baseURL }) => {
  const admin = await newAdmin();
  const adminApi = await apiAs(admin.email, admin.password);
  const second = (await adminApi.POST("/v2/locations", { body: { name: `Second ${tag()}`, timezone: "America/Chicago", address1: "55 W Monroe St", city: "Chicago", stateCode: "IL", zipCode: "60603" } })).data!;
  const practitioner = await practitionerAt(admin, second.id);

  await signedInAs(page, practitioner);
  await page.goto(PAGE);
  await expect(page.getByRole("link", { name: "All Locations" })).toHaveAttribute("aria-current", "page");
  // Web-first: the table is streamed after the shell, and React 19 reveals streamed content on a later frame (the load
  // event, where goto returns, may come first).
  await expect(locationRows(page)).toHaveText(["E2E Main Clinic", second.name]);
  await expect(page.getByRole("link", { name: "Add Location" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Locations" }).getByRole("columnheader")).toHaveText(["Location Name", "Address", "Default Provider", "Timezone"]);
  await expectAccessible(page);

  await page.getByRole("link", { name: "My Locations" }).click();
  await expect(page).toHaveURL(/\?tab=mine$/);
  await expect(page.getByRole("link", { name: "My Locations" })).toHaveAttribute("aria-current", "page");
  await expect(locationRows(page)).toHaveText([second.name]);
  await expect(rowOf(page, second.name)).toContainText("55 W Monroe St, Chicago, IL 60603");
  await expectAccessible(page);

  // A dialog URL is not for them: the 'Not allowed' screen (403), as for their posts.
  const opened = await page.goto(`${PAGE}?dialog=add-location`);
  expect(opened?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectAccessible(page);

  const origin = { Origin: new URL(baseURL!).origin };
  const form = { formToken: randomUUID(), name: "Not mine to add", timezone: "America/Denver" };
  expect((await page.request.post(`${PAGE}?dialog=add-location`, { form, headers: origin, maxRedirects: 0 })).status()).toBe(403);
  expect((await page.request.post(`${PAGE}?dialog=edit-location&location=${second.id}`, { form, headers: origin, maxRedirects: 0 })).status()).toBe(403);

  // The API refuses them too, whatever the client.
  const theirApi = await apiAs(practitioner.email, practitioner.password);
  expect((await theirApi.POST("/v2/locations", { body: { name: "Not mine to add", timezone: "America/Denver" } })).response.status).toBe(403);
  expect((await theirApi.PATCH("/v2/locations/{id}", { params: { path: { id: second.id } }, body: { name: "Not mine to rename" } })).response.status).toBe(403);
  const after = (await adminApi.GET("/v2/locations")).data!;
  expect(after.map((l) => l.name).sort()).toEqual(["E2E Main Clinic", second.name].sort());
});

test("the empty states, a failed load with a retry, and failed saves that keep the input", async ({ page, startExtraPortal, faultProxy }) => {
  const admin = await newAdmin();
  const [main] = admin.locations;
  const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
  await submitLogin(page, admin.email, admin.password, `${portal.url}${LOGIN_PATH}`);
  await expect(page).toHaveURL(`${portal.url}/home/`);
  await expectAccessible(page);
  const LIST = { method: "GET", path: "/v2/locations" } as const;

  // No locations at all: each tab's empty state, verbatim.
  faultProxy.inject({ ...LIST, fault: { kind: "rewrite", change: () => [] } });
  await page.goto(`${portal.url}${PAGE}`);
  await expect(page.getByText(NO_LOCATIONS, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "My Locations" }).click();
  await expect(page.getByText(NO_MY_LOCATIONS, { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The list cannot be loaded: the page is there (200), the section says so, Try again loads it.
  faultProxy.clear();
  faultProxy.inject({ ...LIST, fault: { kind: "status", status: 500 } });
  const res = await page.goto(`${portal.url}${PAGE}`);
  expect(res?.status(), "not a 500: the page is there, the list says it failed").toBe(200);
  const alert = page.getByRole("alert").filter({ hasText: "Could not get locations." });
  await expect(alert.getByRole("heading", { name: "Could not get locations." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add Location" })).toBeVisible();
  await expectAccessible(page);
  faultProxy.clear();
  await alert.getByRole("link", { name: "Try again" }).click();
  await expect(rowOf(page, main!.name)).toBeVisible();
  await expectAccessible(page);

  // The API fails to create (5xx → 502) or refuses an update (its 4xx): the spec's message in the dialog, the input kept.
  faultProxy.inject({ method: "POST", path: "/v2/locations", times: 1, fault: { kind: "status", status: 500 } });
  await page.goto(`${portal.url}${PAGE}?dialog=add-location`);
  const add = dialog(page, "Add Location");
  await add.getByLabel("Name", { exact: true }).fill("Lost Clinic");
  await add.getByLabel("City").fill("Golden");
  const [created] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), add.getByRole("button", { name: "Add Location" }).click()]);
  expect(created.status()).toBe(502);
  await expect(add.getByText("Could not create location.")).toBeVisible();
  await expect(add.getByLabel("Name", { exact: true })).toHaveValue("Lost Clinic");
  await expect(add.getByLabel("City")).toHaveValue("Golden");
  await expectAccessible(page);

  faultProxy.inject({ method: "PATCH", path: `/v2/locations/${main!.id}`, times: 1, fault: { kind: "status", status: 400, body: { message: "name: That name is taken.", status: 400 } } });
  await page.goto(`${portal.url}${PAGE}?dialog=edit-location&location=${main!.id}`);
  const edit = dialog(page, "Edit Location");
  await edit.getByLabel("Name", { exact: true }).fill("Renamed Clinic");
  const [updated] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), edit.getByRole("button", { name: "Save" }).click()]);
  expect(updated.status()).toBe(400);
  await expect(edit.getByText("Could not update location.")).toBeVisible();
  await expectFieldError(edit.getByLabel("Name", { exact: true }), "That name is taken.");
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue("Renamed Clinic");
  await expectAccessible(page);

  const after = (await (await apiAs(admin.email, admin.password)).GET("/v2/locations")).data!;
  expect(after.map((l) => l.name)).toEqual([main!.name]);
});
