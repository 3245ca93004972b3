/**
 * Who saw which patient (ADR 018): a practitioner opens a patient in the portal; the provider admin finds that
 * visit — with the portal's request id — in the patient's 'Access history' (paged in the URL, newest first), and a
 * product admin finds it by patient in the admin area's Access History search. Both projects (JavaScript on and off).
 */
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, PRACTITIONER, PRODUCT_ADMIN, PROVIDER_ADMIN } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { createPatient, currentUserOf } from "./helpers/patient-detail.js";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test("a practitioner's visit shows in the patient's Access history for the provider admin, paged newest first", async ({ page }) => {
  test.slow();
  const p = await createPatient(PRACTITIONER.email);
  // More than a page of accesses (20 a page): reads through the API, without a portal request id.
  const api = await apiAs(PRACTITIONER.email);
  for (let i = 0; i < 21; i++) expect((await api.GET("/v2/patients/{id}/", { params: { path: { id: p.id } } })).response.status).toBe(200);

  // The practitioner opens the patient in the portal; the access history is not theirs to read.
  await useSession(page, PRACTITIONER.email);
  await page.goto(`/patients/${p.id}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${p.lastName}, ${p.firstName}`);
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: "Access history" })).toHaveCount(0);
  await page.goto(`/patients/${p.id}/access-history`);
  await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/`));
  await expect(page.getByRole("heading", { name: "Access history" })).toHaveCount(0);

  // The provider admin opens the same patient, then its Access history.
  await page.context().clearCookies();
  await useSession(page, PROVIDER_ADMIN.email);
  await page.goto(`/patients/${p.id}/`);
  await page.getByRole("link", { name: "Access history" }).click();
  await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/access-history$`));
  const section = page.getByRole("region", { name: "Access history" });
  await expect(section).toBeVisible();
  await expectAccessible(page);
  const rows = section.getByRole("table").getByRole("row");
  // The browser visit: the practitioner by name and role, a readable label, the portal's request id.
  const visit = rows.filter({ hasText: "Maya Okafor (Provider)" }).filter({ hasText: "Viewed the patient record" }).filter({ hasText: UUID });
  await expect(visit.first()).toBeVisible();
  // No patient's name in the section (the audit holds identifiers only).
  await expect(section).not.toContainText(p.lastName);
  // Newest first: the times never increase down the page.
  const times = await section.getByRole("table").locator("time").evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute("datetime") ?? "")));
  expect(times.length).toBe(20);
  expect(times).toEqual([...times].sort((a, b) => b - a));

  // Page 2 is in the URL: older accesses (the API reads without a portal request id), newest first again.
  const next = section.getByRole("link", { name: "Next page" });
  if (jsEnabled()) {
    // The record's "Back to top" button floats at the window's bottom right once it is scrolled: the pager's Next page,
    // scrolled into view there, must stay clear of it (it was under it, and the button took the click meant for it).
    await next.scrollIntoViewIfNeeded();
    const backToTop = page.getByRole("button", { name: "Back to top" });
    await expect(backToTop).toBeVisible();
    const [link, button] = [(await next.boundingBox())!, (await backToTop.boundingBox())!];
    expect(link.y + link.height <= button.y || button.x + button.width <= link.x || link.x + link.width <= button.x, "Back to top covers Next page").toBe(true);
  }
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/patients/${p.id}/access-history\\?page=2$`));
  await expectAccessible(page);
  const page2 = page.getByRole("region", { name: "Access history" });
  await expect(page2.getByRole("link", { name: "Previous page" })).toBeVisible();
  await expect(page2.getByRole("row").filter({ hasText: "Maya Okafor (Provider)" }).filter({ hasText: "—" }).first()).toBeVisible();
  const older = await page2.getByRole("table").locator("time").evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute("datetime") ?? "")));
  expect(older.length).toBeGreaterThan(0);
  expect(older).toEqual([...older].sort((a, b) => b - a));
  expect(Math.max(...older)).toBeLessThanOrEqual(times[0]!);
});

test("a product admin finds a practitioner's access by patient in the admin area's Access History", async ({ page }) => {
  const p = await createPatient(PRACTITIONER.email);
  const practitioner = await currentUserOf(PRACTITIONER.email);
  const api = await apiAs(PRACTITIONER.email);
  expect((await api.GET("/v2/patients/{id}/", { params: { path: { id: p.id } } })).response.status).toBe(200);

  await useSession(page, PRODUCT_ADMIN.email);
  await page.goto("/admin/organizations/");
  await expectAccessible(page);
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  if (!(await sidebar.getByRole("link", { name: "Access History" }).isVisible())) await sidebar.getByText("Users", { exact: true }).click();
  await sidebar.getByRole("link", { name: "Access History" }).click();
  await expect(page).toHaveURL(/\/admin\/access-history$/);
  await expect(page.getByRole("heading", { level: 1, name: "Access History" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Patient record ID").fill(p.id);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/access-history\\?.*patientRecordId=${p.id}`));
  await expectAccessible(page);
  const table = page.getByRole("table");
  const read = table.getByRole("row").filter({ hasText: practitioner.userId }).filter({ hasText: "Viewed the patient record" });
  await expect(read).toHaveCount(1);
  await expect(read).toContainText("(Provider)");
  await expect(table.getByRole("row").filter({ hasText: "Added the patient" })).toHaveCount(1);
  await expect(page.getByRole("main")).not.toContainText(p.lastName);

  // The user's link narrows the search to that user.
  await page.getByRole("link", { name: practitioner.userId, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/access-history\\?userId=${practitioner.userId}$`));
  await expect(page.getByLabel("User ID")).toHaveValue(practitioner.userId);
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(practitioner.userId);
});
