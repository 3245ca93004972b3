/**
 * The Health sections of the patient detail (issue 4; spec 000 §2.8, §9): activity (sessions by day, set
 * statuses, completion badges, Include Self-Reported, paging without JavaScript and virtualization with it),
 * Range of motion and Surveys (charts drawn by the server, the island's tooltips and zoom, their data tables), the
 * empty states, and an unknown
 * section. Demo patients are read only; tests that need an empty patient create one.
 */
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { PRACTITIONER, apiAs } from "./helpers/stack.js";
import { healthWorld, listPatients, newHealthPatient, pick, pros, sectionUrl, type Api, type HealthSession } from "./helpers/patient-data.js";
import { useSession } from "./helpers/session.js";
import { sessionProgress } from "../../app/areas/patients/rules/session-progress.js";
import { addDays, dayIn } from "../../app/domain/date-range.js";
import { formatDegrees } from "../../app/domain/result-format.js";

let api: Api;
let data: Awaited<ReturnType<typeof healthWorld>>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  api = await apiAs(PRACTITIONER.email);
  data = await healthWorld(api);
});

test.beforeEach(async ({ page }) => {
  await useSession(page, PRACTITIONER);
});

const mmddyyyy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** Sessions since the first day of the last `days` days (the date range preset). */
const lastDays = (sessions: HealthSession[], days: number) => sessions.filter((s) => dayIn(data.clock.timeZone, s.date) >= addDays(data.clock.today, -(days - 1)));
const camera = (sessions: HealthSession[]) => sessions.filter((s) => !s.isSelfReported);
/** Candidates with the fewest sets per session first (lighter pages). */
const lightest = (candidates: typeof data.candidates) => {
  const weight = (c: (typeof candidates)[number]) => c.sessions.reduce((n, s) => n + s.sets.length, 0) / Math.max(1, c.sessions.length);
  return [...candidates].sort((a, b) => weight(a) - weight(b));
};

