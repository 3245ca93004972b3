/**
 * The patient list when its call fails (spec 000 §8 "Patient list failure: page reloads when not on page 1;
 * otherwise an error view"; issue 4). The reference API does not fail on demand: a portal of its own talks to it
 * through the fault proxy (helpers/fault-proxy.ts), which answers the list call with a server error.
 * Both projects; every page checked by axe.
 */
import { test, expect, expectAccessible } from "./helpers/extra-portal.js";
import { DEMO_PASSWORD, PRACTITIONER } from "./helpers/stack.js";
import { expectToast, LOGIN_PATH, submitLogin } from "./helpers/ui.js";

const LIST_CALL = { method: "GET", path: "/v2/patients/pages" } as const;
const LIST_FAILED = "Could not get patients.";

test.describe("patient list failures", () => {
  test.describe.configure({ timeout: 60_000 });

  /** Signs in on the extra portal (it has a session secret of its own). */
  async function signIn(page: import("@playwright/test").Page, origin: string) {
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${origin}${LOGIN_PATH}`);
    await expect(page).toHaveURL(`${origin}/home/`);
    await expectAccessible(page);
  }

  test("a failure on page 1 shows the error view; reloading shows the list", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    faultProxy.inject({ ...LIST_CALL, times: 1, fault: { kind: "status", status: 500 } });
    await page.goto(`${portal.url}/patients/?tab=active`);
    const alert = page.getByRole("alert").filter({ hasText: LIST_FAILED });
    await expect(alert.getByRole("heading", { name: LIST_FAILED })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    // The shell and the filters stay usable around the error.
    await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
    await expectAccessible(page);
    expect(faultProxy.requests(LIST_CALL.method, LIST_CALL.path).map((r) => r.fault)).toEqual(["status"]);

    await alert.getByRole("link", { name: "Reload this page" }).click();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page).toHaveURL(/\/patients\/\?tab=active$/);
    await expectAccessible(page);
  });

  test("a failure on a later page goes back to page 1 with the message", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    // The demo practitioner has more than one page of active patients (page size 10).
    await page.goto(`${portal.url}/patients/?tab=active&page=2`);
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessible(page);

    faultProxy.inject({ ...LIST_CALL, times: 1, fault: { kind: "status", status: 500 } });
    await page.goto(`${portal.url}/patients/?tab=active&sort=name&dir=asc&page=3`);
    // Back on page 1, the rest of the view kept (tab and sort); the list loads this time.
    await expect(page).toHaveURL(/\/patients\/\?tab=active&sort=name&dir=asc$/);
    await expectToast(page, LIST_FAILED);
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: LIST_FAILED })).toHaveCount(0);
    await expectAccessible(page);
    expect(faultProxy.requests(LIST_CALL.method, LIST_CALL.path).map((r) => r.fault)).toEqual([null, "status", null]);
  });
});
