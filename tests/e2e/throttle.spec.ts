/**
 * Throttling (ADR 022; issue 23, findings 6 and 7), in both projects.
 *
 * On the run's portal, with its defaults (a pair of account and address waits after 5 failed sign-ins: 1 minute,
 * doubling): every test signs in with accounts of its own, so nothing else of the run waits.
 *
 * The per-address limits and the back-off's "another address" need addresses: those tests start a portal of their
 * own (in-process counters of its own) that trusts the loopback proxy (TRUST_PROXY=loopback), and say which address
 * a request comes from in X-Forwarded-For, as a clinic's load balancer would.
 */
import { randomUUID } from "node:crypto";
import type { APIResponse, Page } from "@playwright/test";
import { createIdentityUser, createProvider, PRACTITIONER } from "./helpers/stack.js";
import { test, expect, expectAccessible, type ExtraPortal } from "./helpers/extra-portal.js";
import { LOGIN_PATH, expectFieldError, loginForm, signInAs } from "./helpers/ui.js";
import { readState } from "../setup/state.js";

test.describe.configure({ timeout: 90_000 });

const LOGIN_FAILED = "There was a problem signing in.  Please check your email and password.";
/** The pair's first wait, as it is left when the page shows it: a minute, or some seconds of it. */
const WAIT_A_MINUTE = /Too many sign-in attempts\. Please wait (1 minute|[1-5]?\d seconds?) and try again\./;
const FREE_FAILURES = 5;

/** A documentation address (RFC 5737) of this test's own, so no two tests share one. */
const someAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const anotherAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

/** One sign-in the portal refuses with `status`; the password field is empty afterwards, with JS and without. */
async function refusedSignIn(page: Page, email: string, password: string, status: number, message: RegExp = WAIT_A_MINUTE): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/login")), form.submit.click()]);
  expect(response.status()).toBe(status);
  await expect(page).toHaveURL(/\/user\/login\/$/);
  if (status === 401) await expectFieldError(form.password, LOGIN_FAILED);
  else {
    await expect(page.getByRole("main")).toContainText(message);
    // Every 429 says when to come back: within the minute.
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    expect(Number(response.headers()["retry-after"])).toBeLessThanOrEqual(60);
  }
  await expect(form.email).toHaveValue(email);
  await expect(form.password, "a refused sign-in never gives the password back").toHaveValue("");
}

/** A portal of this test's own that takes the client's address from X-Forwarded-For. */
function proxiedPortal(startExtraPortal: (o: { env: Record<string, string> }) => Promise<ExtraPortal>): Promise<ExtraPortal> {
  return startExtraPortal({ env: { TRUST_PROXY: "loopback" } });
}

/** A form post to `portal` from `address`, as the browser's page would send it (its cookies, same origin). */
function postFrom(page: Page, portal: ExtraPortal, path: string, address: string, form: Record<string, string>): Promise<APIResponse> {
  return page.request.post(`${portal.url}${path}`, { form, headers: { Origin: portal.url, "X-Forwarded-For": address }, maxRedirects: 0 });
}

test.describe("sign-in: back-off per account and address, not a lock (finding 7)", () => {
  test("after 5 wrong passwords the pair waits, even with the right password, and the message says how long; another user signs in", async ({ page }) => {
    const user = await createIdentityUser();
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    for (let i = 0; i < FREE_FAILURES; i++) await refusedSignIn(page, user.email, `Wrong-${i}-Password!`, 401);
    await refusedSignIn(page, user.email, user.password, 429);
    await expectAccessible(page);
    // Per pair: another user signs in from the same browser and address meanwhile.
    await signInAs(page, PRACTITIONER.email);
  });

  test("an unknown e-mail gets the same answers after as many failures (no account enumeration)", async ({ page }) => {
    const email = `nobody-${randomUUID().slice(0, 8)}@e2e.example`;
    await page.goto(LOGIN_PATH);
    for (let i = 0; i < FREE_FAILURES; i++) await refusedSignIn(page, email, `Wrong-${i}-Password!`, 401);
    await refusedSignIn(page, email, "Any-password-1!", 429);
    await expectAccessible(page);
  });

  test("a guesser at one address does not lock the owner out: the right password signs in from another address", async ({ page, startExtraPortal }) => {
    const portal = await proxiedPortal(startExtraPortal);
    const user = await createProvider({ products: ["HEALTH"] });
    const attacker = anotherAddress();
    for (let i = 0; i < FREE_FAILURES + 3; i++) {
      const res = await postFrom(page, portal, LOGIN_PATH, attacker, { email: user.email, password: `Guess-${i}-Password!` });
      expect(res.status(), `guess ${i + 1}`).toBe(i < FREE_FAILURES ? 401 : 429);
      if (res.status() === 429) expect(Number(res.headers()["retry-after"])).toBeGreaterThanOrEqual(55);
    }
    // The attacker's address waits even for the right password.
    expect((await postFrom(page, portal, LOGIN_PATH, attacker, { email: user.email, password: user.password })).status()).toBe(429);
    // The identity service itself locks the account for a moment after 5 wrong passwords, as Amazon Cognito does
    // (1 s, doubling: ADR 035); the portal's back-off is per address, the service's is not. The owner comes after it.
    await page.waitForTimeout(4_000);
    // The owner, elsewhere, signs in through the page.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": someAddress() });
    await page.goto(`${portal.url}${LOGIN_PATH}`);
    await expectAccessible(page);
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);
  });
});