test.describe("Health activity", () => {
  test("shows the sessions of the last 30 days by day, with set statuses and the completion badge", async ({ page }) => {
    const { patient, found: sessions } = pick(data.candidates, (c) => {
      const list = camera(lastDays(c.sessions, 30));
      return list.length >= 2 ? list : null;
    });
    await page.goto(sectionUrl(patient.id, "health", "activity"));
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: "Activity", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(new RegExp(`^${sessions.length} sessions on`))).toBeVisible();

    const newest = sessions[0]!;
    const daySection = page.getByRole("region", { name: mmddyyyy(dayIn(data.clock.timeZone, newest.date)), exact: true });
    const card = daySection.getByRole("article").first();
    await expect(card.getByText(`${sessionProgress(newest.sets)}% complete`)).toBeVisible();
    const statuses: Record<string, string> = { NOT_STARTED: "Not Started", SKIPPED: "Skipped", SKIPPED_IN_SET: "Skipped in Set", CALIBRATION_ERROR: "Calibration Error", SUCCESS: "Success", SELF_REPORTED: "Self Reported" };
    const rows = card.getByRole("row");
    for (const [i, set] of newest.sets.entries()) {
      await expect(rows.nth(i + 1).getByRole("rowheader")).toHaveText(set.exerciseName);
      await expect(rows.nth(i + 1).getByRole("cell").last()).toHaveText(statuses[set.setInfo.resultStatus]!);
    }
  });

  test("Include Self-Reported adds the self-reported sessions (selfReported=1)", async ({ page }) => {
    test.slow(); // two pages full of sessions, each checked by axe
    const { patient, found } = pick(lightest(data.candidates), (c) => {
      const all = lastDays(c.sessions, 30);
      const cam = camera(all);
      // A self-reported session among the newest days (the first page without JavaScript).
      const firstDays = new Set(all.map((s) => dayIn(data.clock.timeZone, s.date)).slice(0, 5));
      const shown = all.some((s) => s.isSelfReported && firstDays.has(dayIn(data.clock.timeZone, s.date)));
      return shown ? { all: all.length, camera: cam.length } : null;
    });
    await page.goto(sectionUrl(patient.id, "health", "activity"));
    await expectAccessible(page);
    await expect(page.getByText(new RegExp(`^${found.camera} sessions? on`))).toBeVisible();
    await expect(page.getByText("Self-reported", { exact: true })).toHaveCount(0);

    await page.goto(sectionUrl(patient.id, "health", "activity", "?selfReported=1"));
    await expectAccessible(page);
    await expect(page.getByText(new RegExp(`^${found.all} sessions? on`))).toBeVisible();
    await expect(page.getByText("Self-reported", { exact: true }).first()).toBeVisible();
  });

  test("a long history is paged with links without JavaScript and virtualized with it", async ({ page }) => {
    test.slow(); // two pages full of sessions, each checked by axe
    const { patient, found: days } = pick(lightest(data.candidates), (c) => {
      const d = new Set(camera(c.sessions).map((s) => dayIn(data.clock.timeZone, s.date))).size;
      return d > 12 ? d : null;
    });
    await page.goto(sectionUrl(patient.id, "health", "activity", "?range=90"));
    await expectAccessible(page);
    const dayHeadings = page.getByRole("heading", { level: 3, name: /^\d{2}\/\d{2}\/\d{4}$/ });
    if (jsEnabled()) {
      const scroller = page.getByRole("region", { name: "Session history" });
      // The virtualized list comes after the page's load event (ADR 038): the paged list until then.
      await expect(scroller).toBeVisible();
      await expect(dayHeadings.first()).toBeVisible();
      // Only the days in view (and a few more) are in the page.
      expect(await dayHeadings.count()).toBeLessThan(days);
      const firstDay = (await dayHeadings.first().textContent())!;
      const oldest = camera(data.candidates.find((c) => c.patient.id === patient.id)!.sessions).at(-1)!;
      const lastDay = page.getByRole("heading", { level: 3, name: mmddyyyy(dayIn(data.clock.timeZone, oldest.date)) });
      // Scrolling to the end renders the oldest day and drops the newest from the page.
      await expect(async () => {
        await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await expect(lastDay).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(page.getByRole("heading", { level: 3, name: firstDay })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Session history pages" })).toHaveCount(0);
    } else {
      const pages = Math.ceil(days / 5);
      const pager = page.getByRole("navigation", { name: "Session history pages" });
      await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
      await expect(dayHeadings).toHaveCount(5);
      const first = await dayHeadings.first().textContent();
      await pager.getByRole("link", { name: "Older sessions" }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page).toHaveURL(/range=90/);
      await expectAccessible(page);
      await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
      await expect(dayHeadings.first()).not.toHaveText(first!);
    }
  });

  test("a patient without sessions shows the empty states; an unknown section goes to activity", async ({ page }) => {
    const patient = await newHealthPatient(api, ["HEALTH", "PRO"]);
    await page.goto(sectionUrl(patient.id, "health", "nonsense", "?range=7"));
    await expect(page).toHaveURL(new RegExp(`/patients/${patient.id}/health/activity/\\?range=7$`));
    await expectAccessible(page);
    await expect(page.getByText("No activity or sessions yet.")).toBeVisible();

    await page.getByRole("link", { name: "Range of motion" }).click();
    await expect(page).toHaveURL(/\/health\/rom\/\?range=7$/);
    await expectAccessible(page);
    await expect(page.getByText("No activity or sessions yet.")).toBeVisible();

    await page.getByRole("link", { name: "Surveys" }).click();
    await expect(page).toHaveURL(/\/health\/pro\/\?range=7$/);
    await expectAccessible(page);
    await expect(page.getByText("No PRO data yet.")).toBeVisible();
  });
});

test.describe("Range of motion", () => {
  /** A (exercise, side, day) with its largest measured angle in the last 30 days. */
  function romRecord() {
    return pick(data.candidates, (c) => {
      const max = new Map<string, number>();
      for (const s of camera(lastDays(c.sessions, 30))) {
        for (const set of s.sets) {
          if (set.setInfo.romMax == null || set.sideOfBody === null) continue;
          const key = `${set.exerciseName}|${set.sideOfBody}|${dayIn(data.clock.timeZone, s.date)}`;
          max.set(key, Math.max(max.get(key) ?? -Infinity, set.setInfo.romMax));
        }
      }
      const entry = [...max.entries()][0];
      return entry ? { key: entry[0], max: entry[1] } : null;
    });
  }

  test("charts one maximum per day for each exercise, with its data table", async ({ page }) => {
    const { patient, found } = romRecord();
    const [exercise, side, day] = found.key.split("|") as [string, string, string];
    await page.goto(sectionUrl(patient.id, "health", "rom"));
    await expectAccessible(page);
    const figure = page.getByRole("figure", { name: exercise, exact: true });
    if (jsEnabled()) await figure.getByText("Show data table").click();
    const table = figure.getByRole("table");
    await expect(table).toBeVisible();
    const header = await table.getByRole("columnheader").allTextContents();
    const column = header.findIndex((h) => h.startsWith(side === "LEFT" ? "Left" : side === "RIGHT" ? "Right" : "Both"));
    expect(column).toBeGreaterThan(0);
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: mmddyyyy(day) }) });
    // Degrees with 0 decimals: the one result rule (issue 25).
    await expect(row.getByRole("cell").nth(column - 1)).toHaveText(formatDegrees(found.max));
  });

  test("the chart is drawn by the server: its SVG is in the tab's HTML, titled and described", async ({ page }) => {
    const { patient, found } = romRecord();
    const exercise = found.key.split("|")[0]!;
    const url = sectionUrl(patient.id, "health", "rom");
    // The HTML as the server sends it (before any script): the chart's SVG is in it.
    const html = await (await page.request.get(url)).text();
    const escaped = exercise.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(html).toMatch(new RegExp(`<svg role="img"[^>]*><title id="[^"]+">${escaped}</title><desc id="[^"]+">Line chart of the maximum range of motion per day of `));
    await page.goto(url);
    const figure = page.getByRole("figure", { name: exercise, exact: true });
    const plot = figure.getByRole("img", { name: exercise, exact: true });
    await expect(plot).toBeVisible();
    await expect(plot).toHaveAccessibleDescription(/^Line chart of the maximum range of motion per day of /);
    await expect(figure.locator(".chart-svg svg text").filter({ hasText: /^\d\d\/\d\d$/ }).first()).toBeAttached();
    if (!jsEnabled()) await expect(figure.getByRole("table")).toBeVisible();
  });

  test("@js-only the island draws over the server's SVG without moving it, with a tooltip, zoom and the image download", async ({ page }) => {
    const { patient, found } = romRecord();
    const exercise = found.key.split("|")[0]!;
    await page.goto(sectionUrl(patient.id, "health", "rom"));
    const figure = page.getByRole("figure", { name: exercise, exact: true });
    const drawn = figure.locator(".chart-svg > svg");
    const live = figure.getByTestId("chart-live").locator("svg");
    await expect(live).toBeVisible({ timeout: 15_000 });
    // In view first: the pointer moves in the viewport's coordinates (the chart may sit below the fold).
    await live.scrollIntoViewIfNeeded();
    // Same box: the live drawing lies exactly over the server's, which keeps the layout.
    const [a, b] = [(await drawn.boundingBox())!, (await live.boundingBox())!];
    expect(Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.width - b.width) + Math.abs(a.height - b.height)).toBeLessThan(2);
    await expect(figure.getByRole("img", { name: exercise, exact: true })).toBeAttached();
    await expect(figure.getByRole("table")).toBeHidden();

    // Tooltip: the day under the pointer, as MM/DD/YYYY, drawn in the chart.
    const dayLabels = live.locator("text").filter({ hasText: /\d\d\/\d\d\/\d{4}/ });
    await expect(dayLabels).toHaveCount(0);
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.move(b.x + b.width / 2 + 3, b.y + b.height / 2 + 3);
    await expect(dayLabels.first()).toBeVisible();

    // Zoom in narrows the axis; Reset zoom puts it back.
    const tools = figure.getByRole("group", { name: `${exercise}: chart tools` });
    const reset = tools.getByRole("button", { name: "Reset zoom" });
    await expect(reset).toBeDisabled();
    await tools.getByRole("button", { name: "Zoom in" }).click();
    await expect(reset).toBeEnabled();
    await reset.click();
    await expect(reset).toBeDisabled();

    const [download] = await Promise.all([page.waitForEvent("download"), tools.getByRole("button", { name: "Download image" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.svg$/);
    await expectAccessible(page);
  });
});

