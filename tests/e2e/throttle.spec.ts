/**
 * Sign-in throttling (issue 14, ADR 022), in both projects, on the run's portal with its default limits (5 failed
 * sign-ins per account within 15 minutes; per address 100, which these tests stay far below — the per-address
 * limits are shown by the unit tests, app/auth/throttle.server.test.ts). Every test signs in with accounts of its
 * own, so nothing else of the run is locked.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.js";
import { createIdentityUser, PRACTITIONER } from "./helpers/stack.js";
import { LOGIN_PATH, expectFieldError, loginForm, signInAs, submitBadInput } from "./helpers/ui.js";

// Up to six sign-ins, the later ones slowed on purpose (0.5 + 1 + 2 s).
test.describe.configure({ timeout: 60_000 });

const LOGIN_FAILED = "There was a problem signing in.  Please check your email and password.";
const TOO_MANY = "Too many sign-in attempts. Please wait 15 minutes and try again.";
const ACCOUNT_LIMIT = 5;

/** One sign-in the portal refuses with `status`; the password field is empty afterwards, with JS and without. */
async function refusedSignIn(page: Page, email: string, password: string, status: number): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await submitBadInput(form.submit, { status });
  await expect(page).toHaveURL(/\/user\/login\/$/);
  if (status === 401) await expectFieldError(form.password, LOGIN_FAILED);
  else await expect(page.getByRole("main")).toContainText(TOO_MANY);
  await expect(form.email).toHaveValue(email);
  await expect(form.password, "a refused sign-in never gives the password back").toHaveValue("");
}

test.describe("sign-in throttling", () => {
  test("repeated wrong passwords lock the account, even for the right password; another user still signs in", async ({ page }) => {
    const user = await createIdentityUser();
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await refusedSignIn(page, user.email, `Wrong-${i}-Password!`, 401);
    // The limit is reached: the right password is refused too (429), with the one message.
    await refusedSignIn(page, user.email, user.password, 429);
    await expectAccessible(page);
    // Per account: another user signs in from the same browser and address meanwhile.
    await signInAs(page, PRACTITIONER.email);
  });

  test("an unknown e-mail gets the same message after as many failures (no account enumeration)", async ({ page }) => {
    const email = `nobody-${randomUUID().slice(0, 8)}@e2e.example`;
    await page.goto(LOGIN_PATH);
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await refusedSignIn(page, email, `Wrong-${i}-Password!`, 401);
    await refusedSignIn(page, email, "Any-password-1!", 429);
    await expectAccessible(page);
  });
});
