/**
 * The session's security and resilience (issue 3 §3, spec 000 §6, §8, §9, 003 "Network failover behaviour"):
 * what the browser can read, forged and foreign sessions, the server's inactivity logoff (and the warning
 * before it, with JavaScript), and the current-user load — retries, failover servers, the network-block
 * message, a login whose provider account is gone.
 *
 * Tests that need another configuration start their own portal on the same stack (helpers/extra-portal.ts);
 * failures the real services do not produce on demand go through the fault proxy (helpers/fault-proxy.ts).
 */
import { randomBytes } from "node:crypto";
import type { BrowserContext, Cookie, Page } from "@playwright/test";
import { readState } from "../setup/state.js";
import { deadUrl, expect, expectAccessible, jsEnabled, test } from "./helpers/extra-portal.js";
import { createProvider, DEMO_PASSWORD, PRACTITIONER, removeProvider } from "./helpers/stack.js";
import { JWT_LIKE, LOGIN_PATH, signInAs, submitLogin } from "./helpers/ui.js";
import { CACHED_SHEETS_COOKIE, SHEET_LIST } from "../../app/shell/cached-sheets.js";

const NETWORK_BLOCK = "We're unable to connect to the service. This may be a restriction on the network. You can try to reload the page, or switching to a different network.";
const PROVIDER_NOT_FOUND = "We didn't find a provider account for this login.";
const LOGIN_URL = /\/user\/login\/?(\?.*)?$/;
const SESSION_COOKIE = /^exer-session(\.\d+)?$/;

/** Signs in at another portal (`origin`) and waits for its dashboard. */
async function signInAt(page: Page, origin: string, email = PRACTITIONER.email, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password, `${origin}${LOGIN_PATH}`);
  await expect(page).toHaveURL(`${origin}/home/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);
}

const sessionCookies = async (context: BrowserContext): Promise<Cookie[]> => (await context.cookies()).filter((c) => SESSION_COOKIE.test(c.name));

const newSecret = () => randomBytes(32).toString("base64url");

// Sign-ins, extra portals, retries and several pages checked by axe each (on the shared machines up to 10 s a page).
test.slow();

test.describe("what the browser holds", () => {
  test("no token and nothing of the identity service is readable by the page; the session cookies are HttpOnly and SameSite=Lax", async ({ page, context }) => {
    const { identity } = readState();
    await signInAs(page, PRACTITIONER.email);
    await page.goto("/user/account/info/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);

    const session = await sessionCookies(context);
    expect(session.length, "the portal keeps a session cookie").toBeGreaterThan(0);
    for (const c of session) {
      expect.soft(c.httpOnly, `${c.name} is HttpOnly`).toBe(true);
      expect.soft(c.sameSite, `${c.name} is SameSite=Lax`).toBe("Lax");
      expect.soft(c.path, `${c.name} is for the whole portal`).toBe("/");
      // A browser-session cookie: the server, not the browser, decides when the session ends (inactivity).
      expect.soft(c.expires, `${c.name} has no expiry date`).toBe(-1);
      expect.soft(c.value, `${c.name} is sealed, not a readable token`).not.toMatch(JWT_LIKE);
    }
    for (const c of (await context.cookies()).filter((c) => !c.httpOnly)) {
      // What scripts may read: display preferences and flags, the stylesheets the browser has (content hashes of build
      // files: app/shell/cached-sheets.ts), nothing of the session.
      if (c.name === CACHED_SHEETS_COOKIE) expect.soft(c.value, `${c.name} names build files only`).toMatch(SHEET_LIST);
      else expect.soft(c.value.length, `${c.name} (readable by scripts) is a short flag`).toBeLessThanOrEqual(16);
    }

    // The HTML (loader data included) has no token and no identity-service setting.
    const html = await page.content();
    expect(html).not.toMatch(JWT_LIKE);
    for (const secret of [identity.userPoolId, identity.clientId]) expect(html).not.toContain(secret);

    if (jsEnabled()) {
      const exposed = await page.evaluate(() => {
        const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? "")}`).join("\n");
        return {
          cookie: document.cookie,
          storage: `${dump(localStorage)}\n${dump(sessionStorage)}`,
          router: JSON.stringify((window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext ?? null),
        };
      });
      for (const c of session) {
        expect(exposed.cookie, "document.cookie does not show the session").not.toContain(c.name);
        expect(exposed.storage, "web storage does not hold the session").not.toContain(c.value.slice(0, 40));
      }
      for (const text of [exposed.cookie, exposed.storage, exposed.router]) {
        expect(text).not.toMatch(JWT_LIKE);
        for (const secret of [identity.userPoolId, identity.clientId]) expect(text).not.toContain(secret);
      }
    }
  });

  test("a tampered session cookie is refused, and the server expires it", async ({ page, context }) => {
    await signInAs(page, PRACTITIONER.email);
    const cookies = await sessionCookies(context);
    expect(cookies.length).toBeGreaterThan(0);
    // One character changed in the middle of the sealed value (AES-GCM: any change fails authentication).
    const [first, ...rest] = cookies;
    const mid = Math.floor(first!.value.length / 2);
    const changed = first!.value[mid] === "A" ? "B" : "A";
    await context.clearCookies();
    await context.addCookies([{ ...first!, value: first!.value.slice(0, mid) + changed + first!.value.slice(mid + 1) }, ...rest]);

    await page.goto("/home/");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
    await expect.poll(async () => (await sessionCookies(context)).length, { message: "the refused cookie is expired" }).toBe(0);
  });

  test("a session sealed with another secret is refused; listed as an older secret, it is accepted (rotation)", async ({ page, context, startExtraPortal }) => {
    const [oldSecret, newSecretValue] = [newSecret(), newSecret()];
    const [before, after] = await Promise.all([
      startExtraPortal({ env: { SESSION_SECRETS: oldSecret } }),
      startExtraPortal({ env: { SESSION_SECRETS: `${newSecretValue},${oldSecret}` } }),
    ]);
    await signInAt(page, before.url);
    // Cookies are per host: the same cookie goes to every portal on localhost.
    await page.goto(`${after.url}/home/`);
    await expect(page).toHaveURL(`${after.url}/home/`);
    await expect(page.getByRole("heading", { name: `Hi ${PRACTITIONER.firstName}` })).toBeVisible();
    await expectAccessible(page);

    // The run's portal has a secret of its own.
    await page.goto("/home/");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
    expect(await sessionCookies(context), "the foreign session cookie is expired").toHaveLength(0);
    await page.goto(`${before.url}/home/`);
    await expect(page).toHaveURL(/\/user\/login\//);
    await expectAccessible(page);
  });
});

