/**
 * Your Organization → Providers (issue 11; spec 001 §2.8, §4 Providers, §5, §6, §8): the invitation end to
 * end — an admin invites a practitioner to one location, the practitioner signs up through the invite link
 * and sees only that location's patients, follows a change of locations, and is signed out when removed —
 * then the row actions (resend, edit, the e-mail rules, no Edit for oneself, a duplicate e-mail, a double
 * submit), and a practitioner's read-only page with every admin-only post refused by the portal and the API.
 * Both projects; every distinct screen and dialog checked by axe.
 *
 * The data is an organization of its own (Health) made through the API in beforeAll: its provider admin, a
 * second location, a patient at each location and a practitioner who has signed up (at the first location).
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, createIdentityUser, createProvider, inviteCodeOf, PRACTITIONER, PROVIDER_ADMIN, type NewProvider } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError, expectToast, loginForm, submitBadInput, submitLogin } from "./helpers/ui.js";
import { readState } from "../setup/state.js";

const PATH = "/organization/providers/";
const LOGIN_URL = /\/user\/login\/?(\?.*)?$/;
const LOGIN_FAILED = "There was a problem signing in.  Please check your email and password.";
// 001 §5 and §8, verbatim.
const INVITE_SENT = "Email invite successfully sent to the provider.";
const RESENT = "Invite successfully sent.";
const RESEND_FAILED = "Invite could not be sent.";
const UPDATE_FAILED = "Could not update practitioner.";
const REMOVE_FAILED = "There was a problem removing that provider.";
const LOCATIONS_REQUIRED = "Location(s) are required";
// The portal's own (the spec has none) and the API's 409 message.
const updated = (name: string) => `Successfully updated ${name}.`;
const removed = (name: string) => `${name} has been removed from your organization.`;
const DUPLICATE_EMAIL = "A provider with this email already exists.";
const ADMIN_ONLY = "Only admins of your organization can make this change.";

type Api = Awaited<ReturnType<typeof apiAs>>;

function ok<T>(r: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (r.data === undefined) throw new Error(`${what}: ${r.response.status} ${JSON.stringify(r.error ?? null)}`);
  return r.data;
}

interface World {
  admin: NewProvider;
  adminApi: Api;
  locationA: { id: string; name: string };
  locationB: { id: string; name: string };
  /** 'Last, First' of the patient at each location. */
  patientA: string;
  patientB: string;
  /** A practitioner of the organization who has signed up (at location A). */
  casey: { email: string; password: string; id: string; name: string };
}

let world: World;

/** A patient (Health) at `locationId`; answers 'Last, First'. */
async function patientAt(api: Api, locationId: string, firstName: string): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const lastName = `Loc${tag.replace(/\d/g, "x")}`;
  ok(
    await api.POST("/v2/patients", {
      body: { firstName, lastName, email: `prov-${tag}@e2e.example`, injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE", locationId, products: ["HEALTH"] },
    }),
    "patient",
  );
  return `${lastName}, ${firstName}`;
}

/** Invited by the admin through the API and signed up on the API (as createProvider does), at `locationId`. */
async function signedUpPractitioner(api: Api, locationId: string) {
  const user = await createIdentityUser();
  const firstName = "Casey";
  const lastName = `Current ${user.email.slice(4, 12)}`;
  const invited = ok(await api.POST("/v2/practitioners", { body: { firstName, lastName, email: user.email, role: "PORTAL_PRACTITIONER", locationIds: [locationId] } }), "invite");
  const inviteCode = await inviteCodeOf(user.email);
  const own = await apiAs(user.email, user.password);
  ok(await own.POST("/v2/users/{id}/complete-sign-up", { params: { path: { id: user.username } }, body: { userId: user.username, inviteCode, firstName, lastName } }), "sign-up");
  return { email: user.email, password: user.password, id: invited.id, name: `${lastName}, ${firstName}` };
}

test.beforeAll(async () => {
  const admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"], firstName: "Ada" });
  const adminApi = await apiAs(admin.email, admin.password);
  const locationA = admin.locations[0]!;
  const created = ok(await adminApi.POST("/v2/locations", { body: { name: "E2E North Clinic", timezone: "America/Denver" } }), "location");
  const locationB = { id: created.id, name: created.name };
  const [patientA, patientB, casey] = await Promise.all([
    patientAt(adminApi, locationA.id, "Alma"),
    patientAt(adminApi, locationB.id, "Bruno"),
    signedUpPractitioner(adminApi, locationA.id),
  ]);
  world = { admin, adminApi, locationA, locationB, patientA, patientB, casey };
});

