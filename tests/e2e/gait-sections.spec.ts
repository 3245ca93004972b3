/**
 * The Gait sections of the patient detail (issue 4; spec 000 §2.8 Gait activity view, §5, §8, §9): the
 * Assessment list (measure groups, speed to 2 decimals, threshold warnings), the therapist comment dialogs
 * (add, view, edit, delete with confirmation; the §5 limits), and Progress charts (only with a GAIT-SA-2
 * session in the range, the notice about older data, tables without JavaScript, the plot with it).
 * Gait sessions cannot be created through the API: comments are written on a demo session chosen per project
 * (so the two projects never share one) and removed at the end.
 */
import { test, expect, expectAccessible, jsEnabled } from "./fixtures.js";
import { PRACTITIONER, apiAs } from "./helpers/stack.js";
import { expectFieldError } from "./helpers/ui.js";
import { gaitSessions, listPatients, orgClock, sectionUrl, type Api, type GaitSession, type PatientRecord } from "./helpers/patient-data.js";
import { useSession } from "./helpers/session.js";
import { dayIn } from "../../app/domain/date-range.js";

let api: Api;
let clock: Awaited<ReturnType<typeof orgClock>>;
/** Gait patients with their sessions (all of them), most recently active first. */
let world: { patient: PatientRecord; sessions: GaitSession[] }[];

test.beforeAll(async () => {
  test.setTimeout(90_000);
  api = await apiAs(PRACTITIONER.email);
  clock = await orgClock(api);
  const patients = (await listPatients(api, "gait", 15)).filter((p) => p.productData.gait?.mostRecentSession);
  world = await Promise.all(patients.map(async (patient) => ({ patient, sessions: await gaitSessions(api, patient.id) })));
});

test.beforeEach(async ({ page }) => {
  await useSession(page, PRACTITIONER);
});

const mmddyyyy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const dayOf = (s: GaitSession) => dayIn(clock.timeZone, s.capturedDate);
const measure = (s: GaitSession, name: string) => s.session.data.items.flatMap((i) => i.measures).find((m) => m.name === name && !m.disabled);
const inLast30 = (s: GaitSession) => s.capturedDate >= clock.lastDays(30).start;
const custom = (from: string, to: string) => `?from=${from}&to=${to}`;

test("the assessment list shows measures (speed to 2 decimals) and the speed warning", async ({ page }) => {
  const match = world.flatMap(({ patient, sessions }) => sessions.filter((s) => inLast30(s) && (measure(s, "avgSpeed")?.value ?? 1) < 0.8).map((s) => ({ patient, s })))[0];
  expect(match, "a demo session slower than 0.8 m/s in the last 30 days").toBeDefined();
  const { patient, s } = match!;
  const day = dayOf(s);
  await page.goto(sectionUrl(patient.id, "gait", "activity", custom(day, day)));
  await expectAccessible(page);
  await expect(page.getByRole("link", { name: "Assessment" })).toHaveAttribute("aria-current", "page");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: new RegExp(`^${mmddyyyy(day)} `) }) }).first();
  await expect(card.getByRole("list", { name: "Warnings" }).getByText("Average speed is below 0.8 m/s.")).toBeVisible();
  const speed = card.getByRole("region", { name: /^Speed of / });
  await expect(speed.getByText(`${measure(s, "avgSpeed")!.value.toFixed(2)} m/s`)).toBeVisible();
  const distance = measure(s, "distance");
  if (distance) await expect(speed.getByText(`${distance.value.toFixed(1)} m`)).toBeVisible();
});

