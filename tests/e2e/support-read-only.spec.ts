/**
 * ADR 026 (issue 23, finding 12): support staff are read-only members of their own organization. On Your
 * Organization's pages they see no Add, Invite or Edit control; a dialog's URL answers 403; a complete form posted
 * as support (valid: a product admin's same post is accepted by the API) is refused with 403 and the message,
 * and nothing changes. Both projects.
 */
import { randomUUID } from "node:crypto";
import { test, expect, expectAccessible } from "./fixtures.js";
import { useSession } from "./helpers/session.js";
import { apiAs, SUPPORT } from "./helpers/stack.js";
import { readState } from "../setup/state.js";

const SUPPORT_CANNOT_CHANGE = "Support staff cannot make this change; ask a product admin.";
const CHANGE_CONTROL = /^(Add|Invite|Edit)\b/;

// Several pages, each checked by axe, and eight requests: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("support sees their organization's pages without Add, Invite or Edit controls, and a posted form is refused", async ({ page }) => {
  const api = await apiAs(SUPPORT.email);
  const before = { me: (await api.GET("/v2/users/current")).data!, locations: (await api.GET("/v2/locations")).data!, providers: (await api.GET("/v2/practitioners")).data! };
  await useSession(page, SUPPORT.email);

  for (const path of ["/organization/details/", "/organization/providers/"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: CHANGE_CONTROL })).toHaveCount(0);
    await expect(page.getByRole("button", { name: CHANGE_CONTROL })).toHaveCount(0);
    await expectAccessible(page);
  }
  await page.goto("/patients/");
  await expect(page.getByRole("heading", { name: "Patients", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Patient" })).toHaveCount(0);
  await expectAccessible(page);

  // A dialog's URL answers 403.
  for (const url of ["/organization/details/?dialog=add-location", "/organization/details/?dialog=edit-organization", "/organization/providers/?dialog=invite"]) {
    expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(403);
  }

  // Complete forms posted as support: refused, nothing changes.
  const origin = new URL(readState().baseURL).origin;
  const tag = randomUUID().slice(0, 8);
  const posts: [string, Record<string, string>][] = [
    ["/organization/details/?dialog=add-location", { name: `Support location ${tag}`, timezone: "America/Denver", formToken: randomUUID() }],
    ["/organization/details/?dialog=edit-organization", { name: `Renamed by support ${tag}`, formToken: randomUUID() }],
    ["/organization/providers/?dialog=invite", { firstName: "Support", lastName: `Invite ${tag}`, email: `support.invite.${tag}@e2e.example`, role: "PORTAL_PROVIDER_ADMIN", formToken: randomUUID() }],
    ["/patients/?add=true", { firstName: "Support", lastName: `Patient ${tag}`, email: `support.patient.${tag}@e2e.example`, formToken: randomUUID() }],
  ];
  for (const [url, form] of posts) {
    const res = await page.request.post(url, { form, headers: { Origin: origin }, maxRedirects: 0 });
    expect(res.status(), url).toBe(403);
    expect(await res.text(), url).toContain(SUPPORT_CANNOT_CHANGE);
  }
  expect((await api.GET("/v2/users/current")).data!.organization.name).toBe(before.me.organization.name);
  expect((await api.GET("/v2/locations")).data!).toEqual(before.locations);
  expect((await api.GET("/v2/practitioners")).data!.length).toBe(before.providers.length);

  // What is theirs stays theirs: the account page's form is accepted for validation (400 for an empty one, not 403).
  const account = await page.request.post("/user/account/info/", { form: {}, headers: { Origin: origin }, maxRedirects: 0 });
  expect(account.status()).toBe(400);
});
