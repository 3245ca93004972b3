/**
 * Sign-in, the session and sign-out (issue 3 §3, spec 000 §2.1, §2.4, §5 Login, §6, §8), in both projects
 * (JavaScript enabled and disabled). Every page visited is checked by axe (fixtures.ts).
 */
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand, CreateGroupCommand } from "@aws-sdk/client-cognito-identity-provider";
import { createIdentityClient } from "../../scripts/identity/client.js";
import { readState } from "../setup/state.js";
import { createProvider, NO_GROUPS, PRACTITIONER } from "./helpers/stack.js";
import { JWT_LIKE, LOGIN_PATH, expectFieldError, loginForm, signInAs, submitBadInput, submitLogin } from "./helpers/ui.js";
import { useSession } from "./helpers/session.js";
import { CACHED_SHEETS_COOKIE, SHEET_LIST } from "../../app/shell/cached-sheets.js";

const LOGIN_FAILED = "There was a problem signing in.  Please check your email and password.";
const NO_ACCESS = "That account does not have access to the portal.";
const NOT_FOUND = "Looks like our form is a little off. We had trouble finding that URL.";
const LOGIN_URL = /\/user\/login\/?(\?.*)?$/;

test.describe("sign-in", () => {
  test("a demo practitioner signs in and lands on the dashboard", async ({ page }) => {
    if (jsEnabled()) {
      // The root's stylesheet, which React Router preloads before the root's loader settles (the document carries
      // it inline), is held until the data request of `/` is answered (with the redirect to /home/): the
      // redirect's rejection must not be left unhandled meanwhile — the page-error guard (fixtures.ts) fails on
      // "Response" otherwise, as the suite did now and then under load (scripts/bundle/route-handler-rejections.ts).
      let release = () => {};
      const dataDone = new Promise<void>((resolve) => (release = resolve));
      page.on("response", (r) => {
        if (new URL(r.url()).pathname === "/_.data") release();
      });
      await page.route(/\/build\/app-[^/]*\.css$/, async (route) => {
        await dataDone;
        await route.continue();
      });
    }
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: /forgot/i })).toBeVisible();
    const form = loginForm(page);
    await form.email.fill(PRACTITIONER.email);
    await form.password.fill(PRACTITIONER.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(page.getByRole("heading", { name: "Hi Maya" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a wrong password shows the spec's message at the password field and keeps the e-mail (401)", async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    const form = loginForm(page);
    await form.email.fill(PRACTITIONER.email);
    await form.password.fill("Wrong-password-1!");
    await submitBadInput(form.submit, { status: 401 });
    await expect(page).toHaveURL(LOGIN_URL);
    await expectFieldError(form.password, LOGIN_FAILED);
    await expect(form.email).toHaveValue(PRACTITIONER.email);
    await expectAccessible(page);
  });

  test("an unknown e-mail gets the same message (no account enumeration)", async ({ page }) => {
    await submitLogin(page, "nobody-here@frontrange.example", "Wrong-password-1!");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectFieldError(loginForm(page).password, LOGIN_FAILED);
    await expect(loginForm(page).email).toHaveValue("nobody-here@frontrange.example");
    await expectAccessible(page);
  });

  test("empty fields show 'Email is required.' and 'Password is required.' (400)", async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await expectAccessible(page);
    await submitBadInput(loginForm(page).submit, { checkedInBrowser: true });
    await expect(page).toHaveURL(LOGIN_URL);
    const form = loginForm(page);
    await expectFieldError(form.email, "Email is required.");
    await expectFieldError(form.password, "Password is required.");
    await expectAccessible(page);
  });

  test("an invalid e-mail shows 'Email must be valid.'", async ({ page }) => {
    await submitLogin(page, "not-an-email", "whatever");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectFieldError(loginForm(page).email, "Email must be valid.");
    await expect(loginForm(page).email).toHaveValue("not-an-email");
    await expectAccessible(page);
  });

  test("an account without groups is signed out with 'That account does not have access to the portal.'", async ({ page }) => {
    await submitLogin(page, NO_GROUPS.email, NO_GROUPS.password);
    await expect(page).toHaveURL(LOGIN_URL);
    await expect(page.getByRole("main")).toContainText(NO_ACCESS);
    await expectAccessible(page);
    // Signed out for real: the dashboard sends it back to login.
    await page.goto("/home/");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
  });
  test("an account whose groups the portal does not know gets 'Provider account not found', and Log Out signs it out", async ({ page }) => {
    // A provider whose groups in the user pool are no longer a portal role (only another application's).
    const user = await createProvider();
    const { identity } = readState();
    const client = createIdentityClient({ endpoint: identity.endpoint, region: identity.region });
    const pool = { UserPoolId: identity.userPoolId };
    await client.send(new CreateGroupCommand({ ...pool, GroupName: "SOME_OTHER_APP" })).catch((e: Error) => {
      if (e.name !== "GroupExistsException") throw e;
    });
    await client.send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: user.username, GroupName: user.role }));
    await client.send(new AdminAddUserToGroupCommand({ ...pool, Username: user.username, GroupName: "SOME_OTHER_APP" }));
    client.destroy();
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/user\/not-found\/$/);
    expect(new URL(page.url()).pathname).toBe("/user/not-found/");
    await expect(page.getByRole("heading", { name: "Provider account not found" })).toBeVisible();
    // The message is the page's own (it came from a server module once: empty in the browser, a hydration mismatch).
    await expect(page.getByText("We didn't find a provider account for this login.")).toBeVisible();
    await expectAccessible(page);
    // The portal's pages send it back here, not into the shell.
    await page.goto("/home/");
    await expect(page).toHaveURL(/\/user\/not-found\/$/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
    await page.goto("/home/");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
  });
});

