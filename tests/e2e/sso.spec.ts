/**
 * Single sign-on (issue 3 §3; spec 000 §1, §2.4 'Continue with SSO'): the OAuth 2.0 authorization-code flow
 * with PKCE at the user pool's domain, completed in the portal's callback, in both projects.
 *
 * The user pool's domain is the stand-in of scripts/identity/oidc-hosted-ui.ts (oidc-provider), started by
 * the global setup: its sign-in page signs in against this run's user pool and its /oauth2/token answers with
 * the pool's own tokens, as Cognito's hosted UI does — so a signed-in dashboard proves that the provider API
 * accepted them. Its sign-in page is not the product's, but it is a page the user sees: it is checked by axe
 * like every other page (it is plain, accessible HTML), no exclusion needed.
 */
import { readFileSync } from "node:fs";
import type { Page, Response } from "@playwright/test";
import { test, expect, expectAccessible } from "./fixtures.js";
import { NO_GROUPS, PRACTITIONER } from "./helpers/stack.js";
import { JWT_LIKE, LOGIN_PATH, escapeRegExp, logOut } from "./helpers/ui.js";
import { startPortal, type Portal } from "../setup/portal.js";
import { readState } from "../setup/state.js";

// A sign-on crosses two sites and three to five pages, each checked by axe: more than a one-page test's 30 s
// when the machine is busy.
test.describe.configure({ timeout: 60_000 });

const SSO_FAILED = "Single sign-on did not complete. Please try again.";
const SSO_DENIED = "Single sign-on was cancelled or access was denied.";
const NO_ACCESS = "That account does not have access to the portal.";
const LOGIN_URL = /\/user\/login\/?(\?.*)?$/;
const CALLBACK_PATH = "/user/sso/callback/";

const ssoButton = (page: Page) => page.getByRole("button", { name: "Continue with SSO" });

/**
 * On the portal's login page: 'Continue with SSO', to the stand-in's sign-in page (checked). Returns the
 * authorization request the portal sent the browser with.
 */
async function continueWithSso(page: Page): Promise<URLSearchParams> {
  const { domain } = readState().sso;
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${domain}/oauth2/authorize?`));
  await ssoButton(page).click();
  const params = new URL((await authorize).url()).searchParams;
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(domain)}/interaction/`));
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectAccessible(page);
  return params;
}