/** Another admin's removal, meanwhile (DELETE v2/practitioners/{id} as the organization's admin). */
async function removeThroughApi(id: string) {
  const res = await world.adminApi.DELETE("/v2/practitioners/{id}", { params: { path: { id } } });
  expect(res.response.status).toBe(204);
}

const adminSession = (page: Page) => useSession(page, { email: world.admin.email, password: world.admin.password });
const adminName = () => `${world.admin.lastName}, ${world.admin.firstName}`;

const tab = (page: Page, name: RegExp) => page.getByRole("navigation", { name: "Users" }).getByRole("link", { name });
/** The table's row of a provider, by the name in its row header. */
const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

/** A row's action (Edit / Delete): opens the row's menu (a disclosure) and follows its link. */
async function rowAction(page: Page, name: string, action: "Edit" | "Delete") {
  const row = rowOf(page, name);
  await row.getByText(`Actions for ${name}`, { exact: true }).locator("..").click();
  await row.getByRole("link", { name: action, exact: true }).click();
}

function inviteForm(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Add Provider" });
  return {
    dialog,
    firstName: dialog.getByRole("textbox", { name: "First name" }),
    lastName: dialog.getByRole("textbox", { name: "Last name" }),
    email: dialog.getByRole("textbox", { name: "Email" }),
    role: dialog.getByRole("combobox", { name: "Role" }),
    location: (name: string) => dialog.getByRole("checkbox", { name }),
    submit: dialog.getByRole("button", { name: "Send Invite" }),
  };
}

/** A second browser context as the project's (JavaScript on or off), for another person at the same time. */
async function otherPerson(browser: Browser) {
  const context = await browser.newContext({
    baseURL: readState().baseURL,
    javaScriptEnabled: jsEnabled(),
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "America/Denver",
  });
  return { context, page: await context.newPage() };
}

async function expectPatients(page: Page, visible: string, hidden: string) {
  await page.goto("/patients/");
  await expect(page.getByRole("rowheader", { name: visible })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: hidden })).toHaveCount(0);
}

