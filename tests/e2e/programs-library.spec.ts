/**
 * The Motion Library `/programs/exercise-library/` (spec 001 §2.1, §7, §8, §9): search, filters and their chips,
 * Clear all, the metrics ordering, paging at 36, favorites (toggle and filter), the detail drawer at its URL with
 * the demo audio, the small-screen filter drawer, Health-only access, and the failures (exercises, favorites,
 * the fallback fetch after 1000 ms). Both projects; every page checked by axe.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { test as extraTest } from "./helpers/extra-portal.js";
import { createProvider, DEMO_PASSWORD, PRACTITIONER, SCAN_ONLY } from "./helpers/stack.js";
import { openSignedIn, useSession } from "./helpers/session.js";
import { expectToast, LOGIN_PATH, submitLogin } from "./helpers/ui.js";

const LIBRARY = "/programs/exercise-library/";
const PAGE_SIZE = 36;

test.describe.configure({ timeout: 90_000 });

const grid = (page: Page) => page.getByRole("list", { name: "Exercises" });
const cards = (page: Page) => grid(page).getByRole("article");
const cardTitles = (page: Page) => grid(page).getByRole("heading", { level: 3 });
const filters = (page: Page) => page.getByRole("form", { name: "Filter exercises" });
const chips = (page: Page) => page.getByRole("list", { name: "Active filters" }).getByRole("link");

/** Ticks a filter box: with JavaScript the page follows at once; without it the Apply button sends the form. */
async function tick(page: Page, group: string, label: string) {
  const box = filters(page).getByRole("group", { name: group }).getByRole("checkbox", { name: label, exact: true });
  await box.check();
  if (!(jsEnabled())) await filters(page).getByRole("button", { name: "Apply" }).click();
}

