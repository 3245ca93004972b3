/**
 * The organization boundary in the Scan area (issue 12 acceptance: "sessions, logs, reports and analyses of
 * another organization are never visible"). A scan-only admin of Summit Scan Labs asks for Front Range's session
 * by every URL the portal has: the sessions list at a Front Range location, the session UUID search, and the pose
 * log route. Nothing of it may appear; the log route answers 404 'No pose logs available'. Both projects.
 *
 * The replay page (`/scan/sessions/{id}/replay`) is another helper's: add it to REFUSED_PAGES when merged.
 */
import { test, expect, expectAccessible } from "./fixtures.js";
import { apiAs, PROVIDER_ADMIN, SCAN_ONLY } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";

let other: { id: string; uuid: string; participant: string; locationId: string };

test.beforeAll(async () => {
  const fr = await apiAs(PROVIDER_ADMIN.email);
  const { data, error } = await fr.GET("/v2/scan/sessions/pages", { params: { query: { page: 1, limit: 200 } } });
  if (!data) throw new Error(`Front Range's scan sessions: ${JSON.stringify(error)}`);
  const withLog = data.items.find((s) => s.artifacts.includes("pose-log")) ?? data.items[0];
  if (!withLog) throw new Error("Front Range has no scan session");
  const locations = (await fr.GET("/v2/locations")).data ?? [];
  const location = locations.find((l) => l.name === withLog.location?.name) ?? locations[0]!;
  other = { id: withLog.id, uuid: withLog.sessionUUID, participant: withLog.participant.uid, locationId: location.id };
});

test("a scan-only user never sees another organization's sessions, search results or pose logs", async ({ page }) => {
  await useSession(page, SCAN_ONLY.email);

  // The pose log route (the sessions table's download and the replay viewer's source): 404, the spec's message.
  const log = await page.request.get(`/scan/sessions/${other.id}/pose-log.json`);
  expect(log.status()).toBe(404);
  expect(await log.json()).toEqual({ message: "No pose logs available" });
  const download = await page.request.get(`/scan/sessions/${other.id}/pose-log.json?download=1`);
  expect(download.status()).toBe(404);
  // Its replay page, a frame of it, its analysis PDF: not found either.
  for (const path of [`/scan/sessions/${other.id}/replay`, `/scan/sessions/${other.id}/frame.svg?frame=1`, `/scan/sessions/${other.uuid}/analysis.pdf`]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  // Opened in the browser, a file link that fails is a page in the portal's design with the spec's words, never
  // React Router's raw JSON (an audit finding).
  for (const [path, words] of [[`/scan/sessions/${other.uuid}/analysis.pdf`, "Failed to fetch PDF"], [`/scan/sessions/${other.id}/pose-log.json?download=1`, "No pose logs available"]] as const) {
    const opened = await page.goto(path);
    expect(opened!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(words);
    await expect(page.getByText(/Unexpected Server Error|stack/)).toHaveCount(0);
    await expectAccessible(page);
  }

  // The list at Front Range's location, and the UUID search for Front Range's session: nothing of it shows.
  for (const path of [`/scan/sessions/?location=${other.locationId}`, `/scan/sessions/?uuid=${other.uuid}`]) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBeLessThan(500);
    // The URL itself is echoed (forms' redirect targets, the search field): look at what the page shows.
    const main = page.getByRole("main");
    await expect(main.getByRole("row").filter({ hasText: other.participant }), `${path}: a row of the session`).toHaveCount(0);
    await expect(main.getByText(other.participant), `${path}: the participant`).toHaveCount(0);
    await expect(main.locator(`a[href*="${other.id}"]`), `${path}: links to the session (replay, log, analysis)`).toHaveCount(0);
    await expectAccessible(page);
  }
});
