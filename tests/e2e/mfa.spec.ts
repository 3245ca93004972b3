/**
 * Two-step verification with an authenticator app (issue 23, ADR 027), in both projects (JavaScript enabled and
 * disabled), against the real identity service (cognito-local through the launcher's MFA support: real RFC 6238
 * codes, challenge sessions, AdminSetUserMFAPreference). The test computes the codes an authenticator app would
 * show from the key the page displays (scripts/identity/totp.ts). Each test makes its own providers.
 */
import {
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import type { Page } from "@playwright/test";
import { createIdentityClient } from "../../scripts/identity/client.js";
import { SignInChallengeError } from "../../scripts/identity/sign-in.js";
import { wrongTotpCode } from "../../scripts/identity/totp.js";
import { readState } from "../setup/state.js";
import { test, expect, expectAccessible } from "./fixtures.js";
import { CookieJar, postForm, signInJar } from "./helpers/form-sign-in.js";
import { openSignedIn } from "./helpers/session.js";
import { freshTotpCode } from "./helpers/fresh-code.js";
import { apiAs, createProvider, PRODUCT_ADMIN, PROVIDER_ADMIN, SUPPORT, tokensOf, type NewProvider } from "./helpers/stack.js";
import { answerCodeStep, demoTotpSecret, expectFieldError, expectToast, loginForm, logOut, mfaForm, signInAs, submitBadInput, submitLogin } from "./helpers/ui.js";

test.describe.configure({ timeout: 90_000 });

// Not the spec's (it has no two-step verification): ADR 027's words.
const WRONG_CODE = "That code didn't work. Check your authenticator app and enter the code it shows now.";
const MFA_ON = "Two-step verification is on.";
const ORGANIZATION_REQUIRES = "Your organization requires two-step verification. Set up an authenticator app to continue.";
const REQUIRED_SAVED = "Two-step verification is now required for every provider of the organization.";
const MFA_URL = /\/user\/login\/mfa\/$/;
const RECOVERY_INVALID = "That recovery code is not valid.";
const RECOVERY_USED = "Recovery code accepted: two-step verification is off. Log in with your password, then set up your authenticator app again.";
const HOME_URL = /\/home\/$/;
// ADR 034's words, and the user pool's own for a wrong code at its hosted UI.
const STEP_USED = "This sign-in step has already been used. Please log in again.";
const HOSTED_WRONG_CODE = "Invalid code or auth state for the user.";
const REAUTH_WRONG_PASSWORD = "That password didn't work. Enter the password you sign in with.";
const MFA_REPLACED = "Your authenticator app was replaced. The old one no longer works.";
// ADR 022's throttle, on the run's portal with its default limits (5 failed sign-ins per account in 15 minutes).
// The pair's back-off (ADR 022, ADR 024 §7): after 5 failures of one account from one address it waits, and is told how long.
const TOO_MANY = /Too many sign-in attempts\. Please wait \d+ (second|seconds|minute|minutes) and try again\./;
const ACCOUNT_LIMIT = 5;

/** The key the enrolment shows as text (the same secret as the QR code), without its spaces. */
async function shownKey(page: Page): Promise<string> {
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const key = (await page.getByLabel("Setup key").textContent()) ?? "";
  return key.replace(/\s+/g, "");
}

/** The QR code is an SVG drawn by the server: in the HTML as sent, before any script runs. */
async function expectServerDrawnQr(page: Page, path: string): Promise<void> {
  const html = await (await page.request.get(path)).text();
  expect(html).toMatch(/<svg[^>]*class="totp-qr"[^>]*role="img"[^>]*aria-label="QR code to scan with your authenticator app"/);
  expect(html).toMatch(/<path d="M\d+ \d+h\d+v1h-\d+z/);
}

/** Enrols an authenticator for `user` through the identity service's own API (the test is the app). Returns the secret. */
/**
 * The sign-in of a user whose organization requires two-step verification stopped at the set-up: the requirement
 * is said, no page opens before it is done, and the step shows the same key again. Answers the key.
 */
async function requiredEnrolmentFirst(page: Page, options: { qr?: boolean } = {}): Promise<string> {
  await expect(page).toHaveURL(MFA_URL);
  await expect(page.getByText(ORGANIZATION_REQUIRES)).toBeVisible();
  const secret = await shownKey(page);
  if (options.qr) await expectServerDrawnQr(page, "/user/login/mfa/");
  await expectAccessible(page);
  await page.goto("/home/");
  await expect(page).toHaveURL(/\/user\/login\/\?redirectTo=/);
  await expectAccessible(page);
  await page.goto("/user/login/mfa/");
  expect(await shownKey(page)).toBe(secret);
  await expectAccessible(page);
  return secret;
}

async function enrolThroughIdentityService(user: NewProvider): Promise<string> {
  const { identity } = readState();
  const client = createIdentityClient({ endpoint: identity.endpoint, region: identity.region });
  try {
    const { accessToken } = await tokensOf(user.email, user.password);
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: await freshTotpCode(SecretCode!) }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    return SecretCode!;
  } finally {
    client.destroy();
  }
}

test("enrol in the account screen, sign out, sign in with the code; a wrong code gets its message; a recovery code", async ({ page }) => {
  const user = await createProvider({ products: ["HEALTH"] });
  await signInAs(page, user.email, user.password);

  await page.goto("/user/account/two-step/");
  await expect(page.getByRole("link", { name: "Two-Step Verification" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Two-step verification is off.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Set Up Authenticator App" }).click();
  await expect(page).toHaveURL(/\/user\/account\/two-step\/$/);
  const secret = await shownKey(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectServerDrawnQr(page, "/user/account/two-step/");
  await expectAccessible(page);

  // The first code confirms; a wrong one is refused at the field, and the same key is shown again.
  const code = page.getByRole("textbox", { name: "Authentication code" });
  await code.fill(wrongTotpCode(secret));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expectFieldError(page.getByRole("textbox", { name: "Authentication code" }), WRONG_CODE);
  expect(await shownKey(page)).toBe(secret);
  await expectAccessible(page);
  // Every code the run offers is claimed (fresh-code.ts): the identity service takes a code once, enrolment included.
  await page.getByRole("textbox", { name: "Authentication code" }).fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expectToast(page, MFA_ON);
  await expect(page.getByText("Each sign-in asks for your password and a code from your authenticator app.")).toBeVisible();
  // The recovery codes, shown once.
  const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await expectAccessible(page);

  await logOut(page);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(MFA_URL);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expectAccessible(page);
  const form = mfaForm(page);
  await form.code.fill(wrongTotpCode(secret));
  await form.verify.click();
  await expectFieldError(mfaForm(page).code, WRONG_CODE);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);
  const used = await freshTotpCode(secret);
  await mfaForm(page).code.fill(used);
  await mfaForm(page).verify.click();
  await expect(page).toHaveURL(HOME_URL);
  await expectAccessible(page);

  // A code is used once (ASVS 2.8.4): the same code at the next sign-in, within its validity, is a wrong one.
  await logOut(page);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);
  await mfaForm(page).code.fill(used);
  await mfaForm(page).verify.click();
  await expectFieldError(mfaForm(page).code, WRONG_CODE);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);

  // The phone is lost: a recovery code (a wrong one first) turns two-step verification off; the password alone signs in.
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await expect(page.getByRole("heading", { name: "Use a recovery code" })).toBeVisible();
  await expectAccessible(page);
  const recovery = () => page.getByRole("textbox", { name: "Recovery code" });
  await recovery().fill("AAAA-BBBB-CCCC-DDDD");
  await page.getByRole("button", { name: "Use Recovery Code" }).click();
  await expectFieldError(recovery(), RECOVERY_INVALID);
  await expectAccessible(page);
  await recovery().fill(codes[4]!.toLowerCase());
  await page.getByRole("button", { name: "Use Recovery Code" }).click();
  await expect(page).toHaveURL(/\/user\/login\/$/);
  await expect(page.getByText(RECOVERY_USED)).toBeVisible();
  await expectAccessible(page);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(HOME_URL);
  await expectAccessible(page);
});

test("an admin resets a provider's two-step verification: their next sign-in asks for the password only", async ({ page, browser }) => {
  const provider = await createProvider();
  await enrolThroughIdentityService(provider);
  const asked = await tokensOf(provider.email, provider.password).catch((e: unknown) => e);
  expect(asked instanceof SignInChallengeError ? asked.challengeName : asked).toBe("SOFTWARE_TOKEN_MFA");

  await openSignedIn(page, PROVIDER_ADMIN, "/organization/providers/");
  const reset = page.getByRole("button", { name: `Reset 2-Step Verification of ${provider.firstName} ${provider.lastName}` });
  await reset.click();
  await expectToast(page, `Two-step verification of ${provider.firstName} ${provider.lastName} was reset. They set it up again at their next sign-in if it is required.`);
  await expectAccessible(page);

  const context = await browser.newContext({ baseURL: readState().baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  try {
    const theirs = await context.newPage();
    await submitLogin(theirs, provider.email, provider.password);
    await expect(theirs).toHaveURL(HOME_URL);
    await expectAccessible(theirs);
  } finally {
    await context.close();
  }
});

test("an organization that requires it: a provider without an authenticator sets one up at the next sign-in", async ({ page }) => {
  const founder = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"] });
  await signInAs(page, founder.email, founder.password);
  await page.goto("/organization/details/");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Require Two-Step Verification" }).click();
  await expectToast(page, REQUIRED_SAVED);
  await expect(page.getByRole("button", { name: "Stop Requiring Two-Step Verification" })).toBeVisible();
  await expectAccessible(page);

  await logOut(page);
  await submitLogin(page, founder.email, founder.password);
  const secret = await requiredEnrolmentFirst(page, { qr: true });
  await mfaForm(page).code.fill(wrongTotpCode(secret));
  await page.getByRole("button", { name: "Turn On and Continue" }).click();
  await expectFieldError(mfaForm(page).code, WRONG_CODE);
  await expectAccessible(page);
  await mfaForm(page).code.fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: "Turn On and Continue" }).click();
  // Signed in, on the account screen with the new recovery codes (shown once).
  await expect(page).toHaveURL(/\/user\/account\/two-step\/$/);
  await expectToast(page, MFA_ON);
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expectAccessible(page);

  // From now on the code is asked.
  await logOut(page);
  await submitLogin(page, founder.email, founder.password);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);
  await mfaForm(page).code.fill(await freshTotpCode(secret));
  await mfaForm(page).verify.click();
  await expect(page).toHaveURL(HOME_URL);
  await expectAccessible(page);
});

test("staff accounts always answer the code step", async ({ page }) => {
  const secret = demoTotpSecret(SUPPORT.email);
  expect(secret, "provisioning enrolled the demo support account").toBeTruthy();
  // The other workers sign the support account in too: a code of the run's not offered yet.
  await signInWithCode(page, SUPPORT, secret!);
});

test("a code is taken once even by two sign-ins at the same moment; the suite's sign-in helpers give each its own @js-only (HTTP only: no browser to differ)", async () => {
  // Two sign-ins of one user, answered with the same code at once (ASVS 2.8.4, on whichever portal process): one gets in.
  const user = await createProvider();
  const secret = await enrolThroughIdentityService(user);
  const base = readState().baseURL;
  const jars = [new CookieJar(), new CookieJar()];
  for (const jar of jars) {
    const login = await postForm(base, jar, "/user/login/", { email: user.email, password: user.password });
    expect(new URL(login.headers.get("location") ?? "", base).pathname).toBe("/user/login/mfa/");
  }
  const code = await freshTotpCode(secret);
  const answers = await Promise.all(jars.map((jar) => postForm(base, jar, "/user/login/mfa/", { code })));
  expect(answers.map((r) => r.status).sort()).toEqual([302, 401]);
  // The E2E workers sign the demo staff accounts in at once like this: each of the helpers' sign-ins gets in (this
  // user's own codes: the staff accounts' are few, three a step, and the other tests need them).
  const signedIn = await Promise.all([0, 1].map(() => signInJar(base, user.email, { password: user.password, totpSecret: secret, strict: true })));
  expect(signedIn.every((jar) => jar.header() !== "")).toBe(true);
});

test("wrong codes count toward the sign-in throttle: after the limit even the right code, and the right password, are refused", async ({ page }) => {
  const user = await createProvider();
  const secret = await enrolThroughIdentityService(user);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);
  for (let i = 0; i < ACCOUNT_LIMIT; i++) {
    await mfaForm(page).code.fill(wrongTotpCode(secret));
    await submitBadInput(mfaForm(page).verify, { status: 401 });
    await expectFieldError(mfaForm(page).code, WRONG_CODE);
  }
  await mfaForm(page).code.fill(await freshTotpCode(secret));
  await submitBadInput(mfaForm(page).verify, { status: 429 });
  await expect(page.getByRole("main")).toContainText(TOO_MANY);
  await expectAccessible(page);
  // The same (account, address) pair's count: the password step is refused as well.
  await page.goto("/user/login/");
  await expectAccessible(page);
  const form = loginForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await submitBadInput(form.submit, { status: 429 });
  await expect(page.getByRole("main")).toContainText(TOO_MANY);
  await expectAccessible(page);
});