test("a therapist comment is added, viewed, edited and deleted (with confirmation)", async ({ page }) => {
  test.slow(); // six pages
  // One session per project: the two projects may run at the same time.
  const candidates = world.flatMap(({ patient, sessions }) => sessions.filter((s) => inLast30(s) && !s.session.meta.comment).map((s) => ({ patient, s })));
  const { patient, s } = candidates[jsEnabled() ? 0 : 1]!;
  const day = dayOf(s);
  const url = sectionUrl(patient.id, "gait", "activity", custom(day, day));
  try {
    await page.goto(url);
    await expectAccessible(page);
    const time = new Intl.DateTimeFormat("en-US", { timeZone: clock.timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(s.capturedDate));
    const title = `${mmddyyyy(day)} ${time}`;
    await page.getByRole("link", { name: `Add comment to ${title}` }).click();
    let dialog = page.getByRole("dialog", { name: `Therapist Comment, ${title}` });
    await expect(dialog.getByLabel("Comment")).toHaveValue("");
    await expectAccessible(page);

    // The limits of §5: required, at most 1000 characters with a line break counting as two.
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectFieldError(dialog.getByLabel("Comment"), "Comment is required.");
    const tooLong = `${"a".repeat(500)}\n${"b".repeat(499)}`;
    await dialog.getByLabel("Comment").fill(tooLong);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectFieldError(dialog.getByLabel("Comment"), "Max Character Limit is 1000");
    await expect(dialog.getByLabel("Comment")).toHaveValue(tooLong);
    await expectAccessible(page);

    await dialog.getByLabel("Comment").fill("Steady on both laps.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Comment has been saved.")).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText("Steady on both laps.")).toBeVisible();

    await page.getByRole("link", { name: `View comment of ${title}` }).click();
    dialog = page.getByRole("dialog", { name: `Therapist Comment, ${title}` });
    await expect(dialog.getByText("Steady on both laps.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Edit" }).click();
    await expect(dialog.getByLabel("Comment")).toHaveValue("Steady on both laps.");
    await expectAccessible(page);
    await dialog.getByLabel("Comment").fill("Steady on both laps; no cane.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").getByText("Comment has been saved.")).toBeVisible();
    await expectAccessible(page);
    expect((await gaitSessions(api, patient.id)).find((x) => x.id === s.id)!.session.meta.comment).toBe("Steady on both laps; no cane.");

    await page.getByRole("link", { name: `View comment of ${title}` }).click();
    await expect(dialog.getByText("Steady on both laps; no cane.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Comment" });
    await expect(confirm).toContainText("Steady on both laps; no cane.");
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").getByText("Comment has been deleted.")).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: `Add comment to ${title}` })).toBeVisible();
    expect((await gaitSessions(api, patient.id)).find((x) => x.id === s.id)!.session.meta.comment).toBeNull();
  } finally {
    await api.POST("/v2/gait/sessions/{id}/comment", { params: { path: { id: s.id } }, body: { comment: null } });
  }
});

test("progress charts use GAIT-SA-2 sessions, with the notice about older data", async ({ page }) => {
  // A patient whose sessions include both schemas; the range spans them.
  const match = world.find(({ sessions }) => sessions.some((s) => s.sessionSchema === "GAIT_SA_2") && sessions.some((s) => s.sessionSchema === "GAIT_SA_1"));
  expect(match, "a demo patient with sessions of both schemas").toBeDefined();
  const { patient, sessions } = match!;
  const days = sessions.map(dayOf).sort();
  await page.goto(sectionUrl(patient.id, "gait", "progress", custom(days[0]!, days.at(-1)!)));
  await expectAccessible(page);
  await expect(page.getByRole("note").filter({ hasText: "GAIT-SA-1" })).toHaveText("Sessions recorded with an older version of the gait assessment (GAIT-SA-1) are not charted.");
  const figure = page.getByRole("figure", { name: "Average Speed" });
  // Drawn by the server (both projects): the image, named and described.
  const chart = figure.getByRole("img", { name: "Average Speed" });
  await expect(chart).toHaveAccessibleDescription(/average gait speed/);
  if (jsEnabled()) await figure.getByText("Show data table").click();
  const v2 = sessions.filter((s) => s.sessionSchema === "GAIT_SA_2");
  await expect(figure.getByRole("row")).toHaveCount(1 + new Set(v2.map(dayOf)).size);
  const newest = v2[0]!;
  const speed = measure(newest, "avgSpeed")!.value;
  const row = figure.getByRole("row").filter({ has: page.getByRole("rowheader", { name: mmddyyyy(dayOf(newest)) }) });
  await expect(row.getByRole("cell").first()).toContainText(speed.toFixed(2));
  if (speed < 0.8) await expect(row.getByRole("cell").first()).toContainText("Average speed is below 0.8 m/s.");
});

test("without a GAIT-SA-2 session in the range there are no charts, only the notice", async ({ page }) => {
  const match = world
    .flatMap(({ patient, sessions }) => sessions.filter((s) => s.sessionSchema === "GAIT_SA_1" && !sessions.some((o) => o.sessionSchema === "GAIT_SA_2" && dayOf(o) === dayOf(s))).map((s) => ({ patient, s })))
    .at(0);
  expect(match, "a day with only GAIT-SA-1 sessions").toBeDefined();
  const day = dayOf(match!.s);
  await page.goto(sectionUrl(match!.patient.id, "gait", "progress", custom(day, day)));
  await expectAccessible(page);
  await expect(page.getByRole("note").filter({ hasText: "GAIT-SA-1" })).toContainText("are not charted");
  await expect(page.getByRole("figure")).toHaveCount(0);
});