test("an admin invites a practitioner to one location; they sign up, see that location's patients, follow a location change and are signed out when removed", async ({ page, browser }) => {
  test.slow();
  const { locationA, locationB } = world;
  const tag = randomUUID().slice(0, 8);
  const invitee = { firstName: "Riley", lastName: `Invitee ${tag}`, email: `e2e-prov-${tag}@e2e.example` };
  const inviteeName = `${invitee.lastName}, ${invitee.firstName}`;

  // The admin's Providers page: themselves among the current users, Invite Users.
  await adminSession(page);
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Providers" })).toBeVisible();
  await expect(tab(page, /^Current Users \(\d+\)$/)).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("columnheader")).toHaveText(["Name", "Email", "Role", "Location", "Actions"]);
  await expect(rowOf(page, `${adminName()} (you)`)).toContainText("Admin");
  await expectAccessible(page);

  // Add Provider: the required fields first, then the location rule, the input kept.
  await page.getByRole("link", { name: "Invite Users" }).click();
  await expect(page).toHaveURL(/[?&]dialog=invite/);
  const form = inviteForm(page);
  await expect(form.role).toHaveValue("PORTAL_PRACTITIONER");
  // A provider admin may give Provider or Admin (the API refuses them EXER_ADMIN).
  await expect(form.role.locator("option")).toHaveText(["Provider", "Admin"]);
  // The organization does not support single sign-on: no SSO box.
  await expect(form.dialog.getByRole("checkbox", { name: /single sign-on/ })).toHaveCount(0);
  await expectAccessible(page);
  await submitBadInput(form.submit, { checkedInBrowser: true });
  await expectFieldError(form.firstName, "First name is required");
  await expectFieldError(form.lastName, "Last name is required");
  await expectFieldError(form.email, "Email is required");
  await form.firstName.fill(invitee.firstName);
  await form.lastName.fill(invitee.lastName);
  await form.email.fill(invitee.email);
  await submitBadInput(form.submit, { checkedInBrowser: true });
  await expectFieldError(form.location(locationA.name), LOCATIONS_REQUIRED);
  await expect(form.firstName).toHaveValue(invitee.firstName);
  await expect(form.email).toHaveValue(invitee.email);
  await expectAccessible(page);
  await form.location(locationA.name).check();
  await form.submit.click();

  // Back on the Invited Users tab with the spec's toast.
  await expect(page).toHaveURL(/\/organization\/providers\/\?tab=invited$/);
  await expectToast(page, INVITE_SENT);
  await expect(tab(page, /^Invited Users \(\d+\)$/)).toHaveAttribute("aria-current", "page");
  const invitedRow = rowOf(page, inviteeName);
  await expect(invitedRow.getByRole("cell")).toHaveText([invitee.email, "Provider", locationA.name, /Resend Invite/]);
  await expectAccessible(page);

  // The invitee opens the sign-up link (the existing page), signs up (the provider API makes the account, ADR 042) and lands on the dashboard.
  const code = await inviteCodeOf(invitee.email);
  const practitioner = await otherPerson(browser);
  const p = practitioner.page;
  try {
    await p.goto(`/user/create/${code}`);
    await expect(p.getByRole("textbox", { name: "Email" })).toHaveValue(invitee.email);
    const password = `Prov-${tag}-Pw9`;
    await p.getByLabel("Password", { exact: true }).fill(password);
    await p.getByLabel("Confirm Password", { exact: true }).fill(password);
    await p.getByRole("checkbox", { name: "I agree to the Terms of Service and Privacy Policy" }).check();
    await p.getByRole("button", { name: "Sign Up" }).click();
    await expect(p).toHaveURL(/\/home\/$/);
    await expect(p.getByRole("heading", { name: `Hi ${invitee.firstName}` })).toBeVisible();
    // (The sign-up page is checked by account.spec.ts.)
    await expectAccessible(p);
    // Their token now, for the API check after the removal.
    const ownApi = await apiAs(invitee.email, password);

    // Only location A's patients.
    await expectPatients(p, world.patientA, world.patientB);
    await expectAccessible(p);

    // The admin sees them among the current users, as a Provider at A.
    await tab(page, /^Current Users/).click();
    await expect(page).toHaveURL(/\/organization\/providers\/$/);
    await expect(rowOf(page, inviteeName).getByRole("cell")).toHaveText([invitee.email, "Provider", locationA.name, /Actions for/]);
    await expect(rowOf(page, inviteeName).getByRole("button", { name: /Resend Invite/ })).toHaveCount(0);
    await expectAccessible(page);

    // The admin moves them to B: a current user's e-mail is shown, not editable.
    await rowAction(page, inviteeName, "Edit");
    const edit = page.getByRole("dialog", { name: "Edit Provider" });
    await expect(edit.getByRole("textbox", { name: "Email" })).toBeDisabled();
    await expect(edit.getByRole("textbox", { name: "Email" })).toHaveValue(invitee.email);
    await expect(edit.getByRole("checkbox", { name: locationA.name })).toBeChecked();
    await expectAccessible(page);
    await edit.getByRole("checkbox", { name: locationA.name }).uncheck();
    await edit.getByRole("checkbox", { name: locationB.name }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/organization\/providers\/$/);
    await expectToast(page, updated(`${invitee.firstName} ${invitee.lastName}`));
    await expect(rowOf(page, inviteeName).getByRole("cell").nth(2)).toHaveText(locationB.name);
    await expectAccessible(page);

    // The practitioner's patient list follows.
    await expectPatients(p, world.patientB, world.patientA);

    // The admin deletes them, after a confirmation.
    await rowAction(page, inviteeName, "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Delete Provider" });
    await expect(confirm).toContainText(invitee.email);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/organization\/providers\/$/);
    await expectToast(page, removed(`${invitee.firstName} ${invitee.lastName}`));
    await expect(rowOf(page, inviteeName)).toHaveCount(0);
    await expectAccessible(page);

    // Their next request is signed out, signing in again fails, and the API refuses the token they held.
    await p.reload();
    await expect(p).toHaveURL(LOGIN_URL);
    await expectAccessible(p);
    await submitLogin(p, invitee.email, password);
    await expect(p).toHaveURL(LOGIN_URL);
    await expectFieldError(loginForm(p).password, LOGIN_FAILED);
    expect((await ownApi.GET("/v2/users/current")).response.status).toBe(404);
    expect((await ownApi.GET("/v2/patients/pages", { params: { query: { limit: 10 } } })).response.status).toBe(403);
  } finally {
    await practitioner.context.close();
  }
});