/** "Continue with SSO" from the login page, to the stand-in's sign-in page, and its e-mail and password. */
async function ssoPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/user/login/");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Continue with SSO" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** An organization of its own that requires two-step verification, and its founding provider admin (no authenticator). */
async function requiringOrganization(): Promise<NewProvider> {
  const founder = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"] });
  const api = await apiAs(founder.email, founder.password);
  const organizationId = (await api.GET("/v2/users/current")).data!.organization.id;
  const set = await api.PUT("/v2/organizations/{id}/mfa-requirement", { params: { path: { id: organizationId } }, body: { mfaRequired: true } });
  expect(set.data?.mfaRequired).toBe(true);
  return founder;
}

test.describe("single sign-on has no side door (ADR 034)", () => {
  test.describe.configure({ timeout: 180_000 });
  test("staff via SSO answer the hosted UI's code step: the password alone opens nothing", async ({ page }) => {
    const secret = demoTotpSecret(PRODUCT_ADMIN.email);
    expect(secret, "provisioning enrolled the demo product admin").toBeTruthy();
    await ssoPassword(page, PRODUCT_ADMIN.email, PRODUCT_ADMIN.password);
    // The user pool's own challenge (SOFTWARE_TOKEN_MFA), asked by the hosted UI as Cognito's managed login does.
    await expect(page.getByRole("heading", { name: "Multi-factor authentication" })).toBeVisible();
    await expectAccessible(page);
    const hostedCode = page.getByRole("textbox", { name: "Code" });
    await hostedCode.fill(wrongTotpCode(secret!));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(HOSTED_WRONG_CODE);
    await expectAccessible(page);
    // Meanwhile no portal page opens: the password gave no session.
    const elsewhere = await page.context().newPage();
    await elsewhere.goto("/admin/organizations/");
    await expect(elsewhere).toHaveURL(/\/user\/login\/\?redirectTo=/);
    await expectAccessible(elsewhere);
    await elsewhere.close();
    await page.getByRole("textbox", { name: "Code" }).fill(await freshTotpCode(secret!));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(HOME_URL);
    await expectAccessible(page);
    await page.goto("/admin/organizations/");
    await expect(page).toHaveURL(/\/admin\/organizations\/$/);
    await expectAccessible(page);
  });

  test("a provider of a requiring organization via SSO without an authenticator sets one up before any page", async ({ page }) => {
    const founder = await requiringOrganization();
    await ssoPassword(page, founder.email, founder.password);
    const secret = await requiredEnrolmentFirst(page);
    await mfaForm(page).code.fill(await freshTotpCode(secret));
    await page.getByRole("button", { name: "Turn On and Continue" }).click();
    await expect(page).toHaveURL(/\/user\/account\/two-step\/$/);
    await expectToast(page, MFA_ON);
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await expect(page.getByRole("list", { name: "Security activity" })).toContainText("Two-step verification was turned on with an authenticator app.");
    await expectAccessible(page);
    await page.goto("/home/");
    await expect(page).toHaveURL(HOME_URL);
    await expectAccessible(page);
    // The next sign-on asks the code at the hosted UI (its own session was ended by the portal's logout).
    await logOut(page);
    await ssoPassword(page, founder.email, founder.password);
    await expect(page.getByRole("heading", { name: "Multi-factor authentication" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("textbox", { name: "Code" }).fill(await freshTotpCode(secret));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(HOME_URL);
    await expectAccessible(page);
  });
});

test("a copy of the enrolment step's cookie is refused once the owner used it, and cannot replace the owner's authenticator", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const founder = await requiringOrganization();
  await submitLogin(page, founder.email, founder.password);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);
  // The copy: the session cookie of the enrolment step (its key shown).
  const copied = await page.context().cookies();
  const secret = await shownKey(page);
  await mfaForm(page).code.fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: "Turn On and Continue" }).click();
  await expect(page).toHaveURL(/\/user\/account\/two-step\/$/);
  await expectToast(page, MFA_ON);
  await expectAccessible(page);

  const context = await browser.newContext({ baseURL: readState().baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  try {
    await context.addCookies(copied);
    const thief = await context.newPage();
    await thief.goto("/user/login/mfa/");
    await expect(thief).toHaveURL(/\/user\/login\/$/);
    await expect(thief.getByText(STEP_USED)).toBeVisible();
    await expect(thief.getByRole("img", { name: "QR code to scan with your authenticator app" })).toHaveCount(0);
    await expectAccessible(thief);
    // A post with the copy is refused the same way (no code is checked, nothing is set up).
    await context.addCookies(copied);
    const posted = await thief.request.post("/user/login/mfa/", { form: { code: await freshTotpCode(secret) }, headers: { Origin: readState().baseURL }, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
    expect(new URL(posted.headers().location!, readState().baseURL).pathname).toBe("/user/login/");
  } finally {
    await context.close();
  }
  // The owner's authenticator still works.
  await logOut(page);
  await submitLogin(page, founder.email, founder.password);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);
  await mfaForm(page).code.fill(await freshTotpCode(secret));
  await mfaForm(page).verify.click();
  await expect(page).toHaveURL(HOME_URL);
  await expectAccessible(page);
});

/** Signs `user` in through the login form and the code step with `secret`'s next unused code, each page checked. */
async function signInWithCode(page: Page, user: { email: string; password: string }, secret: string): Promise<void> {
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(MFA_URL);
  await expectAccessible(page);
  await answerCodeStep(page, secret);
  await expect(page).toHaveURL(HOME_URL);
  await expectAccessible(page);
}

/** The account screen's "Confirm It's You" form. */
const confirmForm = (page: Page) => ({ password: page.getByLabel("Password", { exact: true }), code: page.getByRole("textbox", { name: "Authentication code" }), submit: page.getByRole("button", { name: "Confirm" }) });

// Two tests, each with a user of its own: a code is taken once, so one user's fifth and sixth codes waited for the
// next 30-second steps (one test of both took 76-89 s).
test("making new recovery codes asks for the password and a current code first; the post alone changes nothing", async ({ page }) => {
  const user = await createProvider();
  const secret = await enrolThroughIdentityService(user);
  await signInWithCode(page, user, secret);

  // The post alone (what a stolen session could send) changes nothing: it answers with the re-authentication.
  const direct = await page.request.post("/user/account/two-step/", { form: { intent: "start" }, headers: { Origin: readState().baseURL }, maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe("/user/account/two-step/?confirm=replace");
  const codes = await page.request.post("/user/account/two-step/", { form: { intent: "new-codes" }, headers: { Origin: readState().baseURL }, maxRedirects: 0 });
  expect(codes.headers().location).toBe("/user/account/two-step/?confirm=new-codes");

  await page.goto("/user/account/two-step/");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Make New Recovery Codes" }).click();
  await expect(page.getByRole("heading", { name: "Confirm It's You" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await expectAccessible(page);
  const confirm = () => confirmForm(page);
  await confirm().password.fill("not-the-password-1A!");
  await confirm().code.fill(await freshTotpCode(secret));
  await submitBadInput(confirm().submit, { status: 401 });
  await expectFieldError(confirm().password, REAUTH_WRONG_PASSWORD);
  await expectAccessible(page);
  await confirm().password.fill(user.password);
  await confirm().code.fill(await freshTotpCode(secret));
  await confirm().submit.click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("list", { name: "Security activity" }).getByRole("listitem").first()).toContainText("New recovery codes were made.");
  await expectAccessible(page);
});

test("replacing the authenticator asks for the password and a current code first; the new app then signs in", async ({ page }) => {
  const user = await createProvider();
  const secret = await enrolThroughIdentityService(user);
  await signInWithCode(page, user, secret);
  await page.goto("/user/account/two-step/");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Replace Authenticator App" }).click();
  await expect(page.getByRole("heading", { name: "Confirm It's You" })).toBeVisible();
  await expectAccessible(page);
  const confirm = () => confirmForm(page);
  await confirm().password.fill(user.password);
  await confirm().code.fill(wrongTotpCode(secret));
  await submitBadInput(confirm().submit, { status: 401 });
  await expectFieldError(confirm().code, WRONG_CODE);
  await expectAccessible(page);
  await confirm().password.fill(user.password);
  await confirm().code.fill(await freshTotpCode(secret));
  await confirm().submit.click();
  const replacement = await shownKey(page);
  expect(replacement).not.toBe(secret);
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Authentication code" }).fill(await freshTotpCode(replacement));
  await page.getByRole("button", { name: "Replace Authenticator App" }).click();
  await expectToast(page, MFA_REPLACED);
  await expect(page.getByRole("list", { name: "Security activity" }).getByRole("listitem").first()).toContainText("Your authenticator app was replaced.");
  await expectAccessible(page);
  // The new authenticator signs in.
  await logOut(page);
  await signInWithCode(page, user, replacement);
});
