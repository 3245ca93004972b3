/**
 * Admin scan and gait sessions (issue 13; 003 §2 "Admin scan sessions", "Admin gait sessions", §5, §8, §9).
 * As the product admin: `/admin/scan/` goes to the sessions; the filters (location and assessment multi-selects,
 * date preset) are in the URL and reset the page; the pager pages 15 rows; the UUID search finds one session with
 * the other filters disabled; the Session Details and analysis dialogs open at their URLs (the admin's own
 * organization offered as the analysis source). A session replays (frame images stepped by links without
 * JavaScript, the canvas playing with it) and its log downloads as JSON named after the session. As support
 * staff (read-only, allowed): the gait sessions' sort cycle, a gait replay and its log. A practitioner is sent
 * to `/`. Both projects; the seeded data is only read.
 */
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, PRACTITIONER, PRODUCT_ADMIN, SUPPORT } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import type { components } from "../../openapi/provider-api.js";

type Session = components["schemas"]["ScanSession"];
type GaitSession = components["schemas"]["AdminGaitSession"];
const PATH = "/admin/scan/sessions/";
const DAY = 86_400_000;

let location: { id: string; name: string; n: number }; // the location with the most recent sessions
let assessmentId: string; // and an assessment and a provider of one of its sessions
let provider: string;
let other: Session; // of another organization than the admin's, for the dialogs
let replayable: Session;
let gait: GaitSession;
let gaitSessions: GaitSession[] = [];

const atLeast = (v: string, min: string) => {
  const a = v.split(".").map(Number);
  const b = min.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
};

test.beforeAll(async () => {
  const api = await apiAs(PRODUCT_ADMIN.email);
  const start = new Date(Date.now() - 27 * DAY).toISOString();
  const r = await api.GET("/v2/admin/scan/sessions/pages", { params: { query: { page: 1, limit: 999, start } } });
  const items = r.data?.items ?? [];
  const counts = new Map<string, { id: string; name: string; n: number }>();
  for (const s of items.filter((x) => x.location)) {
    const c = counts.get(s.location!.id) ?? { id: s.location!.id.toLowerCase(), name: s.location!.name, n: 0 };
    c.n++;
    counts.set(s.location!.id, c);
  }
  location = [...counts.values()].sort((a, b) => b.n - a.n)[0]!;
  expect(items.length, "more than one page (15) of sessions in the last 27 days").toBeGreaterThan(15);
  const me = await api.GET("/v2/users/current");
  const ownOrg = me.data?.organization.id;
  other = items.find((s) => s.organization.id !== ownOrg)!;
  const atLocation = items.find((s) => s.location?.id.toLowerCase() === location.id && s.practitioner)!;
  assessmentId = atLocation.session.data.assessmentId;
  provider = atLocation.practitioner!.lastName;
  replayable = items.find((s) => s.artifacts.includes("pose-log") && atLeast(s.session.meta.scanVersion, "2.18.0"))!;
  expect(other && replayable, "sessions to open and to replay").toBeTruthy();

  const g = await api.GET("/v2/admin/gait/sessions", { params: { query: {} } });
  gaitSessions = g.data ?? [];
  // The list says which sessions have a pose log (issue 25).
  gait = gaitSessions.find((s) => s.artifacts.includes("pose-log"))!;
  expect(gait, "a gait session of the last 90 days with a pose log").toBeTruthy();
  expect((await api.GET("/v2/admin/gait/sessions/{id}/pose-log/signed-url", { params: { path: { id: gait.id } } })).data, "its log is signed").toBeTruthy();
});

const table = (page: Page) => page.getByRole("table", { name: "Scan sessions" });
const rows = (page: Page) => table(page).locator("tbody").getByRole("row");
const filters = (page: Page) => page.getByRole("search", { name: "Filter scan sessions" });
const frameStatus = (page: Page) => page.getByText(/^Frame: \d+ \/ \d+$/);

async function applyFilters(page: Page) {
  if (!jsEnabled()) await filters(page).getByRole("button", { name: "Search" }).click();
}