test("resend an invite, edit an invited user's e-mail, a current user's e-mail fixed, no Edit for oneself, a duplicate e-mail refused inline, a double submit invites once, failures shown", async ({ page, baseURL }) => {
  test.slow();
  const { adminApi, casey, locationA } = world;
  const tag = randomUUID().slice(0, 8);
  const invited = ok(
    await adminApi.POST("/v2/practitioners", {
      body: { firstName: "Ira", lastName: `Pending ${tag}`, email: `e2e-pending-${tag}@e2e.example`, role: "PORTAL_PRACTITIONER", locationIds: [locationA.id] },
    }),
    "invite",
  );
  const invitedName = `${invited.lastName}, ${invited.firstName}`;

  // Resend from the invited user's row.
  await adminSession(page);
  await page.goto(`${PATH}?tab=invited`);
  await page.getByRole("button", { name: `Resend Invite to ${invitedName}` }).click();
  await expectToast(page, RESENT);
  await expect(page).toHaveURL(/\?tab=invited$/);
  await expectAccessible(page);

  // An invited user's e-mail can be edited (not to one another provider has: the API's 400, shown in the dialog).
  const newEmail = `e2e-pending-new-${tag}@e2e.example`;
  await rowAction(page, invitedName, "Edit");
  const edit = page.getByRole("dialog", { name: "Edit Provider" });
  // The dialog names the provider as the lists do, "Last, First" (000 §3).
  await expect(edit).toHaveAccessibleDescription(`${invitedName} (invited)`);
  const email = edit.getByRole("textbox", { name: "Email" });
  await expect(email).toBeEditable();
  await expectAccessible(page);
  await email.fill(casey.email);
  await submitBadInput(edit.getByRole("button", { name: "Save" }), { status: 400 });
  await expect(edit.getByRole("alert")).toContainText(UPDATE_FAILED);
  await expect(email).toHaveValue(casey.email);
  await email.fill(newEmail);
  await edit.getByRole("button", { name: "Save" }).click();
  await expectToast(page, updated(`${invited.firstName} ${invited.lastName}`));
  await expect(rowOf(page, invitedName).getByRole("cell").first()).toHaveText(newEmail);
  await expectAccessible(page);

  // Current users: oneself has no Edit; another's e-mail is fixed, and a changed one posted is not applied.
  await tab(page, /^Current Users/).click();
  await expect(page).toHaveURL(/\/organization\/providers\/$/);
  await expect(rowOf(page, `${adminName()} (you)`).getByText(/Actions for/)).toHaveCount(0);
  await expectAccessible(page);
  await rowAction(page, casey.name, "Edit");
  await expect(page.getByRole("dialog", { name: "Edit Provider" }).getByRole("textbox", { name: "Email" })).toBeDisabled();
  await expectAccessible(page);
  const origin = { Origin: new URL(baseURL!).origin };
  const changed = await page.request.post(PATH, {
    form: { intent: "edit", id: casey.id, role: "PORTAL_PRACTITIONER", locationIds: locationA.id, email: `e2e-hijack-${tag}@e2e.example` },
    headers: origin,
    maxRedirects: 0,
  });
  expect(changed.status()).toBe(302);
  const caseyNow = ok(await adminApi.GET("/v2/practitioners"), "providers").find((x) => x.id === casey.id)!;
  expect(caseyNow.email).toBe(casey.email);
  // Nor can the admin edit themselves by a post.
  const self = await page.request.post(PATH, { form: { intent: "edit", id: world.admin.practitionerId, role: "PORTAL_PRACTITIONER", locationIds: locationA.id }, headers: origin, maxRedirects: 0 });
  expect(self.status()).toBe(403);

  // A duplicate e-mail: the server's message inline, everything typed kept (409).
  await page.goto(`${PATH}?dialog=invite`);
  const form = inviteForm(page);
  await form.firstName.fill("Dup");
  await form.lastName.fill(`Licate ${tag}`);
  await form.email.fill(casey.email);
  await form.role.selectOption({ label: "Admin" });
  await submitBadInput(form.submit, { status: 409 });
  await expectFieldError(form.email, DUPLICATE_EMAIL);
  await expect(form.lastName).toHaveValue(`Licate ${tag}`);
  await expect(form.role).toHaveValue("PORTAL_PROVIDER_ADMIN");
  await expectAccessible(page);

  // A double submit (the same form token twice at once) invites once.
  const token = await form.dialog.locator('input[name="formToken"]').inputValue();
  const twiceEmail = `e2e-twice-${tag}@e2e.example`;
  const send = () =>
    page.request.post(`${PATH}?dialog=invite`, {
      form: { intent: "invite", formToken: token, firstName: "Twice", lastName: `Sent ${tag}`, email: twiceEmail, role: "PORTAL_PROVIDER_ADMIN" },
      headers: origin,
      maxRedirects: 0,
    });
  const [a, b] = await Promise.all([send(), send()]);
  expect([a.status(), b.status()]).toEqual([302, 302]);
  expect(b.headers()["location"]).toBe(a.headers()["location"]);
  const providers = ok(await adminApi.GET("/v2/practitioners"), "providers");
  const twice = providers.filter((x) => x.email === twiceEmail);
  expect(twice).toHaveLength(1);

  // Failures are shown, nothing lost: a resend and a removal of providers someone else has just removed (404).
  await page.goto(`${PATH}?tab=invited`);
  await expectAccessible(page);
  await removeThroughApi(invited.id);
  await submitBadInput(page.getByRole("button", { name: `Resend Invite to ${invitedName}` }), { status: 404 });
  await expect(page.getByRole("alert").filter({ hasText: RESEND_FAILED })).toBeVisible();
  await rowAction(page, `${twice[0]!.lastName}, ${twice[0]!.firstName}`, "Delete");
  const confirm = page.getByRole("alertdialog", { name: "Delete Provider" });
  await expectAccessible(page);
  await removeThroughApi(twice[0]!.id);
  await submitBadInput(confirm.getByRole("button", { name: "Delete" }), { status: 404 });
  // (Without JavaScript the page comes back without the removed provider: the dialog says so after the failure.)
  await expect(page.getByRole("alert").filter({ hasText: REMOVE_FAILED })).toBeVisible();

  // In an organization with single sign-on the invite offers it, on by default (read only: nothing is sent).
  await page.context().clearCookies();
  await useSession(page, PROVIDER_ADMIN.email);
  await page.goto(`${PATH}?dialog=invite`);
  await expect(inviteForm(page).dialog.getByRole("checkbox", { name: "Sign in with single sign-on (SSO)" })).toBeChecked();
  await expectAccessible(page);
});