test.describe("password reset: codes cannot be guessed, requests cannot be sprayed (finding 6)", () => {
  test("repeated wrong reset codes answer 429 with Retry-After, at the page too, even for the right code", async ({ page, startExtraPortal }) => {
    const portal = await proxiedPortal(startExtraPortal);
    const user = await createProvider({ products: ["HEALTH"] });
    const address = someAddress();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
    await page.goto(`${portal.url}/user/forgot-password/`);
    await expectAccessible(page);
    await page.getByRole("textbox", { name: "Email" }).fill(user.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/user\/reset-password\/$/);
    await expectAccessible(page);

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await postFrom(page, portal, "/user/reset-password/", address, { code: String(100000 + i), password: `Fresh-${randomUUID().slice(0, 8)}-Pw9` });
      statuses.push(res.status());
      if (res.status() === 429) expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);

    // The page says so, for the right code too, and keeps the code typed.
    const code = page.getByRole("textbox", { name: "Verification Code" });
    await code.fill(readState().confirmationCode);
    await page.getByLabel("New Password", { exact: true }).fill(`Fresh-${randomUUID().slice(0, 8)}-Pw9`);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/reset-password")), page.getByRole("button", { name: "Continue" }).click()]);
    expect(response.status()).toBe(429);
    await expect(page.getByRole("main")).toContainText("Too many wrong verification codes. Please wait 15 minutes and try again.");
    await expect(code).toHaveValue(readState().confirmationCode);
    await expectAccessible(page);
    // Not a lock of the account: its password still signs in.
    await page.goto(`${portal.url}${LOGIN_PATH}`);
    await expectAccessible(page);
    await loginForm(page).email.fill(user.email);
    await loginForm(page).password.fill(user.password);
    await loginForm(page).submit.click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);
  });

  test("forgot-password sprayed over many accounts from one address answers 429 with Retry-After; other addresses go on", async ({ page, startExtraPortal }) => {
    const portal = await proxiedPortal(startExtraPortal);
    const sprayer = anotherAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await postFrom(page, portal, "/user/forgot-password/", sprayer, { email: `spray-${randomUUID().slice(0, 8)}@e2e.example` });
      statuses.push(res.status() >= 300 && res.status() < 400 ? 302 : res.status());
      if (res.status() === 429) expect(Number(res.headers()["retry-after"])).toBeGreaterThan(0);
    }
    // The code is "sent" (a redirect to the reset page) 20 times, then refused.
    expect(statuses).toEqual([...Array(20).fill(302), 429, 429]);
    // The page shows it, and keeps the e-mail typed.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": sprayer });
    await page.goto(`${portal.url}/user/forgot-password/`);
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill("someone-else@e2e.example");
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/forgot-password")), page.getByRole("button", { name: "Continue" }).click()]);
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("main")).toContainText("Too many password reset requests. Please wait 15 minutes and try again.");
    await expect(email).toHaveValue("someone-else@e2e.example");
    await expectAccessible(page);
    // Another address is not refused.
    expect((await postFrom(page, portal, "/user/forgot-password/", someAddress(), { email: `other-${randomUUID().slice(0, 8)}@e2e.example` })).status()).toBe(302);
  });
});
