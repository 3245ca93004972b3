/**
 * Starting a test signed in without going through the login page: the portal's session cookies of a user,
 * signed in through the login form once per run (by whichever worker needs them first, run-cache.ts; in a scratch
 * no-JS context, no accessibility checks) and
 * added to each test's context. The sign-in pages themselves are covered by auth.spec.ts, account.spec.ts,
 * sso.spec.ts and session.spec.ts; going through them (and the dashboard) before every test was half of the
 * suite's axe time.
 *
 *   await useSession(page, PRACTITIONER);            // then page.goto(...) the page under test
 *   await openSignedIn(page, PROVIDER_ADMIN);        // on the dashboard, checked for accessibility
 *
 * The session lives entirely in its (encrypted) cookie, last activity included (app/auth/session.server.ts,
 * user.server.ts `activeAuth`): what a test does with its copy — a toast, a saved tab or filter, a refreshed
 * token — stays in that test's context and never reaches the cached copy. But the copy ages: its last-activity
 * time is the sign-in's, and the portal ends a session idle for longer than the inactivity timeout (30 minutes
 * for the suite's portal). So a cached session older than `MAX_AGE_MS` is replaced by a new sign-in.
 *
 * Not for tests that end or change the session or the user (logout, password, name, sign-in itself): signing
 * out revokes the refresh token the cached copy holds. Those keep `signInAs` (helpers/ui.ts) with a user of
 * their own. Sharing pays for users many tests use (the demo accounts); a user created for one test gains
 * little over `signInAs`.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectAccessible, jsEnabled } from "../fixtures.js";
import { readState } from "../../setup/state.js";
import { SCRIPTING_COOKIE } from "../../../app/shell/scripting.js";
import { DEMO_PASSWORD } from "./stack.js";
import { oncePerRun } from "./run-cache.js";
import { answerMfaIfAsked, loginForm } from "./ui.js";

type Cookies = Parameters<BrowserContext["addCookies"]>[0];

/** A user to sign in: an e-mail of a demo account (the demo password), or an account with its password. */
export type Who = string | { email: string; password?: string };

/**
 * A cached session is replaced after this long: well inside the portal's 30-minute inactivity timeout (and the
 * access token's 60 minutes), even for a test that starts just before and runs for its whole `test.slow()` time.
 */
export const MAX_AGE_MS = 10 * 60_000;

const sessionsOfRun = oncePerRun<Cookies>("session", MAX_AGE_MS);

async function signInForCookies(browser: Browser, email: string, password: string): Promise<Cookies> {
  const context = await browser.newContext({ baseURL: readState().baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/user/login/");
    const form = loginForm(page);
    await form.email.fill(email);
    await form.password.fill(password);
    await form.submit.click();
    await answerMfaIfAsked(page, email, false);
    await page.waitForURL(/\/home\/$/);
    // Only the session: whether scripts run is each test's own (app/shell/scripting.ts).
    return (await context.cookies()).filter((c) => c.name !== SCRIPTING_COOKIE);
  } finally {
    await context.close();
  }
}

/**
 * The portal's session cookies of `email`, signed in through the login form once per run (any worker's sign-in,
 * run-cache.ts; renewed after MAX_AGE_MS).
 */
export function sessionCookies(browser: Browser, email: string, password = DEMO_PASSWORD, now = Date.now()): Promise<Cookies> {
  return sessionsOfRun(`${email}\u0000${password}`, () => signInForCookies(browser, email, password), now);
}

/**
 * The test's page starts signed in as `who` (the run's cached session; no page is opened). With JavaScript
 * (project `js`) the browser is also marked as one that has run the portal's scripts, as it is after the login
 * page: its pages stream, as they did after `signInAs`.
 */
export async function useSession(page: Page, who: Who): Promise<void> {
  const { email, password } = typeof who === "string" ? { email: who, password: undefined } : who;
  const context = page.context();
  const browser = context.browser();
  if (!browser) throw new Error("useSession: the page's browser is not available");
  const cookies = await sessionCookies(browser, email, password ?? DEMO_PASSWORD);
  const scripting = jsEnabled() ? [{ name: SCRIPTING_COOKIE, value: "1", url: readState().baseURL, sameSite: "Lax" as const }] : [];
  await context.addCookies([...cookies, ...scripting]);
}

/** Signed in as `who`, on `path` (the dashboard by default), checked for accessibility. */
export async function openSignedIn(page: Page, who: Who, path = "/home/"): Promise<void> {
  await useSession(page, who);
  await page.goto(path);
  await expectAccessible(page);
}