/** The stand-in's sign-in form. */
async function signInAtProvider(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs in at the provider but keeps its answer (a valid, unused code) from the portal, and returns it. The
 * sign-in POST and the provider's redirect after it are made by the context's request client (the browser's
 * cookies), the page stays on the sign-in page: page.route does not see the redirects of a navigation.
 */
async function signInAndHoldAnswer(page: Page, email: string, password: string): Promise<URL> {
  const { domain } = readState().sso;
  const isSignIn = (u: URL) => u.origin === domain && /^\/interaction\/[^/]+\/login$/.test(u.pathname);
  let answer!: (u: URL) => void;
  const held = new Promise<URL>((r) => (answer = r));
  await page.route(isSignIn, async (route) => {
    const signedIn = await route.fetch({ maxRedirects: 0 });
    const resumed = await page.context().request.get(new URL(signedIn.headers().location!, domain).toString(), { maxRedirects: 0 });
    answer(new URL(resumed.headers().location!));
    await route.fulfill({ status: 204 });
  });
  await signInAtProvider(page, email, password);
  const url = await held;
  await page.unroute(isSignIn);
  expect(url.pathname, "the provider answered the portal's callback").toBe(CALLBACK_PATH);
  expect(url.searchParams.get("code")).toBeTruthy();
  return url;
}

/** Back on the login page with `message`: signed out (the login page sends signed-in visitors away). */
async function expectLoginMessage(page: Page, message: string): Promise<void> {
  await expect(page).toHaveURL(LOGIN_URL);
  await expect(page.getByRole("main")).toContainText(message);
  await expectAccessible(page);
}

/**
 * Why the portal refused a sign-on answered by `response` (the login page it redirected to): the reason it
 * logged for the callback's request id. All refusals show the same message; the reason tells them apart.
 */
async function refusalReason(response: Response | null): Promise<string> {
  const callback = await response?.request().redirectedFrom()?.response();
  const requestId = callback?.headers()["x-request-id"];
  expect(requestId, "the callback answered with a request id").toBeTruthy();
  const logged = () =>
    readFileSync(readState().portalLog, "utf8")
      .split("\n")
      .filter((line) => line.includes(requestId!))
      .map((line) => JSON.parse(line) as { msg?: string; reason?: string })
      .find((entry) => entry.msg === "single sign-on failed")?.reason;
  await expect.poll(logged).toBeTruthy();
  return logged()!;
}

test.describe("single sign-on", () => {
  test("'Continue with SSO' signs in at the user pool's domain and lands on the dashboard", async ({ page, baseURL }) => {
    const callbacks: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === CALLBACK_PATH) callbacks.push(r.url());
    });
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    const params = await continueWithSso(page);
    // The authorization-code flow with PKCE (S256) and a state, back to this portal's callback.
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(readState().identity.clientId);
    expect(params.get("redirect_uri")).toBe(`${baseURL}${CALLBACK_PATH}`);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")).toMatch(/^[\w-]{20,}$/);

    await signInAtProvider(page, PRACTITIONER.email, PRACTITIONER.password);
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(page.getByRole("heading", { name: `Hi ${PRACTITIONER.firstName}` })).toBeVisible();
    await expectAccessible(page);
    // The browser carried a code and the state, never a token; the page shows none either.
    expect(callbacks).toHaveLength(1);
    const callback = new URL(callbacks[0]!);
    expect(callback.searchParams.get("code")).toBeTruthy();
    expect(callback.searchParams.get("state")).toBe(params.get("state"));
    expect(callbacks[0]).not.toMatch(JWT_LIKE);
    expect(await page.content()).not.toMatch(JWT_LIKE);
  });

  test("logging out of a sign-on session ends it at the user pool's hosted UI: the next sign-on asks for the password", async ({ page, context, baseURL }) => {
    const { domain } = readState().sso;
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await continueWithSso(page);
    await signInAtProvider(page, PRACTITIONER.email, PRACTITIONER.password);
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);
    // The hosted UI keeps a session of its own: with only the portal's session gone, the next sign-on asks nothing.
    await context.clearCookies({ domain: new URL(baseURL!).hostname });
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await ssoButton(page).click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);
    // Logout goes through the hosted UI's /logout (Cognito's) and back to the login page ...
    const logout = page.waitForRequest((r) => r.url().startsWith(`${domain}/logout?`));
    await logOut(page);
    const params = new URL((await logout).url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ client_id: readState().identity.clientId, logout_uri: `${baseURL}/user/login/` });
    // ... so on a shared computer the next 'Continue with SSO' asks for the password again.
    await continueWithSso(page);
    await signInAtProvider(page, PRACTITIONER.email, PRACTITIONER.password);
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);
  });

  test("a sign-on that starts at a deeper page returns there", async ({ page }) => {
    const target = `/user/account/${PRACTITIONER.userId}`;
    await page.goto(target);
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
    await continueWithSso(page);
    await signInAtProvider(page, PRACTITIONER.email, PRACTITIONER.password);
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(target)}/?$`));
    await expectAccessible(page);
  });

  test("Cancel at the provider (error=access_denied) comes back to login with a message", async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await continueWithSso(page);
    const callback = page.waitForRequest((r) => new URL(r.url()).pathname === CALLBACK_PATH);
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(new URL((await callback).url()).searchParams.get("error")).toBe("access_denied");
    await expectLoginMessage(page, SSO_DENIED);
  });

  test("an account without groups is signed out with 'That account does not have access to the portal.'", async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await continueWithSso(page);
    await signInAtProvider(page, NO_GROUPS.email, NO_GROUPS.password);
    await expectLoginMessage(page, NO_ACCESS);
  });
});

test.describe("single sign-on refuses", () => {
  test("a tampered state, and then the genuine answer too (the sign-on is used up)", async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await continueWithSso(page);
    const genuine = await signInAndHoldAnswer(page, PRACTITIONER.email, PRACTITIONER.password);
    const tampered = new URL(genuine);
    tampered.searchParams.set("state", `${genuine.searchParams.get("state")}x`);
    const refused = await page.goto(tampered.toString());
    await expectLoginMessage(page, SSO_FAILED);
    expect(await refusalReason(refused)).toBe("state mismatch");
    const late = await page.goto(genuine.toString());
    await expectLoginMessage(page, SSO_FAILED);
    expect(await refusalReason(late)).toBe("no pending sign-on");
  });

  test("a callback without a sign-on in progress (no verifier in the session)", async ({ page }) => {
    const refused = await page.goto(`${CALLBACK_PATH}?code=some-code&state=some-state`);
    await expectLoginMessage(page, SSO_FAILED);
    expect(await refusalReason(refused)).toBe("no pending sign-on");
  });

  test("a code issued to another sign-on: the provider checks the PKCE verifier", async ({ page, baseURL }) => {
    // Sign-on 1 gets as far as a valid code, which is held back.
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await continueWithSso(page);
    const first = await signInAndHoldAnswer(page, PRACTITIONER.email, PRACTITIONER.password);
    // Sign-on 2 (a new state and verifier in the session) is answered with sign-on 1's code: the state
    // matches, the verifier does not belong to the code's challenge. (The hosted UI's own session of sign-on 1 is
    // dropped first, so that sign-on 2 stops at its sign-in page.)
    await page.context().clearCookies({ domain: new URL(readState().sso.domain).hostname });
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    const second = await continueWithSso(page);
    const injected = new URL(CALLBACK_PATH, baseURL);
    injected.search = new URLSearchParams({ code: first.searchParams.get("code")!, state: second.get("state")! }).toString();
    const refused = await page.goto(injected.toString());
    await expectLoginMessage(page, SSO_FAILED);
    expect(await refusalReason(refused)).toBe("token exchange failed: token endpoint answered 400 (invalid_grant)");
  });
});

test.describe("without an SSO domain", () => {
  let portal: Portal | undefined;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    const state = readState();
    portal = await startPortal({ stack: state, dataDir: state.dataDir, logFile: testInfo.outputPath("portal-without-sso.log") });
  });

  test.afterAll(async () => {
    await portal?.stop();
  });

  test("the login page has no 'Continue with SSO', and /user/sso/ goes back to login", async ({ page }) => {
    await page.goto(`${portal!.url}${LOGIN_PATH}`);
    await expect(page.getByRole("button", { name: /log in/i })).toBeVisible();
    await expect(ssoButton(page)).toHaveCount(0);
    await expectAccessible(page);
    const res = await page.request.post(`${portal!.url}/user/sso/`, { form: {}, headers: { Origin: portal!.url }, maxRedirects: 0 });
    expect(res.status()).toBeGreaterThanOrEqual(300);
    expect(res.status()).toBeLessThan(400);
    expect(new URL(res.headers().location!, portal!.url).pathname).toBe(LOGIN_PATH);
  });
});