test("a practitioner sees the page read-only; their admin-only posts are refused by the portal and by the API (403)", async ({ page, baseURL }) => {
  const { casey, admin, locationA } = world;
  await useSession(page, { email: casey.email, password: casey.password });
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Providers" })).toBeVisible();
  await expect(rowOf(page, `${admin.lastName}, ${admin.firstName}`)).toContainText("Admin");
  await expect(page.getByRole("columnheader")).toHaveText(["Name", "Email", "Role", "Location"]);
  await expect(page.getByRole("link", { name: "Invite Users" })).toHaveCount(0);
  await expect(page.getByText(/^Actions for /)).toHaveCount(0);
  // Nothing of another organization.
  await expect(page.getByText(PRACTITIONER.email)).toHaveCount(0);
  await expectAccessible(page);

  // An admin-only dialog URL: the 'Not allowed' screen.
  await page.goto(`${PATH}?dialog=edit&provider=${admin.practitionerId}`);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await expect(page.getByText(ADMIN_ONLY)).toBeVisible();
  await expectAccessible(page);

  // Every admin-only post: 403 from the portal.
  const headers = { Origin: new URL(baseURL!).origin };
  const posts: Record<string, string>[] = [
    { intent: "invite", firstName: "No", lastName: "Way", email: `e2e-no-${randomUUID().slice(0, 8)}@e2e.example`, role: "PORTAL_PROVIDER_ADMIN" },
    { intent: "edit", id: admin.practitionerId, role: "PORTAL_PRACTITIONER", locationIds: locationA.id },
    { intent: "delete", id: admin.practitionerId },
    { intent: "resend", id: admin.practitionerId },
  ];
  for (const form of posts) {
    const res = await page.request.post(PATH, { form, headers, maxRedirects: 0 });
    expect(res.status(), `portal ${form.intent}`).toBe(403);
  }

  // And from the API, with the practitioner's own token.
  const api = await apiAs(casey.email, casey.password);
  const path = { params: { path: { id: admin.practitionerId } } };
  const calls: [string, Promise<{ response: Response }>][] = [
    ["invitePractitioner", api.POST("/v2/practitioners", { body: { firstName: "No", lastName: "Way", email: `e2e-no-${randomUUID().slice(0, 8)}@e2e.example`, role: "PORTAL_PROVIDER_ADMIN" } })],
    ["updatePractitioner", api.PATCH("/v2/practitioners/{id}", { ...path, body: { role: "PORTAL_PRACTITIONER", locationIds: [locationA.id] } })],
    ["deletePractitioner", api.DELETE("/v2/practitioners/{id}", path)],
    ["resendPractitionerInvite", api.POST("/v2/practitioners/{id}/invite", path)],
  ];
  for (const [name, call] of calls) expect((await call).response.status, name).toBe(403);
  // Nothing changed: the admin is still an admin of the organization.
  const adminNow = ok(await world.adminApi.GET("/v2/practitioners"), "providers").find((x) => x.id === admin.practitionerId);
  expect(adminNow?.role).toBe("PORTAL_PROVIDER_ADMIN");
});