async function searchFor(page: Page, text: string) {
  const search = page.getByRole("search", { name: "Search exercises" });
  await search.getByLabel("Search exercises").fill(text);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

async function metricsOf(card: Locator): Promise<string[]> {
  return card.getByRole("list", { name: "Metrics" }).getByRole("listitem").allTextContents();
}

test.describe("Motion Library", () => {
  test("opens from the sidebar: 36 cards a page, paging, and a card shows orientation and metrics", async ({ page }) => {
    await openSignedIn(page, PRACTITIONER.email);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Motion Library" }).click();
    await expect(page).toHaveURL(new RegExp(`${LIBRARY}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Motion Library" })).toBeVisible();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const first = cards(page).first();
    await expect(first.getByRole("heading", { name: "Standing Shoulder Flexion", exact: true })).toBeVisible();
    await expect(first).toContainText("Portrait");
    await expect(first).toContainText("Side facing");
    expect(await metricsOf(first)).toEqual(["ROM", "Reps"]);
    await expect(first.getByRole("img")).toHaveCount(0); // decorative (alt=""): the name says it
    await expect(first.locator("img")).toHaveAttribute("loading", "lazy");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(`1–${PAGE_SIZE} of`);
    await expectAccessible(page);

    const firstNames = await cardTitles(page).allTextContents();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Page 2 of");
    await expect(cards(page).first()).toBeVisible();
    const secondNames = await cardTitles(page).allTextContents();
    expect(secondNames.some((n) => firstNames.includes(n))).toBe(false);
    await expectAccessible(page);

    // The page numbers (the current one marked) and the "Go to page" form (a GET form: both projects).
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByText("Page 2", { exact: true })).toHaveAttribute("aria-current", "page");
    await pager.getByRole("link", { name: "Page 1", exact: true }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(cardTitles(page)).toHaveText(firstNames);
    await expectAccessible(page);
    await pager.getByLabel("Go to page").fill("3");
    await pager.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=3/);
    await expect(pager).toContainText("Page 3 of");
    await expectAccessible(page);

    // A page past the last says so, as every list does (it showed the last page before), typed or asked by URL.
    await pager.getByLabel("Go to page").fill("999");
    await pager.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=999/);
    await expect(page.getByText(/^There is no page 999: the list has \d+ exercises on \d+ pages\.$/)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible(page);
    await pager.getByRole("link", { name: /^Go to the last page \(\d+\)$/ }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("search, a filter and its chip, removing the chip, Clear all", async ({ page }) => {
    await useSession(page, PRACTITIONER.email);
    await page.goto(LIBRARY);
    await expectAccessible(page);

    // Case-insensitive on the name.
    await searchFor(page, "SHOULDER");
    // With JavaScript the previous grid stays until the search's page arrives: wait for the search in the URL and
    // for the grid to have changed, then read it.
    await expect(page).toHaveURL(/[?&]q=SHOULDER/);
    // (Not an empty grid either: the streamed grid may not be there yet, and every() of nothing is true.)
    await expect.poll(async () => {
      const names = await cardTitles(page).allTextContents();
      return names.length > 2 && names.every((n) => n.toLowerCase().includes("shoulder"));
    }).toBe(true);
    const shoulder = await cardTitles(page).allTextContents();
    expect(shoulder.length).toBeGreaterThan(2);
    for (const name of shoulder) expect(name.toLowerCase()).toContain("shoulder");
    await expect(chips(page)).toHaveText([/SHOULDER/]);
    await expectAccessible(page);

    // The assessments toggle: names containing 'Assessment'; its chip.
    await tick(page, "Show only", "Assessments");
    await expect(page).toHaveURL(/[?&]assessments=1/);
    await expect(page).toHaveURL(/[?&]q=SHOULDER/);
    await expect(cardTitles(page)).toHaveText(["Shoulder Flexion ROM Assessment", "Shoulder Abduction ROM Assessment"]);
    await expect(page.getByRole("link", { name: "Remove Filter: Assessments" })).toBeVisible();
    await expectAccessible(page);

    // A checkbox group: Body Target Neck (and the search) → nothing matches.
    await tick(page, "Body Target", "Neck");
    await expect(page).toHaveURL(/[?&]body=Neck/);
    await expect(page.getByText("No exercises match your search and filters.")).toBeVisible();
    await expect(chips(page)).toHaveCount(3);
    await expectAccessible(page);

    // Removing a chip removes only its filter.
    await page.getByRole("link", { name: "Remove Body Target: Neck" }).click();
    await expect(page).not.toHaveURL(/body=/);
    await expect(cardTitles(page)).toHaveCount(2);
    await expect(filters(page).getByRole("checkbox", { name: "Neck" })).not.toBeChecked();
    await expect(filters(page).getByRole("checkbox", { name: "Assessments" })).toBeChecked();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Remove Filter: Assessments" }).click();
    await expect(page).not.toHaveURL(/assessments=/);
    await expect(cardTitles(page)).toHaveCount(shoulder.length);
    await expectAccessible(page);

    await tick(page, "Camera Orientation", "Landscape");
    await expect(page).toHaveURL(/[?&]camera=LANDSCAPE/);
    // The URL changes before the filtered grid streams in: wait for the grid to have changed, then check each card.
    await expect.poll(async () => (await cards(page).allTextContents()).every((t) => t.includes("Landscape"))).toBe(true);
    for (const card of await cards(page).all()) await expect(card).toContainText("Landscape");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(new RegExp(`${LIBRARY}$`));
    await expect(chips(page)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("search", { name: "Search exercises" }).getByLabel("Search exercises")).toHaveValue("");
    await expectAccessible(page);
  });

  test("metrics: any chosen metric matches, and those with all of them come first", async ({ page }) => {
    await useSession(page, PRACTITIONER.email);
    await page.goto(LIBRARY);
    await expectAccessible(page);
    await tick(page, "Metrics Supported", "Reps");
    await expect(page).toHaveURL(/[?&]metric=REPS/);
    await expectAccessible(page);
    await tick(page, "Metrics Supported", "Time");
    await expect(page).toHaveURL(/metric=REPS&metric=TIME/);
    // With JavaScript the grid streams in after the URL has changed; until it has, the Reps-only cards stay (React
    // Router renders navigations in a transition, which keeps shown content rather than a fallback). The cards of
    // the new answer link with both metrics.
    await expect(cards(page).first().locator('a[href*="metric=TIME"]').first()).toBeAttached();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const metrics = await Promise.all((await cards(page).all()).map(metricsOf));
    const both = metrics.map((m) => m.includes("Reps") && m.includes("Time"));
    // Every card has one of them; the ones with both come first, then the others.
    for (const m of metrics) expect(m.includes("Reps") || m.includes("Time")).toBe(true);
    expect(both[0]).toBe(true);
    const firstWithout = both.indexOf(false);
    expect(firstWithout).toBeGreaterThan(0);
    expect(both.slice(firstWithout).every((b) => !b)).toBe(true);
    await expectAccessible(page);
  });

  test("favorite an exercise, then filter by favorites; unfavorite it", async ({ page }) => {
    // A provider of our own: no other test touches their favorites.
    const provider = await createProvider();
    await useSession(page, { email: provider.email, password: provider.password });
    await page.goto(`${LIBRARY}?q=Wall+Slides`);
    const star = page.getByRole("button", { name: "Favorite Wall Slides", exact: true });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await expectAccessible(page);

    // With JavaScript a second click while the request is in flight (held here until that click is done: a hold of a
    // fixed second ran out on a loaded machine before the busy state was seen) is ignored: it would otherwise remove
    // the favorite again.
    const posts: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    if (!jsEnabled()) release(); // a form post: the page waits for its answer
    await page.route(/\/programs\/exercise-library/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts.push(route.request().url());
      await held;
      return route.continue();
    });
    await star.click();
    if (jsEnabled()) {
      await expect(star).toHaveAttribute("aria-pressed", "true");
      // It is marked busy (aria-disabled), which Playwright would wait out: click as a person would, at once.
      await expect(star).toHaveAttribute("aria-disabled", "true");
      await star.click({ force: true });
      release();
    }
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await page.unrouteAll({ behavior: "wait" });
    await expect(star).toHaveAttribute("aria-pressed", "true");
    expect(posts).toHaveLength(1);
    await expect(page).toHaveURL(/[?&]q=Wall\+Slides/);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Remove Search: “Wall Slides”" }).click();
    await expect(page).toHaveURL(new RegExp(`${LIBRARY}$`));
    await expectAccessible(page);
    await tick(page, "Show only", "Favorites");
    await expect(page).toHaveURL(/[?&]favorites=1/);
    await expect(cardTitles(page)).toHaveText(["Wall Slides"]);
    await expect(page.getByRole("button", { name: "Favorite Wall Slides", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Favorite Wall Slides", exact: true }).click();
    await expect(page.getByText("No exercises match your search and filters.")).toBeVisible();
    await expectAccessible(page);
  });

  test("the detail drawer opens at its URL, keeps the page's filters, and closes", async ({ page }) => {
    await useSession(page, PRACTITIONER.email);
    await page.goto(`${LIBRARY}?q=abduction&metric=ROM`);
    await expectAccessible(page);
    await grid(page).getByRole("link", { name: "Standing Shoulder Abduction with Theraband" }).click();
    await expect(page).toHaveURL(/\?q=abduction&metric=ROM&exercise=S-\d{4}$/);
    const drawer = page.getByRole("dialog", { name: "Standing Shoulder Abduction with Theraband" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("list", { name: "Tags" })).toContainText("shoulder");
    await expect(drawer.getByRole("img", { name: "Animation of Standing Shoulder Abduction with Theraband" })).toBeVisible();
    await expect(drawer.getByRole("heading", { name: "Position" })).toBeVisible();
    await expect(drawer).toContainText("Standing");
    await expect(drawer.getByRole("heading", { name: "Action" })).toBeVisible();
    await expect(drawer).toContainText("Lift your arm out to the side");
    if (jsEnabled()) await expect(drawer).toBeFocused();
    await expectAccessible(page);

    if (jsEnabled()) await page.keyboard.press("Escape");
    else await drawer.getByRole("link", { name: "Close" }).first().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\?q=abduction&metric=ROM$/);
    await expectAccessible(page);

    // An unknown exercise: the drawer says so.
    await page.goto(`${LIBRARY}?exercise=S-9999`);
    const missing = page.getByRole("dialog", { name: "Exercise not found" });
    await expect(missing).toContainText("This exercise was not found in the Motion Library.");
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expectAccessible(page);
  });

  test("the demo audio: native controls without JavaScript; Play, Pause and Restart with it", async ({ page }) => {
    // The reference API's first complete exercises have demo audio (S-0001 … S-0005).
    await useSession(page, PRACTITIONER.email);
    await page.goto(`${LIBRARY}?exercise=S-0001`);
    const drawer = page.getByRole("dialog", { name: "Standing Shoulder Flexion" });
    await expect(drawer).toBeVisible();
    const audioSection = drawer.getByRole("region", { name: "Demo audio" });
    const audio = audioSection.locator("audio");
    await expect(audio).toHaveAttribute("src", /S-0001-audio\.wav$/);
    await expectAccessible(page);
    if (!(jsEnabled())) {
      await expect(audio).toHaveAttribute("controls", "");
      await expect(audioSection.getByRole("button")).toHaveCount(0);
      return;
    }
    await expect(audio).not.toHaveAttribute("controls", /.*/);
    const paused = () => audio.evaluate((a: HTMLAudioElement) => a.paused);
    const time = () => audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    await audioSection.getByRole("button", { name: "Play" }).click();
    await expect.poll(paused).toBe(false);
    await expect.poll(time).toBeGreaterThan(0.3);
    await audioSection.getByRole("button", { name: "Pause" }).click();
    await expect.poll(paused).toBe(true);
    const at = await time();
    expect(at).toBeGreaterThan(0.3);
    // Restart seeks to the start and plays: the seek's position is recorded when it lands (reading currentTime
    // afterwards races the playback on a loaded machine).
    await audio.evaluate((a: HTMLAudioElement) => a.addEventListener("seeked", () => a.setAttribute("data-seeked-to", String(a.currentTime)), { once: true }));
    await audioSection.getByRole("button", { name: "Restart" }).click();
    await expect.poll(paused).toBe(false);
    await expect.poll(async () => Number(await audio.getAttribute("data-seeked-to") ?? "NaN")).toBeLessThan(Math.min(at, 0.2));
  });

  test("on a small screen the filters are a drawer opened by 'Filters'", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 900 });
    await useSession(page, PRACTITIONER.email);
    await page.goto(LIBRARY);
    const neck = filters(page).getByRole("checkbox", { name: "Neck" });
    await expect(neck).toBeHidden();
    await expectAccessible(page);
    await filters(page).getByRole(jsEnabled() ? "button" : "link", { name: "Filters" }).first().click();
    await expect(neck).toBeVisible();
    const box = await filters(page).getByRole("group", { name: "Body Target" }).boundingBox();
    expect(box).not.toBeNull();
    await tick(page, "Body Target", "Neck");
    await expect(page).toHaveURL(/[?&]body=Neck/);
    await expect(cardTitles(page).first()).toBeVisible();
    await expectAccessible(page);
  });

  test("only for Health users: others get the not-found page", async ({ page }) => {
    await useSession(page, SCAN_ONLY.email);
    const res = await page.goto(LIBRARY);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Motion Library" })).toHaveCount(0);
    await expectAccessible(page);
  });
});

extraTest.describe("Motion Library failures", () => {
  extraTest.describe.configure({ timeout: 90_000 });
  const EXERCISES = { method: "GET", path: "/v3/exercises" } as const;
  const FAVORITES = { method: "GET", path: "/v2/users/meta/favorite-exercises/" } as const;

  async function signIn(page: Page, origin: string) {
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${origin}${LOGIN_PATH}`);
    await expect(page).toHaveURL(`${origin}/home/`);
    await expectAccessible(page);
  }

  extraTest("the exercises call fails: the header and filters show, the grid says so", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    faultProxy.inject({ ...EXERCISES, fault: { kind: "status", status: 500 } });
    await page.goto(`${portal.url}${LIBRARY}`);
    await expect(page.getByRole("heading", { level: 1, name: "Motion Library" })).toBeVisible();
    await expect(filters(page)).toBeVisible();
    await expect(page.getByRole("alert").getByRole("heading", { name: "Could not get exercises." })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  extraTest("the favorites call fails: the grid shows, without favorites, and a message says so", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    faultProxy.inject({ ...FAVORITES, fault: { kind: "status", status: 500 } });
    await page.goto(`${portal.url}${LIBRARY}`);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("alert")).toContainText("Your favorite exercises could not be loaded");
    await expect(grid(page).getByRole("button", { name: /^Favorite / })).toHaveCount(0);
    await expectAccessible(page);
  });

  extraTest("a failed favorite add shows the spec's toast", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    await page.goto(`${portal.url}${LIBRARY}?q=Chin+Tuck`);
    await expectAccessible(page);
    faultProxy.inject({ method: "POST", path: FAVORITES.path, fault: { kind: "status", status: 500 } });
    await page.getByRole("button", { name: "Favorite Chin Tuck", exact: true }).click();
    await expectToast(page, "Unable to add favorite exercise.");
    await expect(page.getByRole("button", { name: "Favorite Chin Tuck", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expectAccessible(page);
  });

  extraTest("a navigation replaced while the grid is still coming is cancelled, not an error: the newer page shows @js-only", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    // The library's answer streams: its first line (the page's data) at once, the grid while the exercises call is
    // slow (asked twice: the fallback too). The page's own script comes late (a slow link), so the navigation is still
    // waiting for it when the clinician clicks on — which cancels it with its answer half read. React Router 8.4 left
    // that stream's rejection unhandled ("signal is aborted without reason", at the click); the fixture's guard fails
    // on one.
    faultProxy.inject({ ...EXERCISES, times: 2, fault: { kind: "delay", ms: 3_000 } });
    await page.route(`${portal.url}/build/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const nav = page.getByRole("navigation", { name: "Main" });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`${LIBRARY}_.data`));
    await nav.getByRole("link", { name: "Motion Library" }).click();
    await answered;
    await nav.getByRole("link", { name: "Patients" }).click();
    await expect(page).toHaveURL(`${portal.url}/patients/`);
    await expect(page.getByRole("heading", { level: 1, name: "Patients" })).toBeVisible();
  });

  extraTest("a slow exercises call is asked once more after 1000 ms, and the fallback's answer is shown", async ({ page, startExtraPortal, faultProxy }) => {
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    faultProxy.inject({ ...EXERCISES, times: 1, fault: { kind: "delay", ms: 20_000 } });
    const started = Date.now();
    await page.goto(`${portal.url}${LIBRARY}`);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(faultProxy.requests(EXERCISES.method, EXERCISES.path).map((r) => r.fault)).toEqual(["delay", null]);
    await expectAccessible(page);
  });
});
