/**
 * The shell every signed-in page lives in (issue 3 §4; spec 000 §2.1–2.3, §6, §9): the sidebar (collapse and
 * expand, the current section, the drawer below the lg breakpoint, Support, Settings, Switch to Admin), the
 * global filter, toasts, the unknown-URL page, the fatal-error screen and the progress indicator — with
 * JavaScript and without it (project `no-js`), except what is JavaScript by nature (`@js-only`).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, jsEnabled, test } from "./helpers/extra-portal.js";
import { createProvider, DEMO_PASSWORD, PRACTITIONER, PRODUCT_ADMIN, PROVIDER_ADMIN, SUPPORT } from "./helpers/stack.js";
import { LOGIN_PATH, signInAs, submitLogin } from "./helpers/ui.js";
import { openSignedIn, useSession } from "./helpers/session.js";

const NOT_FOUND = "Looks like our form is a little off. We had trouble finding that URL.";
const FATAL = "There was an issue we couldn't recover from.";
// tests/setup/portal.ts configures https://help.example.com/ (the configuration drops the trailing slash).
const HELP_CENTER_URL = /^https:\/\/help\.example\.com\/?$/;
const LOGIN_URL = /\/user\/login\/?(\?.*)?$/;
// (A plain GET form without fields, such as a toast's Close without JavaScript, leaves a bare "?".)
const ACCOUNT_URL = /\/user\/account\/info\/\??$/;

// Each test signs in and visits several pages, each checked by axe: on the shared machines that alone can
// take 10 s a page.
test.slow();

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Opens a sidebar section (a native disclosure: no ARIA role, found by its text) unless `child` shows already. */
async function openSection(page: Page, label: string, child: Locator): Promise<void> {
  if (!(await child.isVisible())) await mainNav(page).getByText(label, { exact: true }).click();
  await expect(child).toBeVisible();
}

/** The header's menu button: a button with JavaScript, a link to the sidebar (`#sidebar`) without. */
const menuButton = (page: Page) => page.getByRole(jsEnabled() ? "button" : "link", { name: "Open menu" });
const closeMenu = (page: Page) => mainNav(page).getByRole(jsEnabled() ? "button" : "link", { name: "Close menu" });

async function logout(page: Page): Promise<void> {
  await openSection(page, "Settings", mainNav(page).getByRole("button", { name: "Logout", exact: true }));
  await mainNav(page).getByRole("button", { name: "Logout", exact: true }).click();
  await expect(page).toHaveURL(LOGIN_URL);
  await expectAccessible(page);
}

