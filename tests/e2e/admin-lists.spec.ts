/**
 * The admin lists (003 §2 "Typeform admin", "Admin locations", "Users, insights"): PRO forms and responses,
 * admin locations (filter, page reset, inline keyword edit), the user look-ups and the provider sign-up link,
 * and Insights. Both projects; axe once per distinct state. The data changed is this spec's own: a new
 * organization (its first provider an admin, one patient), a provider invited to it, a new Typeform form id.
 * Roles: support staff read but cannot change a keyword (portal 403); a practitioner is sent to the root.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { newHealthPatient } from "./helpers/patient-data.js";
import { useSession } from "./helpers/session.js";
import { apiAs, createProvider, inviteCodeOf, PRACTITIONER, PRODUCT_ADMIN, SUPPORT, type NewProvider } from "./helpers/stack.js";
import { expectFieldError, expectToast, submitBadInput } from "./helpers/ui.js";

test.describe.configure({ timeout: 90_000 });

const tag = () => randomUUID().slice(0, 8);

interface World {
  admin: NewProvider;
  orgId: string;
  orgName: string;
  locationId: string;
  locationName: string;
  invitee: { firstName: string; lastName: string; email: string; inviteCode: string };
}

let world: World;

test.beforeAll(async () => {
  // A new organization of our own: its first provider (an admin, signed up), one active patient, one invitee.
  const admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"] });
  const api = await apiAs(admin.email, admin.password);
  const me = (await api.GET("/v2/users/current")).data!;
  await newHealthPatient(api);
  const location = admin.locations[0]!;
  const invitee = { firstName: "Ivy", lastName: `Invitee ${tag()}`, email: `e2e-invite-${tag()}@e2e.example` };
  const invited = await api.POST("/v2/practitioners", { body: { ...invitee, role: "PORTAL_PRACTITIONER", locationIds: [location.id] } });
  if (invited.error) throw new Error(`invite: ${invited.error.message}`);
  world = {
    admin,
    orgId: me.organization.id,
    orgName: me.organization.name,
    locationId: location.id,
    locationName: location.name,
    invitee: { ...invitee, inviteCode: await inviteCodeOf(invitee.email) },
  };
});

const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

test("PRO forms: add a Typeform form (Form ID required, 'Form Added.', Confirmed) and the unprocessed responses", async ({ page }) => {
  await useSession(page, PRODUCT_ADMIN.email);
  await page.goto("/admin/pros/");
  await expect(page).toHaveURL(/\/admin\/pros\/forms\/$/);
  await expect(page.getByRole("heading", { name: "PRO Forms", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Registered Typeform forms" }).getByRole("cell", { name: /^(Confirmed|Missing)$/ }).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add New Typeform Form" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Typeform Form" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?add=true$/);
  await submitBadInput(dialog.getByRole("button", { name: "Add Form" }), { checkedInBrowser: true });
  await expectFieldError(dialog.getByRole("textbox", { name: "Form ID" }), "Form ID is required");
  await expectAccessible(page);

  const formId = `e2e${tag()}`;
  await dialog.getByRole("textbox", { name: "Form ID" }).fill(formId);
  await dialog.getByRole("checkbox", { name: /Connect > Webhooks/ }).check();
  await dialog.getByRole("button", { name: "Add Form" }).click();
  await expectToast(page, "Form Added.");
  await expect(page).toHaveURL(/\/admin\/pros\/forms\/$/);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("row", { name: new RegExp(`^${formId} Confirmed$`) })).toBeVisible();
  await expectAccessible(page);

  await adminNav(page).getByRole("link", { name: "PRO Responses" }).click();
  await expect(page).toHaveURL(/\/admin\/pros\/responses\/$/);
  const responses = page.getByRole("table", { name: "Unprocessed Typeform responses" });
  await expect(responses.getByRole("columnheader")).toHaveText(["Form", "User", "Location", "Date Time"]);
  expect(await responses.getByRole("row").count()).toBeGreaterThan(1);
  await expectAccessible(page);

  // Support staff read the forms but have no Add control, and its URL is refused.
  await useSession(page, SUPPORT.email);
  const refused = await page.goto("/admin/pros/forms/?add=true");
  expect(refused?.status()).toBe(403);
  await expectAccessible(page);
});

test("locations: the Organizations filter goes back to page 1; inline keyword edit; support cannot change a keyword", async ({ page }) => {
  await useSession(page, PRODUCT_ADMIN.email);
  await page.goto("/admin/locations/?page=2");
  await expect(page.getByRole("heading", { name: "Locations", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Locations" });
  await expect(table.getByRole("columnheader")).toHaveText([/^Name/, /^Organization/, "Keyword", "Contact List", /^City/, /^State/, "Country"]);
  await expect(table.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
  await expectAccessible(page);

  const filter = page.getByRole("combobox", { name: "Organizations" });
  await expect(filter.getByRole("option", { name: "All Organizations" })).toHaveCount(1);
  await filter.selectOption(world.orgId);
  if (!jsEnabled()) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/locations/\\?org=${world.orgId}$`));
  const row = table.getByRole("row", { name: new RegExp(world.locationName) });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(row.getByRole("cell").first()).toHaveText(world.orgName);
  await expectAccessible(page);

  // Edit, Cancel: nothing changes.
  await row.getByRole("link", { name: `Edit keyword of ${world.locationName}` }).click();
  await expect(page).toHaveURL(new RegExp(`edit=${world.locationId}`));
  const keyword = row.getByRole("textbox", { name: `Keyword of ${world.locationName}` });
  await expect(keyword).toBeVisible();
  await expectAccessible(page);
  await row.getByRole("link", { name: "Cancel" }).click();
  await expect(keyword).toHaveCount(0);
  await expectAccessible(page);

  // Edit, Save.
  const value = `E2E${tag().toUpperCase()}`;
  await row.getByRole("link", { name: `Edit keyword of ${world.locationName}` }).click();
  await expect(keyword).toBeVisible();
  await expectAccessible(page);
  // Not a code, or another organization's keyword in any case: refused at the field, the input kept (issue 25).
  await keyword.fill("E2E KW <b>");
  await submitBadInput(row.getByRole("button", { name: "Save" }));
  await expectFieldError(keyword, "Could not update keyword. Keyword may only contain letters, digits, - and _ (no spaces)");
  await keyword.fill("denverdt");
  await submitBadInput(row.getByRole("button", { name: "Save" }), { status: 409 });
  await expectFieldError(keyword, "Could not update keyword. This keyword is already used by another location.");
  await expect(keyword).toHaveValue("denverdt");
  await keyword.fill(value);
  await row.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Successfully updated keyword.");
  await expect(page).toHaveURL(new RegExp(`/admin/locations/\\?org=${world.orgId}$`));
  await expect(row.getByRole("cell").nth(1)).toContainText(value);
  await expectAccessible(page);

  // Support staff: no Edit control, and the post itself is refused (403) without changing the keyword.
  await useSession(page, SUPPORT.email);
  await page.goto(`/admin/locations/?org=${world.orgId}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole("link", { name: /Edit keyword/ })).toHaveCount(0);
  await expectAccessible(page);
  const post = await page.request.post(`/admin/locations/?org=${world.orgId}`, { form: { id: world.locationId, keyword: "SUPPORTKW" } });
  expect(post.status()).toBe(403);
  const after = await (await apiAs(PRODUCT_ADMIN.email)).GET("/v2/admin/locations", { params: { query: { organizationId: world.orgId } } });
  expect(after.data?.items[0]?.keyword).toBe(value);
});

test("users by UUID and e-mail, a provider's sign-up link, insights; a practitioner is sent to the root", async ({ page, baseURL }) => {
  await useSession(page, SUPPORT.email);
  await page.goto("/admin/users/");
  await expect(page).toHaveURL(/\/admin\/users\/find-by-uuid$/);
  await expect(page.getByRole("heading", { name: "Get User By UUID", level: 1 })).toBeVisible();
  const byUuid = page.getByRole("form", { name: "Find user by UUID" });
  const byEmail = page.getByRole("form", { name: "Find user by email" });
  await expectAccessible(page);

  // UUID: required, unknown, found.
  await byUuid.getByRole("button", { name: "Find by UUID" }).click();
  await expectFieldError(byUuid.getByRole("textbox", { name: "UUID" }), "UUID is required");
  await expectAccessible(page);
  await byUuid.getByRole("textbox", { name: "UUID" }).fill(randomUUID());
  await byUuid.getByRole("button", { name: "Find by UUID" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No patient found, please check the UUID." })).toBeVisible();
  await expectAccessible(page);
  await byUuid.getByRole("textbox", { name: "UUID" }).fill(world.admin.userId);
  await byUuid.getByRole("button", { name: "Find by UUID" }).click();
  const found = page.getByRole("region", { name: `${world.admin.firstName} ${world.admin.lastName}` });
  await expect(found).toContainText(world.admin.email);
  await expect(found).toContainText(world.orgName);
  await expectAccessible(page);

  // E-mail: required, unknown, found (any case).
  await byEmail.getByRole("button", { name: "Find by Email" }).click();
  await expectFieldError(byEmail.getByRole("textbox", { name: "Email" }), "Email is required");
  await expectAccessible(page);
  await byEmail.getByRole("textbox", { name: "Email" }).fill(`nobody-${tag()}@e2e.example`);
  await byEmail.getByRole("button", { name: "Find by Email" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No patient found, please check the email." })).toBeVisible();
  await expectAccessible(page);
  await byEmail.getByRole("textbox", { name: "Email" }).fill(world.admin.email.toUpperCase());
  await byEmail.getByRole("button", { name: "Find by Email" }).click();
  await expect(found).toContainText(world.admin.userId);
  await expectAccessible(page);

  // The sign-up link of the provider invited to our organization.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Get Provider Signup Link" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/signup-link$/);
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Email" }).fill(world.invitee.email);
  await page.getByRole("button", { name: "Get Signup Link" }).click();
  const invite = page.getByRole("region", { name: `${world.invitee.firstName} ${world.invitee.lastName}` });
  await expect(invite).toContainText(world.invitee.inviteCode);
  await expect(invite.getByRole("definition").nth(4)).toHaveText("No");
  const link = `${baseURL!.replace(/\/$/, "")}/user/create/${world.invitee.inviteCode}`;
  await expect(invite.getByRole("link", { name: link })).toHaveAttribute("href", link);
  if (jsEnabled()) await expect(invite.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expectAccessible(page);

  // Insights: our organization with its figures (one active patient, nothing else yet).
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  if (jsEnabled()) {
    await expect(page.getByTestId("chart-plot")).toBeVisible();
    await page.getByText("Show data table").click();
  }
  const orgRow = page.getByRole("row", { name: new RegExp(`^${world.orgName} `) });
  await expect(orgRow.getByRole("cell")).toHaveText(["Enabled", "HEALTH", "1", "0", "0"]);
  await expectAccessible(page);

  // A practitioner opening an admin page is sent to the root (and on to the dashboard).
  await useSession(page, PRACTITIONER.email);
  await page.goto("/admin/insights");
  await expect(page).toHaveURL(/\/home\/$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await expectAccessible(page);
});