test("scan sessions: filters in the URL, the pager, the UUID search, the details and analysis dialogs", async ({ page }) => {
  test.slow(); // a whole story: eight page states
  await useSession(page, PRODUCT_ADMIN);
  const root = await page.request.get("/admin/scan/", { maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers()["location"]).toBe(PATH);

  // Every organization's sessions of the last 30 days, 15 a page.
  await page.goto(PATH);
  await expect(page.getByRole("heading", { name: "Scan Sessions", level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(15);
  await expect(page.getByRole("columnheader")).toHaveText(["Organization", "Location", "Assessment", "Provider", "Created", "UUID", "UID", "Action"]);
  await expect(filters(page).getByLabel("Date range")).toHaveValue("30");
  await expectAccessible(page);

  // Page 2, then a filter change goes back to page 1.
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^16–30 of \d+ · Page 2 of \d+$/)).toBeVisible();
  await expectAccessible(page);
  // A page past the end (an audit finding): where the list ends, and the way back to its last page.
  await page.goto(`${PATH}?page=999`);
  await expect(page.getByText(/^There is no page 999: the list has \d+ sessions on \d+ pages\.$/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: /^Go to the last page \(\d+\)$/ }).click();
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page);
  await filters(page).getByLabel("Locations").selectOption([location.id]);
  if (jsEnabled()) {
    await expect(page).toHaveURL(new RegExp(`location=${location.id}`)); // applied on change
    await expectAccessible(page);
  }
  await filters(page).getByLabel("Assessments").selectOption([assessmentId]);
  if (jsEnabled()) {
    await expect(page).toHaveURL(new RegExp(`assessment=${assessmentId}`));
    await expectAccessible(page);
  }
  await filters(page).getByLabel("Provider").fill(provider); // with JavaScript: applied 200 ms after typing stops
  await applyFilters(page);
  await expect(page).toHaveURL(new RegExp(`provider=${provider}`));
  expect(page.url()).toContain(`location=${location.id}`);
  expect(page.url()).toContain(`assessment=${assessmentId}`);
  expect(page.url()).not.toContain("page=");
  await expect(rows(page).first()).toBeVisible();
  expect(await rows(page).count()).toBeLessThanOrEqual(15);
  for (const cell of await rows(page).locator("td:nth-child(2)").allTextContents()) expect(cell).toBe(location.name);
  for (const cell of await rows(page).locator("td:nth-child(3)").allTextContents()) expect(cell).toContain(assessmentId);
  for (const cell of await rows(page).locator("td:nth-child(4)").allTextContents()) expect(cell).toContain(provider);
  await expectAccessible(page);
  await filters(page).getByLabel("Date range").selectOption("7");
  await applyFilters(page);
  await expect(page).toHaveURL(/range=7/);
  expect(page.url()).toContain(`location=${location.id}`);
  await expect(filters(page).getByLabel("Locations")).toHaveValues([location.id]);
  await expectAccessible(page);

  // The UUID search: only that session, the other filters disabled.
  const search = page.getByRole("search", { name: "Find a session by UUID" });
  await search.getByLabel("Session UUID").fill(other.sessionUUID);
  await search.getByRole("button", { name: "Find session" }).click();
  await expect(page).toHaveURL(new RegExp(`uuid=${other.sessionUUID}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(other.organization.name);
  await expect(filters(page).getByLabel("Provider")).toBeDisabled();
  await expect(filters(page).getByLabel("Locations")).toBeDisabled();
  const short = `${other.sessionUUID.slice(0, 4)}…${other.sessionUUID.slice(-4)}`;
  await expect(rows(page).first().getByText(short)).toBeVisible();
  await expectAccessible(page);

  // Session Details at its URL.
  await page.getByRole("link", { name: `Details of session ${short}` }).click();
  await expect(page).toHaveURL(new RegExp(`details=${other.sessionUUID}`));
  const details = page.getByRole("dialog", { name: "Session Details" });
  await expect(details).toContainText(other.organization.name);
  await expect(details).toContainText(other.sessionUUID);
  await expect(details).toContainText(other.session.meta.scanVersion);
  await expectAccessible(page);
  await details.getByRole("link", { name: "Close" }).last().click();
  await expect(details).toHaveCount(0);
  await expectAccessible(page);

  // The analysis dialog: the session's organization first, the admin's own as the other source.
  await page.getByRole("link", { name: `Analysis of session ${short}` }).click();
  await expect(page).toHaveURL(new RegExp(`analysis=${other.sessionUUID}`));
  const analysis = page.getByRole("dialog", { name: "Session Analysis" });
  const source = analysis.getByLabel("Analysis data of");
  await expect(source.locator("option")).toHaveCount(2);
  await expect(source.locator("option").first()).toHaveText(other.organization.name);
  await expectAccessible(page);
  const own = (await source.locator("option").nth(1).getAttribute("value"))!;
  await source.selectOption(own);
  if (!jsEnabled()) await analysis.getByRole("button", { name: "Use organization" }).click();
  await expect(page).toHaveURL(new RegExp(`org=${own}`));
  await expect(analysis.getByLabel("Analysis data of")).toHaveValue(own);
  await expectAccessible(page);
});

test("a scan session replays and its log downloads", async ({ page }) => {
  await useSession(page, PRODUCT_ADMIN);
  await page.goto(`${PATH}${replayable.sessionUUID}/replay`);
  await expect(page.getByRole("heading", { name: "Scan Session Replay", level: 1 })).toBeVisible();
  await expect(frameStatus(page)).toHaveText(/^Frame: 1 \/ \d+$/);
  if (jsEnabled()) {
    await expect(page.getByRole("img", { name: "Skeleton replay" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Play" }).click();
    await expect.poll(async () => Number(/Frame: (\d+)/.exec((await frameStatus(page).textContent()) ?? "")?.[1]), { message: "play advances" }).toBeGreaterThan(5);
    await page.getByRole("button", { name: "Pause" }).click();
  } else {
    await expect(page.getByRole("img", { name: /^Skeleton at frame 1 \/ \d+/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(frameStatus(page)).toHaveText(/^Frame: 2 \/ \d+$/);
    const image = page.getByRole("img", { name: /^Skeleton at frame 2 \// });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: "the frame image loads" }).toBe(900);
    await expectAccessible(page);
  }
  // The log: a JSON attachment named after the session; the page never holds a signed URL.
  expect(await page.content()).not.toMatch(/\/files\//);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Log download" }).click()]);
  expect(download.suggestedFilename()).toBe(`pose-log-${replayable.sessionUUID}.json`);
  const log = JSON.parse(await (await import("node:fs/promises")).readFile((await download.path())!, "utf8"));
  expect(Array.isArray(log.frames) && log.frames.length > 0, "the pose log's frames").toBe(true);
});

test("gait sessions (support staff): the sort cycle, a replay and the log; a practitioner is sent to /", async ({ page }) => {
  test.slow(); // the 90-day gait list of every organization is one large call, made by the list, the replay and the log
  await useSession(page, SUPPORT);
  const root = await page.request.get("/admin/gait/", { maxRedirects: 0 });
  expect(root.headers()["location"]).toBe("/admin/gait/sessions");
  await page.goto("/admin/gait/sessions");
  await expect(page.getByRole("heading", { name: "Gait Sessions", level: 1 })).toBeVisible();
  const idHeader = page.getByRole("columnheader", { name: /^ID/ });
  await expect(idHeader).toHaveAttribute("aria-sort", "descending");
  // ID descending is newest first (issue 25: the UUIDs' text compared number-aware put them in random order by date).
  const captured = (await page.locator("tbody tr td:nth-child(2)").allTextContents()).map((t) => Date.parse(t));
  expect(captured.length).toBeGreaterThan(1);
  expect(captured.every((t) => Number.isFinite(t))).toBe(true);
  expect(captured).toEqual([...captured].sort((a, b) => b - a));
  await expectAccessible(page);
  const name = page.getByRole("columnheader", { name: /^Patient Name/ });
  await name.getByRole("link").click();
  await expect(page).toHaveURL(/\?sort=patientName&dir=asc$/);
  await expect(name).toHaveAttribute("aria-sort", "ascending");
  await expectAccessible(page);
  const names = await page.locator("tbody tr td:nth-child(3)").allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
  await name.getByRole("link").click();
  await expect(page).toHaveURL(/\?sort=patientName&dir=desc$/);
  await expect(name).toHaveAttribute("aria-sort", "descending");
  await expectAccessible(page);
  await name.getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/gait\/sessions$/);
  await expect(idHeader).toHaveAttribute("aria-sort", "descending");
  await expectAccessible(page);
  // A page past the end says so, as the other lists do (issue 34: it silently showed the last page).
  await page.goto("/admin/gait/sessions?page=999");
  await expect(page.getByText(/^There is no page 999: the list has \d+ sessions? on \d+ pages?\.$/)).toBeVisible();
  await expectAccessible(page);
  await page.goto("/admin/gait/sessions");
  await expect(idHeader).toHaveAttribute("aria-sort", "descending");
  await expectAccessible(page);

  // Replay and Log only on the rows of sessions with a pose log; the others say 'No pose logs available' (issue 25).
  const logged = new Set(gaitSessions.filter((s) => s.artifacts.includes("pose-log")).map((s) => s.id));
  const ids = await page.locator("tbody tr td:first-child code").evaluateAll((els) => els.map((e) => e.getAttribute("title") ?? ""));
  expect(ids.length).toBeGreaterThan(0);
  const withLog = ids.filter((id) => logged.has(id)).length;
  await expect(page.locator("tbody").getByRole("link", { name: /^Replay gait session / })).toHaveCount(withLog);
  await expect(page.locator("tbody").getByRole("link", { name: /^Log of gait session / })).toHaveCount(withLog);
  await expect(page.locator("tbody tr").filter({ hasText: "No pose logs available" })).toHaveCount(ids.length - withLog);
  // The replay page of a session without a pose log says so, and offers no log.
  const unlogged = gaitSessions.find((s) => !s.artifacts.includes("pose-log"))!;
  const refused = await (await page.request.get(`/admin/gait/sessions/${unlogged.id}/replay`)).text();
  expect(refused).toMatch(/role="alert"[^>]*>No pose logs available</);
  expect(refused).not.toContain(`/admin/gait/sessions/${unlogged.id}/pose-log.json`);
  await page.goto(`/admin/gait/sessions/${gait.id}/replay`);
  await expect(page.getByRole("heading", { name: "Gait Session Replay", level: 1 })).toBeVisible();
  await expect(frameStatus(page)).toHaveText(/^Frame: 1 \/ \d+$/);
  if (!jsEnabled()) {
    await expectAccessible(page);
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(frameStatus(page)).toHaveText(/^Frame: 2 \/ \d+$/);
  }
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Log", exact: true }).click()]);
  expect(download.suggestedFilename()).toBe(`gait-pose-log-${gait.sessionUUID}.json`);

  // Not for practitioners.
  await useSession(page, PRACTITIONER);
  await page.goto("/admin/scan/sessions/");
  await expect(page).not.toHaveURL(/\/admin\//);
  const res = await page.request.get(`/admin/gait/sessions/${gait.id}/pose-log.json?download=1`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/");
});