test.describe("Surveys", () => {
  test("charts the pain answers on a 0–10 scale with their data table", async ({ page }) => {
    const start = addDays(data.clock.today, -29);
    let answer: { dateTime: string; value: string } | undefined;
    let patientId = "";
    for (const p of (await listPatients(api, "health", 20)).filter((x) => x.patient.phoneNumber && x.products.includes("PRO"))) {
      const pain = (await pros(api, p.id)).find((q) => q.text === "What is your level of pain today?");
      answer = pain?.answers.filter((a) => dayIn(data.clock.timeZone, a.dateTime) >= start).at(-1);
      if (answer) {
        patientId = p.id;
        break;
      }
    }
    expect(answer, "a demo patient with pain answers in the last 30 days").toBeDefined();
    await page.goto(sectionUrl(patientId, "health", "pro"));
    await expectAccessible(page);
    const figure = page.getByRole("figure", { name: "Pain Level", exact: true });
    await expect(figure.getByText("What is your level of pain today?", { exact: true })).toBeVisible();
    await expect(figure.getByRole("img", { name: "Pain Level" })).toHaveAccessibleDescription(/on a scale from 0 to 10/);
    if (jsEnabled()) {
      await figure.getByText("Show data table").click();
    }
    const row = figure.getByRole("row").filter({ has: page.getByRole("rowheader", { name: mmddyyyy(dayIn(data.clock.timeZone, answer!.dateTime)) }) });
    await expect(row.getByRole("cell").first()).toContainText(String(Number(answer!.value)));
  });
});