test.describe("inactivity logoff", () => {
  test("a session in use stays signed in; idle for longer than the timeout, the server signs it out and the old cookie cannot revive it", async ({ page, context, startExtraPortal }) => {
    test.setTimeout(120_000);
    const timeoutSeconds = 10;
    const portal = await startExtraPortal({ env: { INACTIVITY_TIMEOUT_SECONDS: String(timeoutSeconds) } });
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${portal.url}${LOGIN_PATH}`);
    await expect(page).toHaveURL(`${portal.url}/home/`);

    // In use: the page reloaded every 2 s, for longer than the timeout (the accessibility check of the page
    // comes after: under load it takes seconds, which would count as idle time here).
    const started = Date.now();
    while (Date.now() - started < (timeoutSeconds + 2) * 1000) {
      await page.waitForTimeout(2_000);
      await page.reload();
      await expect(page, `still signed in after ${((Date.now() - started) / 1000).toFixed(1)} s of use`).toHaveURL(`${portal.url}/home/`);
    }
    await expect(page.getByRole("heading", { name: `Hi ${PRACTITIONER.firstName}` })).toBeVisible();
    await expectAccessible(page);

    // Idle: away from the portal (no page of it open, so nothing in the browser can help), past the timeout.
    const idleCookies = await sessionCookies(context);
    await page.goto("about:blank");
    await page.waitForTimeout(timeoutSeconds * 1000 + 1_000);
    await page.goto(`${portal.url}/home/`);
    await expect(page).toHaveURL(/\/user\/login\//);
    await expect(page.getByRole("status").filter({ hasText: `You were signed out after ${timeoutSeconds} seconds of inactivity.` })).toBeVisible();
    await expectAccessible(page);

    // The idle session's cookie, replayed, is refused: the server checks the last activity it sealed in.
    await context.addCookies(idleCookies);
    await page.goto(`${portal.url}/home/`);
    await expect(page).toHaveURL(/\/user\/login\//);
    await expectAccessible(page);
  });

  test("@js-only a warning shortly before the logoff offers to stay signed in", async ({ page, startExtraPortal }) => {
    test.setTimeout(180_000);
    // The warning comes a fifth of the timeout before it (at most 2 minutes): 6 s before, here — room for
    // the accessibility check of the dialog under load.
    const timeoutSeconds = 30;
    const portal = await startExtraPortal({ env: { INACTIVITY_TIMEOUT_SECONDS: String(timeoutSeconds) } });
    await signInAt(page, portal.url);

    const warning = page.getByRole("alertdialog", { name: "Are you still there?" });
    const stay = warning.getByRole("button", { name: "Stay signed in" });
    await expect(warning).toBeVisible({ timeout: timeoutSeconds * 1000 });
    await expect(stay).toBeFocused();
    await stay.click();
    await expect(warning).toBeHidden();

    // The server counted it: past the first deadline the user is still signed in, and warned again later.
    await expect(warning).toBeVisible({ timeout: timeoutSeconds * 1000 });
    await expect(page).toHaveURL(`${portal.url}/home/`);
    await expect(warning).toHaveAccessibleDescription("For your security, you will be signed out soon because of inactivity.");
    await expect(stay).toBeFocused();
    await expectAccessible(page);

    // Nobody answers: at the timeout the page reloads and the server signs the user out.
    await expect(page).toHaveURL(/\/user\/login\//, { timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: `You were signed out after ${timeoutSeconds} seconds of inactivity.` })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("the current user: retries, failover, network block", () => {
  test("current-user calls that get no answer are retried (2 retries, 200 ms apart) and the dashboard shows", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    faultProxy.inject({ method: "GET", path: "/v2/users/current", times: 2, fault: { kind: "drop" } });
    await signInAt(page, portal.url);
    await expect(page.getByRole("heading", { name: `Hi ${PRACTITIONER.firstName}` })).toBeVisible();
    // The first page's user load: dropped, dropped, answered; after each drop the health check answered.
    const calls = faultProxy.requests("GET", "/v2/users/current").map((r) => r.fault);
    expect(calls.slice(0, 3)).toEqual(["drop", "drop", null]);
    expect(faultProxy.requests("GET", "/healthcheck").length).toBeGreaterThanOrEqual(2);
  });

  test("with the provider API unreachable, the portal switches to the failover server", async ({ page, startExtraPortal }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: await deadUrl(), PROVIDER_API_FAILOVER_URLS: readState().apiUrl } });
    await signInAt(page, portal.url);
    await expect(page.getByRole("heading", { name: `Hi ${PRACTITIONER.firstName}` })).toBeVisible();
    // The activity cards come from the failover server too.
    await expect(page.getByRole("heading", { name: "Your Patients' Activity" })).toBeVisible();
    const log = portal.log();
    expect(log).toContain("network-block");
    expect(log).toContain('"event":"failover"');
  });

  test("with every server unreachable, the network-block message is shown", async ({ page, startExtraPortal }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: await deadUrl(), PROVIDER_API_FAILOVER_URLS: await deadUrl() } });
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${portal.url}${LOGIN_PATH}`);
    await expect(page.getByRole("alert")).toHaveText(NETWORK_BLOCK);
    await expect(page.getByRole("button", { name: "Reload this page." })).toBeVisible();
    await expectAccessible(page);
    // Not signed out (the network, not the user, is the problem): the same page again, same answer.
    const res = await page.reload();
    expect(res?.status()).toBe(503);
    await expect(page.getByRole("alert")).toHaveText(NETWORK_BLOCK);
    await expectAccessible(page);
  });

  test("a login whose provider account is gone (404 from the current user) is signed out with the API's message", async ({ page, startExtraPortal }) => {
    // A removal made outside this portal reaches a session's cached profile within the cache's time to live (ADR 021);
    // this portal keeps none, so the next page reads the current user and gets the 404.
    const portal = await startExtraPortal({ env: { SESSION_CACHE_SECONDS: "0" } });
    const provider = await createProvider();
    await signInAt(page, portal.url, provider.email, provider.password);
    await expect(page.getByRole("heading", { name: `Hi ${provider.firstName}` })).toBeVisible();
    await removeProvider(provider);

    await page.goto(`${portal.url}/user/account/info/`);
    await expect(page).toHaveURL(LOGIN_URL);
    await expect(page.getByRole("status").filter({ hasText: PROVIDER_NOT_FOUND })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`${portal.url}/home/`);
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
  });
});