test.describe("the sidebar", () => {
  test("collapses and expands with the tooltips 'Collapse sidebar' / 'Expand sidebar', remembered across pages", async ({ page }) => {
    await openSignedIn(page, PRACTITIONER.email);
    const nav = mainNav(page);
    const collapse = nav.getByRole("button", { name: "Collapse sidebar" });
    const expand = nav.getByRole("button", { name: "Expand sidebar" });
    await expect(collapse).toHaveAttribute("title", "Collapse sidebar");
    expect((await nav.boundingBox())!.width, "expanded: 240 px").toBeCloseTo(240, -1);

    await collapse.click();
    await expect(expand).toHaveAttribute("title", "Expand sidebar");
    await expect.poll(async () => (await nav.boundingBox())!.width, { message: "collapsed: about 64 px" }).toBeLessThan(80);
    // Icons only, the items keep their names.
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    // Each icon is drawn by the shell's stylesheet: its SVG as a mask over the text colour, at the icon's size.
    const icon = nav.getByRole("link", { name: "Home" }).locator(".icon-home");
    const drawn = await icon.evaluate((e) => ({ mask: getComputedStyle(e).maskImage, width: e.getBoundingClientRect().width }));
    expect(drawn.mask).toContain("data:image/svg+xml");
    expect(drawn.width).toBeGreaterThan(16);
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);

    // Another page, and a reload: still collapsed.
    await page.goto("/user/account/info/");
    await expect(expand).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(expand).toBeVisible();

    await expand.click();
    await expect(collapse).toBeVisible();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeGreaterThan(200);
    await expect(page).toHaveURL(ACCOUNT_URL);
    await page.goto("/home/");
    await expect(collapse).toBeVisible();
    await expectAccessible(page);
  });

  test("the section holding the current page is expanded", async ({ page }) => {
    await openSignedIn(page, PRACTITIONER.email);
    const nav = mainNav(page);
    const account = nav.getByRole("link", { name: "Your Account" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(account, "Settings is closed on the dashboard").toBeHidden();

    await page.goto("/user/account/info/");
    await expect(account).toBeVisible();
    await expect(account).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: /^Help Center/ }), "other sections stay closed").toBeHidden();
    await expectAccessible(page);

    // From the sidebar's own links too.
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(account, "Settings closes when the page is no longer in it").toBeHidden();
    await expectAccessible(page);
  });

  for (const viewport of [
    { name: "a phone (xs)", width: 390, height: 844 },
    { name: "just below lg (1199 px)", width: 1199, height: 800 },
  ]) {
    test(`on ${viewport.name} it is a drawer, opened from the header's menu button and closed by navigation`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openSignedIn(page, PRACTITIONER.email);
      const nav = mainNav(page);
      const menu = menuButton(page);
      await expect(nav).toBeHidden();
      await expect(menu).toBeVisible();

      await menu.click();
      await expect(nav).toBeVisible();
      expect((await nav.boundingBox())!.width, "the drawer is 256 px (at most 85 % of the window)").toBeCloseTo(Math.min(256, viewport.width * 0.85), -1);
      await expect(nav.getByRole("button", { name: /sidebar$/ }), "no collapse toggle in the drawer").toBeHidden();
      if (jsEnabled()) {
        await expect(menu).toHaveAttribute("aria-expanded", "true");
        await expect(closeMenu(page)).toBeFocused();
      }
      await expectAccessible(page);

      await closeMenu(page).click();
      await expect(nav).toBeHidden();
      if (jsEnabled()) {
        await expect(menu).toBeFocused();
        await menu.click();
        await expect(nav).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(nav).toBeHidden();
        await expect(menu).toBeFocused();
      }

      // Navigation closes it.
      await menu.click();
      await openSection(page, "Settings", nav.getByRole("link", { name: "Your Account" }));
      await nav.getByRole("link", { name: "Your Account" }).click();
      await expect(page).toHaveURL(ACCOUNT_URL);
      await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();
      await expect(nav).toBeHidden();
      await expectAccessible(page);

      if (viewport.width === 1199) {
        // From lg (1200 px) up the sidebar is permanent.
        await page.setViewportSize({ width: 1200, height: viewport.height });
        await expect(nav).toBeVisible();
        await expect(menu).toBeHidden();
      }
    });
  }

  test("Support links the help center in a new tab; Settings holds Your Account and Logout; no Switch to Admin for providers", async ({ page }) => {
    await openSignedIn(page, PRACTITIONER.email);
    const nav = mainNav(page);
    const help = nav.getByRole("link", { name: "Help Center (opens in a new tab)" });
    await openSection(page, "Support", help);
    await expect(help).toHaveAttribute("href", HELP_CENTER_URL);
    await expect(help).toHaveAttribute("target", "_blank");
    await expect(help).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(nav.getByRole("link", { name: /Chat With Us/ }), "live chat is off unless configured").toHaveCount(0);

    await openSection(page, "Settings", nav.getByRole("link", { name: "Your Account" }));
    await expect(nav.getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Switch to Admin" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Your Account" }).click();
    await expect(page).toHaveURL(ACCOUNT_URL);
    await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test("an admin-type user has Switch to Admin, which opens the admin area, and back", async ({ page }) => {
    await useSession(page, PRODUCT_ADMIN.email);
    await page.goto("/home/");
    await expect(page.getByRole("heading", { name: `Hi ${PRODUCT_ADMIN.firstName}` })).toBeVisible();
    await expectAccessible(page);
    await mainNav(page).getByRole("link", { name: "Switch to Admin" }).click();
    // /admin/ sends a product admin on to Organizations (ADR 015).
    await expect(page).toHaveURL(/\/admin\/organizations\/$/);
    const admin = page.getByRole("navigation", { name: "Admin" });
    await expect(admin.getByRole("link", { name: "Organizations" })).toBeVisible();
    await expectAccessible(page);
    // A path under /admin/ that is no page: the not-found screen, inside the admin shell.
    const missing = await page.goto("/admin/no-such-page/");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("Looks like our form is a little off. We had trouble finding that URL.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/admin/");
    await expect(page).toHaveURL(/\/admin\/organizations\/$/);
    await expectAccessible(page);
    await admin.getByRole("link", { name: "Switch to Portal" }).click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expect(mainNav(page)).toBeVisible();
    await expectAccessible(page);
  });

  test("support staff land on Admin Settings (ADR 015)", async ({ page }) => {
    await useSession(page, SUPPORT.email);
    await page.goto("/admin/");
    await expect(page).toHaveURL(/\/admin\/settings\/$/);
    await expect(page.getByRole("heading", { name: "Admin Settings", level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  for (const user of [PRACTITIONER, PROVIDER_ADMIN]) {
    test(`the admin area sends a ${user.groups[0]} to the root (the dashboard)`, async ({ page }) => {
      await useSession(page, user.email);
      for (const path of ["/admin/", "/admin/organizations/"]) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/home\/$/);
        await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
      }
      await expectAccessible(page);
    });
  }
});

test.describe("the global filter", () => {
  /** The Location control: an autocomplete with JavaScript, a select without. */
  const locationControl = (page: Page) => page.getByRole("combobox", { name: "Location" });
  const filterForm = (page: Page) => page.getByRole("form", { name: "Filter" });
  /** Opens the Products multi-select (a disclosure; its summary's label comes before the panel's hidden legend). */
  const openProducts = (page: Page) => filterForm(page).getByText("Products", { exact: true }).first().click();

  async function expectFilter(page: Page, location: string, products: string): Promise<void> {
    if (jsEnabled()) await expect(locationControl(page)).toHaveValue(location);
    else await expect(locationControl(page).getByRole("option", { name: location, selected: true })).toHaveCount(1);
    // The multi-select's summary says what is selected.
    await expect(filterForm(page).getByText(products, { exact: true })).toBeVisible();
  }

  test("Locations and Products are saved, kept across pages and tabs, and cleared at logout", async ({ page, context }) => {
    const admin = await createProvider({ role: "PORTAL_PROVIDER_ADMIN" });
    await signInAs(page, admin.email, admin.password);
    await expectFilter(page, "All Locations", "All Products");
    const form = filterForm(page);

    if (jsEnabled()) {
      // The autocomplete: typing narrows the organization's locations.
      const input = locationControl(page);
      await input.click();
      await input.fill("monica");
      const list = page.getByRole("listbox", { name: "Locations" });
      await expect(list.getByRole("option", { name: "Santa Monica Clinic" })).toBeVisible();
      await expect(list.getByRole("option", { name: "Denver Downtown Clinic" })).toHaveCount(0);
      await list.getByRole("option", { name: "Santa Monica Clinic" }).click();
      await expect(form).not.toHaveAttribute("aria-busy", "true");
      // Products: each change is saved at once.
      await openProducts(page);
      for (const product of ["Health", "Gait"]) {
        await form.getByRole("checkbox", { name: product }).check();
        await expect(form).not.toHaveAttribute("aria-busy", "true");
      }
    } else {
      await locationControl(page).selectOption({ label: "Santa Monica Clinic" });
      await openProducts(page);
      await form.getByRole("checkbox", { name: "Health" }).check();
      await form.getByRole("checkbox", { name: "Gait" }).check();
      await form.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/\/home\/$/);
    }
    await expectFilter(page, "Santa Monica Clinic", "Health, Gait");

    // Another page, and another tab of the same browser.
    await page.goto("/user/account/info/");
    await expectFilter(page, "Santa Monica Clinic", "Health, Gait");
    await expectAccessible(page);
    const tab = await context.newPage();
    await tab.goto("/home/");
    await expectFilter(tab, "Santa Monica Clinic", "Health, Gait");
    await expectAccessible(tab);
    await tab.close();

    // Logout clears it: the same user signing in again starts from all locations and products.
    await logout(page);
    await signInAs(page, admin.email, admin.password);
    await expectFilter(page, "All Locations", "All Products");
  });

  test("a practitioner chooses among their own locations only", async ({ page }) => {
    const practitioner = await createProvider();
    await signInAs(page, practitioner.email, practitioner.password);
    // One location of the organization's five (createProvider), and no other.
    const own = practitioner.locations.map((l) => l.name);
    expect(own).toHaveLength(1);
    if (jsEnabled()) {
      // The autocomplete replaces the select after the page's load event (ADR 038).
      await expect(locationControl(page)).toHaveValue("All Locations");
      await locationControl(page).click();
      const options = page.getByRole("listbox", { name: "Locations" }).getByRole("option");
      await expect(options).toHaveText(["All Locations", ...own]);
      await page.keyboard.press("Escape");
    } else {
      await expect(locationControl(page).getByRole("option")).toHaveText(["All Locations", ...own]);
    }
  });
});

test.describe("toasts", () => {
  const toastRegion = (page: Page) => page.getByRole("status").filter({ hasText: "Account details updated." });

  async function saveName(page: Page, firstName: string): Promise<void> {
    await page.getByRole("textbox", { name: "First Name" }).fill(firstName);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(ACCOUNT_URL);
  }

  test("a flashed toast shows at the top right in a status region (without JavaScript too), once", async ({ page }) => {
    const provider = await createProvider();
    await signInAs(page, provider.email, provider.password);
    await page.goto("/user/account/info/");
    await expectAccessible(page);
    await saveName(page, "Toasted");
    const toast = toastRegion(page);
    await expect(toast).toContainText("Success: Account details updated.");
    // With JavaScript it would close itself after 4 s; the pointer on it pauses that (as for a reading user).
    if (jsEnabled()) await toast.getByText("Account details updated.").hover();
    const box = (await toast.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x + box.width, "at the right").toBeGreaterThan(width - 60);
    expect(box.y, "at the top").toBeLessThan(100);
    await expectAccessible(page);

    // Closed by hand (without JavaScript the button reloads the page, which no longer carries it).
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect(page.getByText("Account details updated.")).toHaveCount(0);
    await expect(page).toHaveURL(ACCOUNT_URL);
    // And it does not come back.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();
    await expect(page.getByText("Account details updated.")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("@js-only a toast closes by itself after 4 seconds", async ({ page }) => {
    const provider = await createProvider();
    await signInAs(page, provider.email, provider.password);
    await page.goto("/user/account/info/");
    await expectAccessible(page);
    await saveName(page, "Fleeting");
    const message = page.getByText("Account details updated.");
    await expect(message).toBeVisible();
    const shown = Date.now();
    await expect(message).toBeHidden({ timeout: 10_000 });
    expect(Date.now() - shown, "shown for about 4 s").toBeGreaterThan(3_000);
  });
});

test.describe("error pages", () => {
  test("an unknown URL shows the not-found page inside the shell, with a link to the homepage", async ({ page }) => {
    await page.goto("/no-such-page/at-all");
    await expect(page).toHaveURL(LOGIN_URL);
    await expectAccessible(page);
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, page.url());
    await expect(page).toHaveURL(/\/no-such-page\/at-all$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    await expectAccessible(page);
    const res = await page.reload();
    expect(res?.status()).toBe(404);
    await page.getByRole("link", { name: "Go to the homepage" }).click();
    await expect(page).toHaveURL(/\/home\/$/);
    await expectAccessible(page);
  });

  test("@js-only a part whose code fails to load loads the page again, once (as a route module does), not an error screen", async ({ page }) => {
    await useSession(page, PRACTITIONER);
    // The patient list's results hydrate once their own chunk has come (ADR 038): its first request fails, as on a
    // flaky clinic link or after a deployment removed an old page's chunks.
    let chunkRequests = 0;
    await page.route(/\/build\/list-results-[\w-]+\.js$/, async (route) => {
      chunkRequests += 1;
      if (chunkRequests === 1) await route.abort("failed");
      else await route.continue();
    });
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(new URL(r.url()).pathname);
    });
    await page.goto("/patients/");
    await expect.poll(() => documents.length).toBe(2);
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    // The page loaded again asks for the part once more, and hydrates it once it has come.
    await expect.poll(() => chunkRequests).toBe(2);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    await expectAccessible(page);
    // Hydrated: a sort is a client-side navigation (no document).
    await page.getByRole("table").getByRole("link", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=/);
    expect(documents).toEqual(["/patients/", "/patients/"]);
    await expectAccessible(page);
  });

  test("an unexpected failure shows the fatal-error screen, whose buttons reload", async ({ page, startExtraPortal, faultProxy }) => {
    // No honest way makes the real services fail unexpectedly; an API answer that breaks the contract (the
    // current user without an organization) is a real cause of an error nobody handles.
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    faultProxy.inject({
      method: "GET",
      path: "/v2/users/current",
      fault: { kind: "rewrite", change: (body) => ({ ...(body as object), organization: undefined }) },
    });
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${portal.url}${LOGIN_PATH}`);
    await expect(page.getByRole("alert")).toHaveText(FATAL);
    await expect(page.getByRole("button", { name: "Go Home" })).toBeVisible();
    await expectAccessible(page);

    // "Reload this page." asks the server again (still failing).
    const calls = faultProxy.requests("GET", "/v2/users/current").length;
    await page.getByRole("button", { name: "Reload this page." }).click();
    await expect.poll(() => faultProxy.requests("GET", "/v2/users/current").length).toBeGreaterThan(calls);
    await expect(page.getByRole("alert")).toHaveText(FATAL);
    await expectAccessible(page);

    // The API behaves again: "Go Home" reloads into the dashboard.
    faultProxy.clear();
    await page.getByRole("button", { name: "Go Home" }).click();
    await expect(page).toHaveURL(`${portal.url}/home/`);
    await expect(page.getByRole("heading", { name: `Hi ${PRACTITIONER.firstName}` })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("progress", () => {
  test("@js-only a progress bar shows while a navigation or a submission takes time, and the button its pending state", async ({ page }) => {
    const provider = await createProvider();
    await signInAs(page, provider.email, provider.password);
    // Slow data answers (single fetch: `<path>.data`), in the browser's network: held while the test looks at the
    // pending state, then let go (a hold of a fixed 1.5 s could run out on a loaded machine before the test looked).
    let letGo = () => {};
    let gate = Promise.resolve();
    const hold = () => (gate = new Promise<void>((resolve) => (letGo = resolve)));
    await page.route(/\.data(\?|$)/, async (route) => {
      await gate;
      await route.continue().catch(() => {});
    });
    await openSection(page, "Settings", mainNav(page).getByRole("link", { name: "Your Account" }));
    hold();
    await mainNav(page).getByRole("link", { name: "Your Account" }).click();
    const loading = page.getByRole("progressbar", { name: "Loading" });
    await expect(loading).toBeVisible();
    letGo();
    await expect(page).toHaveURL(ACCOUNT_URL);
    await expect(loading).toBeHidden();
    await expectAccessible(page);

    await page.getByRole("textbox", { name: "First Name" }).fill("Patient");
    hold();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("progressbar", { name: "Saving" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Saving…" })).toHaveAttribute("aria-disabled", "true");
    letGo();
    await expect(page.getByText("Account details updated.")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });
});

test("pages come gzip-compressed to a browser that takes Brotli too; the static files under /build/ come as Brotli", async ({ page }) => {
  const headers = { "accept-encoding": "gzip, deflate, br, zstd" };
  const login = await page.request.get(LOGIN_PATH, { headers });
  expect(login.status()).toBe(200);
  expect(login.headers()["content-encoding"]).toBe("gzip");
  const stylesheet = /href="(\/build\/[^"]+\.css)"/.exec(await login.text())?.[1];
  expect(stylesheet, "the login page links its stylesheet").toBeDefined();
  const css = await page.request.get(stylesheet!, { headers });
  expect(css.status()).toBe(200);
  expect(css.headers()["content-encoding"]).toBe("br");
  // Opened in the browser, the page is the login page (the a11y guard checks it).
  await page.goto(LOGIN_PATH);
  await expect(page.getByRole("heading", { name: "Log in to your account" })).toBeVisible();
});
