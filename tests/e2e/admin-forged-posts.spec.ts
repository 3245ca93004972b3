/**
 * Forged admin posts (issue 34, "Spec differences"): a value no control of the form offers, posted anyway by a
 * signed-in product admin with the session's cookie — `products=XRAY` in Add New Organization, `updateRequired=maybe`
 * in Edit Scan Version, an icon name the Image select does not list, a modules draft whose module has no name, the
 * scan-modules override set to an organization without Scan —
 * answers 400 with a readable message at the field the form shows (no validator text such as `products[0]` or
 * `scanModules[0].name: …`, no silent accept). Each answer's page is then read as the user would see it (its HTML,
 * without scripts) for the message at its field.
 *
 * HTTP posts (the forms carry no CSRF token of their own: the portal checks the Origin; the form tokens only make a
 * repeated post harmless): `@js-only`, there is no browser to differ.
 */
import type { APIResponse, Page } from "@playwright/test";
import { test, expect } from "./fixtures.js";
import { apiAs, PRODUCT_ADMIN, SCAN_ONLY } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError } from "./helpers/ui.js";
import { SCRIPTING_COOKIE } from "../../app/shell/scripting.js";
import type { components } from "../../openapi/provider-api.js";

/** app/forms/fields.ts NOT_OFFERED, verbatim. */
const NOT_OFFERED = "That is not one of the choices this form offers.";

/** The answer's page as the browser shows it without scripts (the page itself is not visited: no second request). */
async function show(page: Page, res: APIResponse): Promise<void> {
  const html = (await res.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  await page.setContent(html, { waitUntil: "domcontentloaded" });
}

test("forged admin posts answer 400 with a readable message at the field @js-only", async ({ page, baseURL }) => {
  await useSession(page, PRODUCT_ADMIN);
  // The answers are read without scripts (show), so they are asked for as a client not seen running scripts, which
  // gets its document whole (app/entry.server.tsx): to a browser that runs them, a dialog whose code loads on first
  // use (ADR 038) may come after the page's frame, swapped in by a script this reading drops.
  await page.context().clearCookies({ name: SCRIPTING_COOKIE });
  const headers = { Origin: new URL(baseURL!).origin };
  const post = (url: string, form: Record<string, string>) => page.request.post(url, { form, headers, maxRedirects: 0 });

  // Add New Organization with a product that does not exist.
  const organization = await post("/admin/organizations/?add=1", {
    intent: "create-organization",
    orgName: "Forged Products Clinic",
    orgTimezone: "America/Denver",
    products: "XRAY",
    firstName: "Alex",
    lastName: "Moreno",
    email: `forged-${Date.now()}@e2e.example`,
    role: "PORTAL_PROVIDER_ADMIN",
    locationName: "Boulder Clinic",
    locationTimezone: "America/Denver",
  });
  expect(organization.status()).toBe(400);
  await show(page, organization);
  const add = page.getByRole("dialog", { name: "Add New Organization" });
  await expectFieldError(add.getByRole("checkbox", { name: "Health" }), NOT_OFFERED);
  await expect(add.getByRole("textbox", { name: "Organization name" })).toHaveValue("Forged Products Clinic");
  expect(await page.content()).not.toMatch(/products\[0\]|Invalid option|expected one of/i);

  // Edit Scan Version with Update Required neither Yes nor No.
  const admin = await apiAs(PRODUCT_ADMIN.email);
  const versions = (await admin.GET("/v2/admin/scan/clients/")).data as components["schemas"]["ScanClientVersion"][];
  // Not a version another test edits at the same time (admin-analysis.spec toggles the first two after the latest and
  // the internal test builds): the one it only posts a refused form to, which no saved edit changes either.
  const version = versions.filter((v) => !v.isLatest).slice(2).find((v) => !["test", "9999", "9999a"].includes(v.versionId))!;
  const edited = await post(`/admin/scan/client-versions/?edit=${encodeURIComponent(version.versionId)}`, { versionId: version.versionId, updateRequired: "maybe" });
  expect(edited.status()).toBe(400);
  await show(page, edited);
  await expectFieldError(page.getByRole("dialog", { name: "Edit Scan Version" }).getByRole("checkbox", { name: "Update Required" }), NOT_OFFERED);
  expect(((await admin.GET("/v2/admin/scan/clients/")).data as typeof versions).find((v) => v.versionId === version.versionId)!.updateRequired).toBe(version.updateRequired);

  // The modules editor of a Scan organization: an icon the Image select does not list, then a draft with a nameless module.
  const scanApi = await apiAs(SCAN_ONLY.email);
  const organizationId = (await scanApi.GET("/v2/users/current")).data!.organization.id;
  const modules = `/admin/scan/organizations/${organizationId}/modules`;
  const module = { key: "forged-1", name: "Balance", subtitle: "Standing", imageName: "Assessment", isLocked: false, imageUrl: null, assessments: [] };
  const icon = await post(modules, {
    draft: JSON.stringify({ changed: true, modules: [module] }),
    intent: "save-module",
    target: module.key,
    name: module.name,
    subtitle: module.subtitle,
    imageName: "Skull",
    isLocked: "false",
  });
  expect(icon.status()).toBe(400);
  await show(page, icon);
  await expectFieldError(page.getByRole("dialog").getByLabel("Image", { exact: true }), NOT_OFFERED);

  const before = (await admin.GET("/v2/admin/organizations/{id}", { params: { path: { id: organizationId } } })).data?.scanModules;
  const nameless = await post(modules, { draft: JSON.stringify({ changed: true, modules: [{ ...module, name: "" }] }), intent: "save" });
  expect(nameless.status()).toBe(400);
  await show(page, nameless);
  await expect(page.getByText("Scan module 1: Module Name is required.", { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain("scanModules[0]");
  expect((await admin.GET("/v2/admin/organizations/{id}", { params: { path: { id: organizationId } } })).data?.scanModules).toEqual(before);

  // Admin Settings: the scan-modules override set to an organization without Scan (the select lists only Scan ones).
  const noScan = ((await admin.GET("/v2/admin/organizations")).data ?? []).find((o) => !o.products.includes("SCAN"))!;
  expect(noScan, "an organization without Scan in the demo world").toBeTruthy();
  const override = await post("/admin/settings/?index", { organizationId: noScan.id });
  expect(override.status()).toBe(400);
  await show(page, override);
  await expectFieldError(page.getByRole("combobox", { name: "Organization" }), "This organization does not have Scan: choose an organization with Scan.");
  expect((await admin.GET("/v2/admin/settings/scan-modules-organization-override")).data?.organizationId).not.toBe(noScan.id);
});
