/**
 * Scan Reports (issue 12; spec 002 §2 'Scan Reports', §4 report flow, §5, §9): a scan-only admin picks a day with
 * sessions (found through the API) and a location, generates the report, reads both tabs and downloads the CSV
 * (2-decimal values, named by the title without colons) and the PDF; a future date and a missing location are
 * refused at their fields. Both projects.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { apiAs, SCAN_ONLY } from "./helpers/stack.js";
import { useSession } from "./helpers/session.js";
import { expectFieldError } from "./helpers/ui.js";
import { addDays, dayIn, todayIn } from "../../app/domain/date-range.js";

const PAGE = "/scan/reports/";
let day: string;
let today: string;
let location: { id: string; name: string };
let participantUid: string;

/** The report's GET form (the header's global filter has a Location field too). */
const reportForm = (page: Page) => page.getByRole("form", { name: "Generate a scan report" });
const mmddyyyy = (d: string) => `${d.slice(5, 7)}-${d.slice(8, 10)}-${d.slice(0, 4)}`;

test.beforeAll(async () => {
  const api = await apiAs(SCAN_ONLY.email);
  const me = await api.GET("/v2/users/current");
  const timeZone = me.data!.organization.timezone;
  today = todayIn(timeZone);
  // The newest session with a location: its day (in the organization's zone) has at least that session.
  const page = await api.GET("/v2/scan/sessions/pages", { params: { query: { page: 1, limit: 20 } } });
  const newest = page.data?.items.find((s) => s.location);
  expect(newest, "the scan-only organization has seeded sessions").toBeDefined();
  day = dayIn(timeZone, newest!.createdDate);
  location = newest!.location!;
  participantUid = newest!.participant.uid;
});

test("a scan-only admin generates a day's report at a location, reads both tabs and downloads the CSV and the PDF", async ({ page }) => {
  await useSession(page, SCAN_ONLY.email);
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Scan Reports", level: 1 })).toBeVisible();
  await expectAccessible(page);

  await reportForm(page).getByLabel("Report date").fill(day);
  await reportForm(page).getByLabel("Location").selectOption(location.id);
  await reportForm(page).getByRole("button", { name: "Generate" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${day}&location=${location.id}`));
  const title = `Scan Assessments Report: ${location.name} ${mmddyyyy(day)}`;
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: participantUid }).first()).toBeVisible();
  await expectAccessible(page);

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download CSV/ }).click()]);
  expect(csv.suggestedFilename()).toBe(`${title.replace(/:/g, "")}.csv`);
  const text = await readFile((await csv.path())!, "utf8");
  const [header, ...lines] = text.trim().split("\n");
  expect(header).toBe("Date,Time,Participant UID,Assessment,Result,Value,Units,Practitioner");
  expect(lines.join("\n")).toMatch(/,-?\d+\.\d{2},/);
  expect(lines.join("\n")).toContain(participantUid);

  await page.getByRole("link", { name: "Participants" }).click();
  await expect(page).toHaveURL(/tab=participants/);
  const participantsTitle = `Scan Participants Report: ${location.name} ${mmddyyyy(day)}`;
  await expect(page.getByRole("heading", { name: participantsTitle })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Archived" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: participantUid })).toBeVisible();
  await expectAccessible(page);

  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download PDF/ }).click()]);
  expect(pdf.suggestedFilename()).toBe(`${participantsTitle.replace(/:/g, "")}.pdf`);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");

  await page.getByRole("link", { name: "Generate new report" }).click();
  await expect(page).toHaveURL(/\/scan\/reports\/$/);
  await expect(reportForm(page).getByLabel("Report date")).toBeVisible();
});

test("a future date and a missing location are refused at their fields, with no report", async ({ page }) => {
  await useSession(page, SCAN_ONLY.email);
  const future = addDays(today, 1);
  const response = await page.goto(`${PAGE}?date=${future}&location=${location.id}`);
  expect(response?.status(), "a refused report date is a 4xx").toBe(400);
  await expectFieldError(reportForm(page).getByLabel("Report date"), "Report date cannot be in the future");
  await expect(page.getByRole("heading", { name: /Scan Assessments Report/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(PAGE);
  await expectAccessible(page);
  await reportForm(page).getByLabel("Report date").fill(day);
  await reportForm(page).getByLabel("Location").selectOption("");
  const generate = reportForm(page).getByRole("button", { name: "Generate" });
  if (jsEnabled()) {
    await expect(generate, "Generate waits for a location").toBeDisabled();
    await reportForm(page).getByLabel("Location").selectOption(location.id);
    await expect(generate).toBeEnabled();
  } else {
    await generate.click();
    await expect(page).toHaveURL(new RegExp(`date=${day}&location=$`));
    await expectFieldError(reportForm(page).getByLabel("Location"), "Location is required");
    await expect(page.getByRole("heading", { name: /Scan Assessments Report/ })).toHaveCount(0);
    await expectAccessible(page);
  }
});