test.describe("routes and the session", () => {
  test("an unauthenticated visit to /home/ goes to login and back after sign-in", async ({ page }) => {
    await page.goto("/home/");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
    const form = loginForm(page);
    await form.email.fill(PRACTITIONER.email);
    await form.password.fill(PRACTITIONER.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(page.getByRole("heading", { name: "Hi Maya" })).toBeVisible();
    await expectAccessible(page);
  });

  test("an unauthenticated visit to a deeper page returns there after sign-in", async ({ page }) => {
    const target = `/user/account/${PRACTITIONER.userId}`;
    await page.goto(target);
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
    const form = loginForm(page);
    await form.email.fill(PRACTITIONER.email);
    await form.password.fill(PRACTITIONER.password);
    await form.submit.click();
    await expect(page).toHaveURL(new RegExp(`${target}/?$`));
    await expectAccessible(page);
  });

  test("sign-in never redirects to another site (redirectTo is checked)", async ({ page, baseURL }) => {
    await page.goto(`${LOGIN_PATH}?redirectTo=${encodeURIComponent("https://evil.example/steal")}`);
    await expectAccessible(page);
    const form = loginForm(page);
    await form.email.fill(PRACTITIONER.email);
    await form.password.fill(PRACTITIONER.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/home\/$/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expectAccessible(page);
  });

  test("no redirect leaves the site however its target is written: sign-in, the sidebar toggle, the filter", async ({ page, baseURL }) => {
    // The shapes an outside probe found answering `Location: //evil.example` (issue 23): dot segments, encoded dots and
    // backslashes that a browser resolves to a protocol-relative URL. Sent as a form would send them, without JavaScript.
    const origin = new URL(baseURL!).origin;
    const probes = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/./\\evil.example", "https://evil.example/"];
    const staysHome = (location: string | undefined) => {
      expect(location, "a redirect").toBeTruthy();
      expect(new URL(location!, origin).origin).toBe(origin);
      expect(location!.startsWith("//")).toBe(false);
    };
    for (const redirectTo of probes) {
      const signIn = await page.request.post(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`, {
        form: { email: PRACTITIONER.email, password: PRACTITIONER.password, redirectTo },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(signIn.status(), redirectTo).toBe(302);
      staysHome(signIn.headers()["location"]);
      const sidebar = await page.request.post("/shell/sidebar/", { form: { state: "collapsed", redirectTo }, headers: { Origin: origin }, maxRedirects: 0 });
      staysHome(sidebar.headers()["location"]);
      const filter = await page.request.post("/shell/filter/", { form: { locationId: "all", redirectTo }, headers: { Origin: origin }, maxRedirects: 0 });
      staysHome(filter.headers()["location"]);
    }
  });

  test("a signed-in visitor of the login page is sent away from it", async ({ page }) => {
    await signInAs(page, PRACTITIONER.email);
    await page.goto(LOGIN_PATH);
    await expect(page).not.toHaveURL(LOGIN_URL);
    await expectAccessible(page);
  });

  test("logout returns to login and ends the session", async ({ page }) => {
    await signInAs(page, PRACTITIONER.email);
    // Settings is a section of the sidebar (000 §2.2), a native disclosure (<details>, no ARIA role: found by
    // its text) that opens without JavaScript; Logout inside it is a form's button.
    const sidebar = page.getByRole("navigation").filter({ hasText: "Settings" });
    const logout = sidebar.getByRole("button", { name: "Logout", exact: true });
    if (!(await logout.isVisible())) await sidebar.getByText("Settings", { exact: true }).click();
    await logout.click();
    await expect(page).toHaveURL(LOGIN_URL);
    await expect(loginForm(page).email).toBeVisible();
    await expectAccessible(page);
    await page.goto("/home/");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
  });

  test("an unknown URL shows the not-found page with a link home", async ({ page }) => {
    await useSession(page, PRACTITIONER.email);
    const res = await page.goto("/no-such-page/at-all");
    expect(res?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/(home\/)?$/);
    await expectAccessible(page);
  });

  test("a forged session cookie is refused", async ({ page, context, baseURL }) => {
    await signInAs(page, PRACTITIONER.email);
    const cookies = await context.cookies(baseURL);
    expect(cookies.length).toBeGreaterThan(0);
    await context.clearCookies();
    await context.addCookies(
      cookies.map((c) => {
        // Flip characters in the middle of the value: a tampered signature / ciphertext.
        const mid = Math.floor(c.value.length / 2);
        const flipped = c.value.slice(0, mid) + [...c.value.slice(mid, mid + 4)].map((ch) => (ch === "A" ? "B" : "A")).join("") + c.value.slice(mid + 4);
        return { ...c, value: flipped };
      }),
    );
    await page.goto("/home/");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
  });

  test("session cookies are HttpOnly and SameSite=Lax; no token reaches the page", async ({ page, context, baseURL }) => {
    // The names of the cookies the portal's responses set (a cookie the page's own script sets, such as a
    // "scripts run here" marker, is not the server's session).
    const pending: Promise<void>[] = [];
    const serverSet = new Set<string>();
    page.on("response", (res) => {
      pending.push(
        res
          .headersArray()
          .then((headers) => {
            for (const h of headers) if (h.name.toLowerCase() === "set-cookie") for (const line of h.value.split("\n")) serverSet.add(line.split("=")[0]!.trim());
          })
          .catch(() => {}),
      );
    });
    await signInAs(page, PRACTITIONER.email);
    await Promise.all(pending);
    const cookies = await context.cookies(baseURL);
    const sessionCookies = cookies.filter((c) => serverSet.has(c.name));
    expect(sessionCookies.length, "the portal set a session cookie").toBeGreaterThan(0);
    for (const c of sessionCookies) {
      expect.soft(c.httpOnly, `cookie ${c.name} is HttpOnly`).toBe(true);
      expect.soft(c.sameSite, `cookie ${c.name} is SameSite=Lax (or Strict)`).toMatch(/^(Lax|Strict)$/);
    }
    for (const c of cookies) {
      expect.soft(c.value, `cookie ${c.name} holds no readable JWT`).not.toMatch(JWT_LIKE);
      // What page JavaScript can read must be a small flag, not a session or anything from the identity service.
      // The stylesheets the browser has (app/shell/cached-sheets.ts) are content hashes of build files.
      if (!c.httpOnly && c.name === CACHED_SHEETS_COOKIE) expect.soft(c.value, `cookie ${c.name} names build files only`).toMatch(SHEET_LIST);
      else if (!c.httpOnly) expect.soft(c.value.length, `cookie ${c.name} (readable by scripts) is a short flag`).toBeLessThanOrEqual(16);
    }
    // Nothing JWT-like in the HTML either (loader data, serialized context, hidden fields).
    expect(await page.content()).not.toMatch(JWT_LIKE);

    if (jsEnabled()) {
      const exposed = await page.evaluate(() => {
        const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? "")}`).join("\n");
        return { cookie: document.cookie, local: dump(localStorage), session: dump(sessionStorage) };
      });
      expect(exposed.cookie, "document.cookie").not.toMatch(JWT_LIKE);
      for (const c of sessionCookies) expect(exposed.cookie, `document.cookie does not show ${c.name}`).not.toContain(`${c.name}=`);
      expect(exposed.local, "localStorage").not.toMatch(JWT_LIKE);
      expect(exposed.session, "sessionStorage").not.toMatch(JWT_LIKE);
      // The React Router context the page hydrates from: no token in any loader data.
      const routerContext = await page.evaluate(() => JSON.stringify((window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext ?? null));
      expect(routerContext).not.toMatch(JWT_LIKE);
    }
  });
});
