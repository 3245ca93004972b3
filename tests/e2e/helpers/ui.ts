/**
 * Role-based helpers for the portal's screens (getByRole / getByLabel only, never CSS classes).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible, jsEnabled } from "../fixtures.js";
import { DEMO_PASSWORD } from "./stack.js";
import { demoAccounts } from "../../../reference-api/src/seed/demo-accounts.js";
import { CODE_ATTEMPTS, freshTotpCode } from "./fresh-code.js";
import { readState } from "../../setup/state.js";

export const LOGIN_PATH = "/user/login/";

/** The login form's controls. */
export function loginForm(page: Page) {
  return {
    email: page.getByRole("textbox", { name: "Email", exact: true }),
    // A password input has no ARIA role; `exact` keeps a "Show password" toggle out.
    password: page.getByLabel("Password", { exact: true }),
    submit: page.getByRole("button", { name: /^(sign in|log in|login)$/i }),
  };
}

/** Opens the login page (checked for accessibility) and submits the form. Asserts nothing about the outcome. */
export async function submitLogin(page: Page, email: string, password: string, path = LOGIN_PATH): Promise<void> {
  if (new URL(page.url(), "http://x").pathname !== new URL(path, "http://x").pathname) {
    await page.goto(path);
    await expectAccessible(page);
  }
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** The authenticator secret provisioning enrolled for a demo staff account (ADR 027), if it has one. */
export function demoTotpSecret(email: string): string | undefined {
  const userId = demoAccounts.find((a) => a.email === email)?.userId;
  return userId ? readState().identity.totpSecrets?.[userId] : undefined;
}

/** The second step's code field and button (/user/login/mfa/). */
export function mfaForm(page: Page) {
  return {
    code: page.getByRole("textbox", { name: "Authentication code" }),
    verify: page.getByRole("button", { name: "Verify" }),
  };
}

/**
 * After the password of an account with an authenticator (the demo staff accounts: the portal always asks them):
 * answers the code step with the code of the secret provisioning recorded. Does nothing for other accounts.
 */
export async function answerMfaIfAsked(page: Page, email: string, check = true): Promise<void> {
  const secret = demoTotpSecret(email);
  if (!secret) return;
  await page.waitForURL(/\/user\/login\/mfa\/$/);
  if (check) await expectAccessible(page);
  await answerCodeStep(page, secret);
}

/**
 * Answers the sign-in's code step (/user/login/mfa/) with a code of `secret` this run has not offered (a code is
 * taken once, and other workers sign the same account in: helpers/fresh-code.ts); a code refused all the same (401)
 * is answered again with the next fresh one. Asserts nothing about where the sign-in lands.
 */
export async function answerCodeStep(page: Page, secret: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const form = mfaForm(page);
    await form.code.fill(await freshTotpCode(secret));
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/user/login/mfa")),
      form.verify.click(),
    ]);
    if (response.status() !== 401 || attempt >= CODE_ATTEMPTS) return;
    await expect(form.code).toHaveAttribute("aria-invalid", "true");
  }
}

/** Signs in through the login page (and the authenticator step of a staff account) and waits for the dashboard (checked for accessibility). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await answerMfaIfAsked(page, email);
  await expect(page).toHaveURL(/\/home\/$/);
  await expectAccessible(page);
}

/**
 * The field shows `message` as its error: it is marked invalid and the message is its accessible error
 * message or part of its accessible description (aria-errormessage / aria-describedby). The text is compared
 * verbatim (the spec's login message has two spaces after the full stop), on the referenced elements' text.
 */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const page = field.page();
  // Polled: after a submit without JavaScript the old page stays until the answer's document replaces it, and that
  // page's field may be invalid already (an earlier error), so one read could see the old page or a half-parsed one.
  const errorText = async (): Promise<string | null> => {
    try {
      const ids = [(await field.getAttribute("aria-errormessage", { timeout: 1_000 })) ?? "", (await field.getAttribute("aria-describedby", { timeout: 1_000 })) ?? ""]
        .join(" ")
        .split(/\s+/)
        .filter(Boolean);
      if (ids.length === 0) return null;
      const texts: string[] = [];
      for (const id of ids) {
        const el = page.locator(`[id="${id}"]`);
        if ((await el.count()) > 0) texts.push((await el.first().textContent({ timeout: 1_000 })) ?? "");
      }
      return texts.join("\n");
    } catch {
      return ""; // the page is being replaced
    }
  };
  await expect.poll(errorText, { message: "the field's error text (aria-errormessage or aria-describedby), verbatim" }).toContain(message);
  // And it is what assistive technology announces for the field.
  const announced = message.replace(/\s+/g, " ");
  await expect(field)
    .toHaveAccessibleDescription(new RegExp(escapeRegExp(announced)), { timeout: 1_000 })
    .catch(async () => {
      await expect(field, "the error is the field's accessible description or error message").toHaveAccessibleErrorMessage(announced, { timeout: 1_000 });
    });
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Anything that looks like a JWT (three base64url parts, the first starting with `eyJ` = '{"'). */
export const JWT_LIKE = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/;

/** A toast with `message` is shown (the root's `role="status"` region; with JavaScript it closes after 4 s). */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
}

/** The portal's sidebar (the navigation named "Main"). */
export const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main" });

/**
 * The names of the sidebar's links, in order, those inside closed sections included (the sections are native
 * disclosures: their links are in the page but not shown until opened). External links carry their
 * " (opens in a new tab)" hint.
 */
export async function sidebarLinkNames(page: Page): Promise<string[]> {
  const links = sidebar(page).getByRole("list").first().getByRole("link", { includeHidden: true });
  return (await links.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
}

/** Logout from the sidebar's Settings section (a form post); lands on the login page (checked for accessibility). */
export async function logOut(page: Page): Promise<void> {
  const nav = sidebar(page);
  const logout = nav.getByRole("button", { name: "Logout", exact: true });
  if (!(await logout.isVisible())) await nav.getByText("Settings", { exact: true }).click();
  // The sidebar's Logout posts to /user/logout/ (which ends the session and goes to login).
  await expect(logout.locator("xpath=ancestor::form[1]")).toHaveAttribute("action", "/user/logout/");
  await logout.click();
  await expect(page).toHaveURL(/\/user\/login\/?(\?.*)?$/);
  await expectAccessible(page);
}

/**
 * Submits bad input with `submit` and expects the server's answer to the post to be `status` (400 by default;
 * bad input is a 4xx, never a 200 or a 5xx). `checkedInBrowser`: with JavaScript the form's own validation answers
 * without a request, so only the no-JS post is checked.
 */
export async function submitBadInput(submit: Locator, opts: { checkedInBrowser?: boolean; status?: number } = {}): Promise<void> {
  const page = submit.page();
  if (opts.checkedInBrowser && jsEnabled()) {
    await submit.click();
    return;
  }
  const path = new URL(page.url()).pathname.replace(/\/$/, "");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(path)),
    submit.click(),
  ]);
  expect(response.status(), `POST ${new URL(response.url()).pathname}`).toBe(opts.status ?? 400);
}

/**
 * After picking an item up with the keyboard (Space on a dnd-kit drag handle): dnd-kit's keyboard sensor starts
 * listening for arrow keys in a `setTimeout(0)` of the pick-up, while the pick-up's announcement can already be on the
 * page (React 19 commits a key press's update at once). A timer set now runs after that one, so the next key reaches it.
 */
export async function keyboardSensorListening(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => setTimeout(done, 0)));
}
