/**
 * Program Templates when the API fails (spec 001 §8: 'Could not get templates.', 'The Program template could not be
 * deleted.', 'The Program templates could not be deleted.'). The reference API does not fail on demand: a portal of
 * its own talks to it through the fault proxy (helpers/fault-proxy.ts). Both projects; every page checked by axe.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./helpers/extra-portal.js";
import { apiAs, DEMO_PASSWORD, PRACTITIONER } from "./helpers/stack.js";
import { LOGIN_PATH, submitLogin } from "./helpers/ui.js";

const LIST = { method: "GET", path: "/v2/health/hep-templates" } as const;
const LOAD_FAILED = "Could not get templates.";

test.describe.configure({ timeout: 90_000 });

async function signIn(page: Page, origin: string) {
  await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${origin}${LOGIN_PATH}`);
  await expect(page).toHaveURL(`${origin}/home/`);
  await expectAccessible(page);
}

async function template(name: string) {
  const api = await apiAs(PRACTITIONER.email);
  const { data: exercises } = await api.GET("/v3/exercises");
  const ex = exercises!.find((e) => e.exerciseMetrics.some((m) => m.metric === "REPS"))!;
  const { data } = await api.POST("/v2/health/hep-templates", { body: { name, dailyFrequency: 3, weeklyFrequency: 5, blocks: [{ exerciseId: ex.id, sideOfBody: null, numSets: 1, setGoal: { goalType: "REPS", reps: 8 } }] } });
  return data!;
}

test("the list's failure is an error view with a retry link, around a usable page", async ({ page, startExtraPortal, faultProxy }) => {
  const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
  await signIn(page, portal.url);
  // Both calls of the page (the page and the next-page probe) fail.
  faultProxy.inject({ ...LIST, times: 2, fault: { kind: "status", status: 500 } });
  const res = await page.goto(`${portal.url}/programs/templates/?q=knee`);
  expect(res?.status(), "not a 500: the page is there, the list says it failed").toBe(200);
  const alert = page.getByRole("alert").filter({ hasText: LOAD_FAILED });
  await expect(alert.getByRole("heading", { name: LOAD_FAILED })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Program Templates", level: 1 })).toBeVisible();
  await expect(page.getByRole("search", { name: "Search templates" }).getByLabel("Search for template")).toHaveValue("knee");
  await expectAccessible(page);
  await alert.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/programs\/templates\/\?q=knee$/);
  await expect(page.getByRole("alert").filter({ hasText: LOAD_FAILED })).toHaveCount(0);
  await expectAccessible(page);
});

test("a failed delete says so in its dialog (502), and nothing is deleted", async ({ page, startExtraPortal, faultProxy }) => {
  const tag = `tq${randomUUID().replace(/[^a-f]/g, "").slice(0, 8)}`;
  const [one, two] = [await template(`${tag} Keep One`), await template(`${tag} Keep Two`)];
  const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
  await signIn(page, portal.url);

  faultProxy.inject({ method: "DELETE", path: `/v2/health/hep-templates/${one.id}`, times: 1, fault: { kind: "status", status: 500 } });
  await page.goto(`${portal.url}/programs/templates/?q=${tag}&delete=${one.id}`);
  await expectAccessible(page);
  const single = page.getByRole("alertdialog", { name: "Delete Template" });
  const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), single.getByRole("button", { name: "Delete" }).click()]);
  expect(answer.status()).toBe(502);
  await expect(single.getByText("The Program template could not be deleted.")).toBeVisible();
  await expectAccessible(page);

  faultProxy.inject({ method: "DELETE", path: "/v2/health/hep-templates", times: 1, fault: { kind: "status", status: 500 } });
  await page.goto(`${portal.url}/programs/templates/?q=${tag}&select=1&confirm=1&ids=${one.id}&ids=${two.id}`);
  await expectAccessible(page);
  const bulk = page.getByRole("alertdialog", { name: "Delete Templates" });
  const [bulkAnswer] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), bulk.getByRole("button", { name: "Delete" }).click()]);
  expect(bulkAnswer.status()).toBe(502);
  await expect(bulk.getByText("The Program templates could not be deleted.")).toBeVisible();
  await expectAccessible(page);

  const api = await apiAs(PRACTITIONER.email);
  const { data } = await api.GET("/v2/health/hep-templates", { params: { query: { search: tag } } });
  expect(data?.map((t) => t.id).sort()).toEqual([one.id, two.id].sort());
});
