/**
 * RTM Billing (issue 10; spec 002 §2 'RTM Billing', §4, §8, §9): the month's worklist with its filters, sort and
 * pager in the URL; a patient's cycles in a row that opens; mark billed / revert with the spec's toasts, the care
 * notes locking and unlocking with them; copy (clipboard with JavaScript, a dialog to select from without);
 * the cycle's and the month's PDFs; what each cycle still needs; the failures' messages; the sidebar's analytics
 * event. Each writing test makes its own patient (a first program opens its RTM episode); both projects.
 */
import { createServer } from "node:http";
import type { Page } from "@playwright/test";
import { test, expect, expectAccessible, jsEnabled } from "./helpers/extra-portal.js";
import { apiAs, createProvider, DEMO_PASSWORD, PRACTITIONER, PROVIDER_ADMIN } from "./helpers/stack.js";
import { careNotes, newHealthPatient, orgClock, sectionUrl, type Api, type PatientRecord } from "./helpers/patient-data.js";
import { createTemplate, tag } from "./helpers/program-builder.js";
import { useSession } from "./helpers/session.js";
import { expectToast, LOGIN_PATH, sidebar, submitLogin } from "./helpers/ui.js";
import type { components } from "../../openapi/provider-api.js";
import { readPdf } from "../../app/media/pdf/test-fixture.js";

type Cycle = components["schemas"]["RtmCycle"];

const WORKLIST = "/rtm-billing/cycles-by-month/";
const LOAD_FAILED = "Sorry we're experiencing an issue, please try reloading the page.";
const TOGGLE_FAILED = "Something went wrong, please refresh and try again";

let api: Api;
let today: string;

test.beforeAll(async () => {
  api = await apiAs(PRACTITIONER.email);
  today = (await orgClock(api)).today;
});

/**
 * A new Health patient with a first program (which opens the RTM episode) and a 20-minute care note of a two-way video
 * call: 98980 is met so far, In Progress until the month closes (ADR 043), billable now after a confirmation.
 */
async function patientMetSoFar(minutes = 20): Promise<{ patient: PatientRecord; name: string; care: Cycle; month: string; author: string }> {
  const patient = await newHealthPatient(api);
  const template = await createTemplate(api, `RTM ${tag()}`);
  const assigned = await api.POST("/v2/health/patients/{id}/assignments", { params: { path: { id: patient.id } }, body: { hepId: template.id, shouldRetireHeps: true } });
  expect(assigned.response.ok, "the first program is assigned").toBe(true);
  const note = await api.POST("/v2/patients/{id}/interactions", {
    params: { path: { id: patient.id } },
    body: { date: today, minutes, notes: "Reviewed the program by video call.", liveInteraction: { method: "VIDEO", twoWay: true } },
  });
  expect(note.response.ok, "the care note is saved").toBe(true);
  const cycles = await patientCycles(patient);
  // The code the minutes meet: 98980 at 20 or more, 98979 at 10–19.
  const [code, billingCode] = minutes >= 20 ? (["PATIENT_INTERACTION", "98980"] as const) : (["BRIEF_PATIENT_INTERACTION", "98979"] as const);
  const care = cycles.find((c) => c.code === code);
  expect(care, "the episode has a care-management cycle").toBeDefined();
  expect(care!.status, "a live call while the month runs: met so far").toBe("IN_PROGRESS");
  expect(care!.billNow, "met so far: it can be billed now, after a confirmation").toMatch(new RegExp(`^Bill ${billingCode} now, before \\w+ closes`));
  const by = note.data!.practitioner;
  return { patient, name: `${patient.patient.lastName}, ${patient.patient.firstName}`, care: care!, month: care!.endDate.slice(0, 7), author: by ? `${by.lastName}, ${by.firstName}` : "—" };
}

async function patientCycles(patient: PatientRecord): Promise<Cycle[]> {
  const r = await api.GET("/v2/health/rtm-cycles", { params: { query: { search: patient.patient.firstName, limit: 50 } } });
  if (!r.data) throw new Error(`rtm cycles: ${r.response.status}`);
  return r.data.items.filter((c) => c.patientRecord.id === patient.id);
}

/**
 * The worklist filtered to one patient (`name` as it shows them: "Last, First"), their row opened. The search is the
 * longer part of the name, the one that tells the patient apart (a test's patient "E2e, Sect63c98827", a seeded
 * boundary patient "Boundary 11 days js, Rtm").
 */
async function openPatientRow(page: Page, month: string, name: string, origin = "") {
  const distinct = name.split(", ").reduce((a, b) => (b.length > a.length ? b : a));
  await page.goto(`${origin}${WORKLIST}?month=${month}&q=${encodeURIComponent(distinct)}`);
  await expect(page.getByRole("heading", { name: "RTM Billing", level: 1 })).toBeVisible();
  const row = patientRow(page, name);
  await expect(row).toHaveCount(1);
  await row.getByText(name, { exact: true }).click();
  await expect(row.getByRole("table")).toBeVisible();
  await expectAccessible(page);
  return row;
}

/** The worklist's patient rows (each a `<details>`: role group). */
const patientRows = (page: Page) => page.getByRole("region", { name: /^Patients with RTM cycles ending in/ }).getByRole("group").filter({ has: page.locator("table") });
const patientRow = (page: Page, name: string) => patientRows(page).filter({ has: page.getByText(name, { exact: true }) });

/** "Bill now" (ADR 043): the confirmation names what billing early may lose; it is a page of its own without JavaScript. */
async function billNow(page: Page, row: ReturnType<Page["getByRole"]>, code: string, name: string, { checkAccessible = true } = {}) {
  await cycleRow(row, code).getByRole("link", { name: `Bill now: ${code} of ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Bill ${code} now for ${name}?` });
  await expect(dialog).toContainText(new RegExp(`Bill ${code} now, before .*\\? `));
  if (checkAccessible) await expectAccessible(page);
  await dialog.getByRole("button", { name: `Bill ${code} now` }).click();
  await expectToast(page, `Successfully marked RTM Cycle for ${inSentence(name)} as billed.`);
}

/** A toast's sentence names the patient "First Last" ("Successfully discharged Ana Rivera"); lists and dialogs "Last, First". */
const inSentence = (shown: string) => shown.split(", ").reverse().join(" ");

const cycleRow = (row: ReturnType<Page["getByRole"]>, billingCode: string) => row.getByRole("row").filter({ has: row.page().getByRole("rowheader", { name: new RegExp(`^${billingCode}`) }) });

test.describe("the worklist", () => {
  test.beforeEach(async ({ page }) => {
    await useSession(page, PRACTITIONER);
  });

  test("a care note meets 98980 so far (In Progress until the month closes); Bill now, after its confirmation, locks the note; Revert unlocks it", async ({ page }) => {
    const { patient, name, month } = await patientMetSoFar();
    const row = await openPatientRow(page, month, name);
    const care = cycleRow(row, "98980");
    await expect(care.getByRole("cell").first()).toHaveText("In Progress");
    await expect(care).toContainText("Care Management");
    await expect(care).toContainText(/Met so far: 98980 — ready when \w+ closes \(\d+ days?\)/);
    await expect(care.getByRole("button", { name: /^Mark billed/ })).toHaveCount(0);
    // (The device-data cycles end with their 30-day interval, usually in another month: the 2026 test shows them.)
    await billNow(page, row, "98980", name);
    await expect(cycleRow(patientRow(page, name), "98980").getByRole("cell").first()).toHaveText("Billed");
    await expectAccessible(page);
    expect((await careNotes(api, patient.id))[0]?.rtmCycleStatus).toBe("BILLED");

    // The patient's Care Management agrees: the note is locked.
    await page.goto(sectionUrl(patient.id, "health", "care"));
    const note = page.getByRole("row").filter({ hasText: "Reviewed the program by video call." });
    await expect(note.getByText("Billed")).toBeVisible();
    await expect(note.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
    await expectAccessible(page);

    const again = await openPatientRow(page, month, name);
    await cycleRow(again, "98980").getByRole("button", { name: `Revert to ready: 98980 of ${name}` }).click();
    await expectToast(page, `Successfully reverted RTM Cycle for ${inSentence(name)} to ready to bill.`);
    // Its month still runs: met so far again (ADR 043).
    await expect(cycleRow(patientRow(page, name), "98980").getByRole("cell").first()).toHaveText("In Progress");
    await expectAccessible(page);
    await page.goto(sectionUrl(patient.id, "health", "care"));
    await expect(page.getByRole("row").filter({ hasText: "Reviewed the program by video call." }).getByRole("link", { name: /^Delete/ })).toHaveCount(1);
    await expectAccessible(page);
  });

  test("2026 codes (ADR 033): at 11 days 98985 is met so far and billed now, then 98977 is refused for that interval with the rule named; 15 minutes are 98979 once a note records a two-way video call, not with an unsuccessful attempt", async ({ page }) => {
    test.slow(); // a bill, the month's CSV, the audit packet and a new patient: ~30 s on a loaded machine
    // The seeded boundary patient of this project (reference-api rtm seed: 11 days of data, 11 days left).
    const lastName = `Boundary 11 days ${test.info().project.name}`;
    const name = `${lastName}, Rtm`;
    const mine = (await api.GET("/v2/health/rtm-cycles", { params: { query: { search: lastName, limit: 50 } } })).data!.items.filter(
      (c) => c.patientRecord.lastName === lastName && c.startDate <= today && c.endDate >= today,
    );
    const short = mine.find((c) => c.code === "SHORT_DEVICE_AND_DATA_TRANSMISSION");
    expect(short, "the boundary patient has a running 98985 cycle").toBeDefined();
    // A retry starts again from an unbilled 98985.
    if (short!.status === "BILLED") await api.POST("/v2/health/rtm-cycles/{id}/revert", { params: { path: { id: short!.id } } });
    await page.goto(`${WORKLIST}?month=${short!.endDate.slice(0, 7)}&q=${encodeURIComponent(lastName)}`);
    const row = patientRow(page, name);
    await expect(row).toHaveCount(1);
    await row.getByText(name, { exact: true }).click();
    const device = row.getByRole("region", { name: `Device supply of ${name}` });
    await expect(device).toContainText("11 of 30 days with data, 11 days left — 98985 met so far");
    await expect(device).toContainText("16 days can still be reached: 98977 applies at 16 — 5 more in the 11 days left");
    await expect(cycleRow(row, "98985").getByRole("cell").first()).toHaveText("In Progress");
    await expect(cycleRow(row, "98985")).toContainText(/Met so far: 98985 — ready when 16 days can no longer be reached/);
    await expect(cycleRow(row, "98985")).toContainText("11/30 days");
    await expect(cycleRow(row, "98977")).toContainText("11 of 16 active days — 5 more needed in the 11 days left");
    await expectAccessible(page);

    await billNow(page, row, "98985", name);
    const after = patientRow(page, name);
    await expect(cycleRow(after, "98985").getByRole("cell").first()).toHaveText("Billed");
    await expect(after.getByRole("region", { name: `Device supply of ${name}` })).toContainText("98985 billed");
    await expect(cycleRow(after, "98977")).toContainText(/98977 and 98985 are never billed for the same 30-day interval: 98985 was billed for /);
    await expect(cycleRow(after, "98977").getByRole("button", { name: /^Mark billed/ })).toHaveCount(0);
    await expectAccessible(page);
    // The month's export for the billing office: the billed 98985 in it, never cached.
    const month = short!.endDate.slice(0, 7);
    const exportLink = page.getByRole("link", { name: `Export ${monthName(month)} (CSV)` });
    await expect(exportLink).toHaveAttribute("href", `/rtm-billing/months/${month}.csv`);
    const exported = await page.request.get((await exportLink.getAttribute("href"))!);
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exported.headers()["cache-control"]).toBe("no-store");
    expect(await exported.text()).toContain(`"${name}",${short!.patientRecord.id},98985,"Device and Data Transmission, 2–15 Days",1,Billed,`);
    // The patient's audit packet of the month (a PDF the portal renders from the same data): the interval's days of data, the code billed.
    const packetLink = after.getByRole("link", { name: `Audit packet (${monthName(month)}) for ${name}, PDF, opens in a new tab` });
    await expect(packetLink).toHaveAttribute("target", "_blank");
    await expect(packetLink).toHaveAttribute("href", `/rtm-billing/months/${month}/patients/${short!.patientRecord.id}.pdf`);
    const packet = await page.request.get((await packetLink.getAttribute("href"))!);
    expect(packet.status()).toBe(200);
    expect(packet.headers()["content-type"]).toBe("application/pdf");
    expect(packet.headers()["cache-control"]).toBe("no-store");
    const packetText = (await readPdf(await packet.body())).text.replace(/\s+/g, " ");
    expect(packetText).toContain("11 of 30 days with data, 11 days left — 98985 billed");
    // The seed's sessions: one a day (noon, the organization's) on the interval's first 11 days.
    for (const [i, day] of [[1, short!.startDate], [11, addDays(short!.startDate, 10)]] as const) expect(packetText).toContain(`${i} ${mmddyyyy(day)} Program session`);

    // A month at 15 minutes: an unsuccessful attempt adds no minutes and is no live call; the note's two-way
    // video call, recorded in the care-note dialog (radio buttons, no JavaScript needed), makes it 98979.
    const patient = await newHealthPatient(api);
    const template = await createTemplate(api, `RTM ${tag()}`);
    expect((await api.POST("/v2/health/patients/{id}/assignments", { params: { path: { id: patient.id } }, body: { hepId: template.id, shouldRetireHeps: true } })).response.ok).toBe(true);
    const note = await api.POST("/v2/patients/{id}/interactions", { params: { path: { id: patient.id } }, body: { date: today, minutes: 15, notes: "Talked through the program." } });
    expect(note.response.ok).toBe(true);
    await page.goto(sectionUrl(patient.id, "health", "care", "?dialog=care-note-new"));
    const add = page.getByRole("dialog", { name: "Add Care Note" });
    await expectAccessible(page);
    await add.getByLabel("Minutes").fill("10");
    await add.getByRole("radio", { name: "Video call" }).check();
    await add.getByRole("radio", { name: /^Unsuccessful attempt/ }).check();
    await add.getByLabel("Notes").fill("No answer.");
    await add.getByRole("button", { name: "Add" }).click();
    await expectToast(page, "Interaction has been successfully added.");
    const attempt = page.getByRole("row").filter({ hasText: "No answer." });
    await expect(attempt.getByRole("cell").nth(0)).toHaveText("10 (not counted)");
    await expect(attempt.getByRole("cell").nth(2)).toHaveText("Unsuccessful attempt (video call)");
    await expect(page.getByText("1 note, 15 minutes; 1 unsuccessful attempt (not counted)")).toBeVisible();
    await expectAccessible(page);
    const careName = `${patient.patient.lastName}, ${patient.patient.firstName}`;
    const thisMonth = monthName(today.slice(0, 7));
    let care = await openPatientRow(page, today.slice(0, 7), careName);
    await expect(care.getByRole("region", { name: `Care management of ${careName}` })).toContainText(`${thisMonth}: 15 minutes, no live interaction logged`);
    await expect(cycleRow(care, "98979")).toContainText("15 minutes of care management; no live interaction logged yet");

    await page.goto(sectionUrl(patient.id, "health", "care", `?dialog=care-note-edit&note=${note.data!.id}`));
    const edit = page.getByRole("dialog", { name: "Edit Care Note" });
    await expectAccessible(page);
    await edit.getByRole("radio", { name: "Video call" }).check();
    await expect(edit.getByRole("radio", { name: /^Two-way/ })).toBeChecked();
    await edit.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Interaction has been updated.");
    await expect(page.getByRole("row").filter({ hasText: "Talked through the program." }).getByRole("cell").nth(2)).toHaveText("Video call, two-way");
    await expectAccessible(page);
    care = await openPatientRow(page, today.slice(0, 7), careName);
    await expect(care.getByRole("region", { name: `Care management of ${careName}` })).toContainText(`${thisMonth}: 15 minutes, live interaction logged — 98979 met so far`);
    await expect(cycleRow(care, "98979").getByRole("cell").first()).toHaveText("In Progress");
    await expect(cycleRow(care, "98980")).toContainText("15 of 20 minutes of care management");
  });

  test("billing never blocks documentation (ADR 043): a care note inside a billed 98975 interval; 98979 billed at 10 minutes after confirming, then 10 more minutes shown as after the bill; 98980 is not reverted while 98981 is billed", async ({ page }) => {
    test.slow(); // two new patients and three bills
    // 98975 at day 2 (nothing better can happen: Ready): the seeded boundary patient (shared by both projects), billed.
    const lastName = "Boundary 02 days";
    const setup = (await api.GET("/v2/health/rtm-cycles", { params: { query: { search: lastName, start: today, end: today, limit: 50 } } })).data!.items.find(
      (c) => c.patientRecord.lastName === lastName && c.code === "PATIENT_SETUP" && c.startDate <= today && c.endDate >= today,
    );
    expect(setup, "the boundary patient has a running set-up cycle").toBeDefined();
    if (setup!.status !== "BILLED") expect((await api.POST("/v2/health/rtm-cycles/{id}/advance", { params: { path: { id: setup!.id } } })).response.status).toBe(200);
    // A care note dated inside the billed interval is accepted (it used to be refused: "This date is in a billed cycle").
    await page.goto(sectionUrl(setup!.patientRecord.id, "health", "care", "?dialog=care-note-new"));
    let add = page.getByRole("dialog", { name: "Add Care Note" });
    await expectAccessible(page);
    await add.getByLabel("Minutes").fill("5");
    await add.getByLabel("Notes").fill(`Checked the data after the set-up bill ${tag()}.`);
    await add.getByRole("button", { name: "Add" }).click();
    await expectToast(page, "Interaction has been successfully added.");
    await expectAccessible(page);

    // 98979 at 10 minutes while the month runs: met so far; billed only through the confirmation.
    const { patient, name, month } = await patientMetSoFar(10);
    const row = await openPatientRow(page, month, name);
    await expect(cycleRow(row, "98979").getByRole("cell").first()).toHaveText("In Progress");
    await expect(cycleRow(row, "98979")).toContainText(/Met so far: 98979 — ready when \w+ closes \(\d+ days?\)/);
    await billNow(page, row, "98979", name);
    await expect(cycleRow(patientRow(page, name), "98979").getByRole("cell").first()).toHaveText("Billed");
    await expectAccessible(page);
    // 10 more minutes after the bill: accepted, shown as after the bill with what the month would reach, not frozen.
    await page.goto(sectionUrl(patient.id, "health", "care", "?dialog=care-note-new"));
    add = page.getByRole("dialog", { name: "Add Care Note" });
    await expectAccessible(page);
    await add.getByLabel("Minutes").fill("10");
    await add.getByLabel("Notes").fill("Adjusted the plan after the bill.");
    await add.getByRole("button", { name: "Add" }).click();
    await expectToast(page, "Interaction has been successfully added.");
    const later = page.getByRole("row").filter({ hasText: "Adjusted the plan after the bill." });
    await expect(later).toContainText(/After 98979 was billed on \w+ \d+ — not part of it; the month would reach 98980/);
    await expect(later.getByRole("link", { name: /^Delete/ })).toHaveCount(1);
    await expect(page.getByRole("row").filter({ hasText: "Reviewed the program by video call." }).getByText("Billed")).toBeVisible();
    await expectAccessible(page);
    const again = await openPatientRow(page, month, name);
    await expect(again.getByRole("region", { name: `Care management of ${name}` })).toContainText(/10 minutes after 98979 was billed on \w+ \d+ — would reach 98980 \(revert 98979 to bill it\)/);
    await expect(cycleRow(again, "98980")).toContainText(/98979 is never billed with 98980 or 98981 in the same calendar month/);

    // Revert in order: 98980 with its month's 98981 billed is refused, the rule named.
    const forty = await patientMetSoFar(40);
    const codes = Object.fromEntries((await patientCycles(forty.patient)).map((c) => [c.billingCode, c]));
    for (const code of ["98980", "98981"]) {
      expect((await api.POST("/v2/health/rtm-cycles/{id}/advance", { params: { path: { id: codes[code]!.id }, query: { billNow: true } } })).response.status, code).toBe(200);
    }
    const fortyRow = await openPatientRow(page, forty.month, forty.name);
    await cycleRow(fortyRow, "98980").getByRole("button", { name: `Revert to ready: 98980 of ${forty.name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: /98981 is billed only with 98980: 98981 is billed for .*; revert 98981 first/ })).toBeVisible();
    await expect(cycleRow(patientRow(page, forty.name), "98980").getByRole("cell").first()).toHaveText("Billed");
  });

  test("a stale Bill now (someone billed it a moment ago) is refused clearly, and the row shows Billed", async ({ page }) => {
    const { name, care, month } = await patientMetSoFar();
    const row = await openPatientRow(page, month, name);
    await cycleRow(row, "98980").getByRole("link", { name: `Bill now: 98980 of ${name}` }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectAccessible(page);
    expect((await api.POST("/v2/health/rtm-cycles/{id}/advance", { params: { path: { id: care.id }, query: { billNow: true } } })).response.status).toBe(200);
    await page.getByRole("alertdialog").getByRole("button", { name: "Bill 98980 now" }).click();
    await expectToast(page, "This RTM cycle's status changed after the page was loaded; the worklist now shows its current status.");
    await expect(cycleRow(patientRow(page, name), "98980").getByRole("cell").first()).toHaveText("Billed");
    await expectAccessible(page);
  });

  test("Copy puts the code and the interactions on the clipboard, or shows them to select; both PDFs are real PDFs, never cached", async ({ page, context }) => {
    const { name, care, month, author } = await patientMetSoFar();
    // Copy and the PDFs are for a billed (or ready) code: billed now through the API.
    expect((await api.POST("/v2/health/rtm-cycles/{id}/advance", { params: { path: { id: care.id }, query: { billNow: true } } })).response.status).toBe(200);
    // Each interaction with its minutes, how they were entered, its call and who entered it (ADR 033).
    const interaction = `${mmddyyyy(today)}: 20 minutes · Typed · Video call, two-way · live interaction · entered by ${author}`;
    const expected = [`98980 Care Management`, `${name} · ${mmddyyyy(care.startDate)} – ${mmddyyyy(care.endDate)}`, "Patient interactions:", interaction].join("\n");
    const row = await openPatientRow(page, month, name);
    const copy = cycleRow(row, "98980").getByRole(jsEnabled() ? "button" : "link", { name: `Copy 98980 for ${name}` });
    if (jsEnabled()) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expectToast(page, `Successfully copied 98980 for ${name}`);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      // A clipboard that refuses: the spec's failure message, and the text to select by hand.
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
      });
      await copy.click();
      await expectToast(page, "Something went wrong copying the data.");
      await expect(page.getByRole("dialog", { name: `Copy 98980 for ${name}` }).getByRole("textbox", { name: "Cycle text" })).toHaveValue(expected);
      await expectAccessible(page);
      await page.getByRole("dialog").getByRole("link", { name: "Done" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    } else {
      await copy.click();
      const dialog = page.getByRole("dialog", { name: `Copy 98980 for ${name}` });
      await expect(dialog.getByRole("textbox", { name: "Cycle text" })).toHaveValue(expected);
      await expectAccessible(page);
      await dialog.getByRole("link", { name: "Done" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }

    const cyclePdf = cycleRow(patientRow(page, name), "98980").getByRole("link", { name: `PDF of 98980 for ${name} (opens in a new tab)` });
    await expect(cyclePdf).toHaveAttribute("target", "_blank");
    const monthPdf = page.getByRole("link", { name: new RegExp(`^Month PDF .* for ${name}`) });
    await expect(monthPdf).toHaveAttribute("href", /^\/rtm-billing\/monthly-summaries\/[0-9a-f-]{36}\.pdf$/);
    expect((await monthPdf.getAttribute("href"))!.startsWith("/rtm-billing/monthly-summaries/")).toBe(true);
    await expect(monthPdf).toHaveAttribute("target", "_blank");
    for (const href of [await cyclePdf.getAttribute("href"), await monthPdf.getAttribute("href")]) {
      const res = await page.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect(res.headers()["cache-control"]).toBe("no-store");
      expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  test("the month picker offers 12 months back to 2 ahead; the status filter lives in the URL", async ({ page }) => {
    await page.goto(WORKLIST);
    await expect(page.getByRole("heading", { level: 2, name: monthName(today.slice(0, 7)) })).toBeVisible();
    await expectAccessible(page);
    const months = page.getByRole("combobox", { name: "Month" }).locator("option");
    await expect(months).toHaveCount(15);
    await expect(months.first()).toHaveAttribute("value", shiftMonth(today.slice(0, 7), -12));
    await expect(months.last()).toHaveAttribute("value", shiftMonth(today.slice(0, 7), 2));
    // A month without cycles in an organization that has them: not the spec's empty state for an organization without.
    const ahead = shiftMonth(today.slice(0, 7), 2);
    await page.goto(`${WORKLIST}?month=${ahead}`);
    await expect(page.getByText(`No RTM cycles end in ${monthName(ahead)}.`)).toBeVisible();
    await expect(page.getByText("You haven't assigned any patients yet")).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(WORKLIST);
    await expectAccessible(page);

    // Ready to Bill only: every cycle shown is ready to bill.
    const filters = page.getByRole("search", { name: "Filter RTM cycles" });
    await filters.getByLabel("Ready to Bill").check();
    if (!jsEnabled()) await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=READY_TO_BILL/);
    await expectAccessible(page);
    // With JavaScript the URL changes before the filtered rows stream in, and the unfiltered groups stay until they do:
    // a group opened before then is replaced by a closed one. Each try opens the first group shown, if closed, and reads it.
    const groups = patientRows(page);
    await expect.poll(() => groups.count()).toBeGreaterThan(0);
    const statuses = async () => {
      const first = groups.first();
      if ((await first.getAttribute("open")) === null) await first.locator("> summary").click();
      return first.getByRole("row").filter({ has: page.getByRole("rowheader") }).getByRole("cell").first().allTextContents();
    };
    await expect.poll(async () => [...new Set(await statuses())]).toEqual(["Ready to Bill"]);
  });

  test("needs attention lists the cycles at risk with what each still needs; the header sort cycles in the URL", async ({ page }) => {
    await page.goto(`${WORKLIST}?attention=1`);
    await expectAccessible(page);
    await expect(page.getByRole("search", { name: "Filter RTM cycles" }).getByLabel("Needs attention")).toBeChecked();
    // The demo world always has running cycles that are not billable yet.
    const atRisk = patientRows(page);
    await expect.poll(() => atRisk.count()).toBeGreaterThan(0);
    await atRisk.first().locator("> summary").click();
    const needs = await atRisk.first().getByRole("row").filter({ has: page.getByRole("rowheader") }).getByRole("cell").nth(4).allTextContents();
    expect(needs.length).toBeGreaterThan(0);
    // ADR 033: what a cycle still needs, a code that applies instead, or the rule that refuses it.
    for (const n of needs) expect(n).toMatch(/ of \d+ (active days|minutes)| minutes of care management| applies to this (interval|month) instead|^98977 and 98985|^98979 is never|^98975 once/);

    // Header sort: none → ascending (followed), then its link goes on to descending, and from there back to none.
    const sortByName = () => page.getByRole("group", { name: "Sort patients" }).getByRole("link", { name: /^Patient/ });
    await sortByName().click();
    await expect(page).toHaveURL(/attention=1&sort=name&dir=asc/);
    await expectAccessible(page);
    await expect(sortByName()).toHaveAttribute("href", /sort=name&dir=desc/);
    await expect(page.getByRole("group", { name: "Sort patients" }).getByRole("link", { name: /^Status/ })).toHaveAttribute("href", /sort=status&dir=asc/);
  });

  test("the billing/{section} addresses lead to the worklist; an unknown section and a foreign cycle's PDF are not found", async ({ page }) => {
    test.slow(); // a second organization with a cycle of its own
    await page.goto("/billing/cycles-by-month/?month=" + today.slice(0, 7));
    await expect(page).toHaveURL(new RegExp(`${WORKLIST.replace(/\//g, "\\/")}\\?month=${today.slice(0, 7)}$`));
    await expectAccessible(page);
    await page.goto("/billing/nothing-here/");
    await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
    await expectAccessible(page);
    // Another organization's cycle (a new Health organization's first patient with a program): 404 for both.
    const other = await createProvider({ role: "PORTAL_PROVIDER_ADMIN", products: ["HEALTH"] });
    const otherApi = await apiAs(other.email, other.password);
    const otherPatient = await newHealthPatient(otherApi);
    const template = await createTemplate(otherApi, `RTM ${tag()}`);
    await otherApi.POST("/v2/health/patients/{id}/assignments", { params: { path: { id: otherPatient.id } }, body: { hepId: template.id, shouldRetireHeps: true } });
    const foreign = (await otherApi.GET("/v2/health/rtm-cycles", { params: { query: { limit: 1 } } })).data?.items[0];
    expect(foreign, "the other organization has a cycle").toBeDefined();
    expect((await page.request.get(`/rtm-billing/cycles/${foreign!.id}.pdf`)).status()).toBe(404);
    // Opened in the browser (the link opens a tab): the spec's words in the portal's design, not raw JSON.
    expect((await page.goto(`/rtm-billing/cycles/${foreign!.id}.pdf`))!.status()).toBe(404);
    await expect(page.getByRole("alert")).toHaveText("Failed to fetch PDF");
    await expectAccessible(page);
    expect((await api.GET("/v2/health/rtm-cycles/{id}/pdf-url", { params: { path: { id: foreign!.id } } })).response.status).toBe(404);
  });
});

/**
 * Issue 32: the billing office (an admin) marks 98985 after a clinician marked 98975 — accepted under the same billing
 * (rendering) practitioner, refused with the rule named once another practitioner is the one the set-up was billed
 * under; the month's CSV names the claim (rendering practitioner, NPI, modifiers, billed on and by) on every row.
 */
test("the billing office bills under the patient's billing practitioner; the CSV names the claim", async ({ page }) => {
  test.slow(); // two bills (accepted, then refused under another billing practitioner), the month's CSV
  const lastName = `Claim 11 days ${test.info().project.name}`;
  const name = `${lastName}, Rtm`;
  const admin = await apiAs(PROVIDER_ADMIN.email);
  const cycles = (await api.GET("/v2/health/rtm-cycles", { params: { query: { search: lastName, limit: 50 } } })).data!.items.filter((c) => c.patientRecord.lastName === lastName && c.startDate <= today && c.endDate >= today);
  const setup = cycles.find((c) => c.code === "PATIENT_SETUP")!;
  const short = cycles.find((c) => c.code === "SHORT_DEVICE_AND_DATA_TRANSMISSION")!;
  const patientId = setup.patientRecord.id;
  // A retry starts again: nothing billed, billed under the primary provider.
  for (const c of [short, setup]) if (c.status === "BILLED") await admin.POST("/v2/health/rtm-cycles/{id}/revert", { params: { path: { id: c.id } } });
  const billUnder = async (rtmBillingPractitionerId: string | null) => {
    const changed = await admin.PATCH("/v2/patients/{id}/", { params: { path: { id: patientId } }, body: { rtmBillingPractitionerId } });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
  };
  await billUnder(null);
  // The clinician marks the set-up.
  expect((await api.POST("/v2/health/rtm-cycles/{id}/advance", { params: { path: { id: setup.id } } })).response.status).toBe(200);

  await useSession(page, PROVIDER_ADMIN);
  const month = short.endDate.slice(0, 7);
  const open = async () => {
    await page.goto(`${WORKLIST}?month=${month}&q=${encodeURIComponent(lastName)}`);
    const r = patientRow(page, name);
    await expect(r).toHaveCount(1);
    await r.getByText(name, { exact: true }).click();
    await expectAccessible(page);
    return r;
  };
  const row = await open();
  // At 11 days 98985 is met so far (16 can still be reached): billed now, after its confirmation (ADR 043).
  await billNow(page, row, "98985", name);
  await expectAccessible(page);
  // The worklist names the claim: the billed code's billed on/by and under whom (issue 32).
  await expect(cycleRow(patientRow(page, name), "98985")).toContainText(/Billed \d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M [A-Z]{3,4} by Reyes, Daniel, under Okafor, Maya/);

  // The CSV: the new columns, filled on every row of the patient's month.
  const csv = await (await page.request.get(await page.getByRole("link", { name: `Export ${monthName(month)} (CSV)` }).getAttribute("href") ?? "")).text();
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toContain("Interval start,Interval end,");
  expect(header).toMatch(/,Rendering practitioner,NPI,Credential,Modifiers,Place of service,Billed on,Billed by$/);
  const mine = lines.filter((l) => l.includes(patientId));
  expect(mine.length).toBeGreaterThanOrEqual(3);
  for (const l of mine) expect(l).toMatch(/,"Okafor, Maya",\d{10},PT,GP,,(not billed,not billed|\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M [A-Z]{3,4},"(Reyes, Daniel|Okafor, Maya)")$/);
  expect(mine.find((l) => l.includes(",98985,"))).toMatch(/"Reyes, Daniel"$/);
  expect(mine.find((l) => l.includes(",98975,"))).toMatch(/"Okafor, Maya"$/);

  // Another billing practitioner for the patient: 98985 (reverted) is refused, the rule named (issue 32). The seeded
  // patient is a valid Health record now (side and body part: the edit answered 400 without them).
  expect((await admin.POST("/v2/health/rtm-cycles/{id}/revert", { params: { path: { id: short.id } } })).response.status).toBe(200);
  const priya = (await admin.GET("/v2/practitioners")).data!.find((p) => p.email === "practitioner2@frontrange.example")!;
  await billUnder(priya.id);
  const again = await open();
  await expect(again.getByText("Billing practitioner: Natarajan, Priya", { exact: false })).toBeVisible();
  await cycleRow(again, "98985").getByRole("link", { name: `Bill now: 98985 of ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Bill 98985 now for ${name}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Bill 98985 now" }).click();
  await expect(page.getByRole("status").getByText(/Only one practitioner bills a patient's device supply in 30 days: another practitioner billed 98975/).first()).toBeVisible();
  await expectAccessible(page);
  await billUnder(null);
});

test("a new organization's provider sees the spec's empty state", async ({ page }) => {
  const provider = await createProvider({ role: "PORTAL_PRACTITIONER", products: ["HEALTH"] });
  await useSession(page, { email: provider.email, password: provider.password });
  await page.goto(WORKLIST);
  await expect(page.getByText("You haven't assigned any patients yet")).toBeVisible();
  await expectAccessible(page);
});

test.describe("failures and analytics (a portal of their own)", () => {
  test.describe.configure({ timeout: 90_000 });

  async function signIn(page: Page, origin: string) {
    await submitLogin(page, PRACTITIONER.email, DEMO_PASSWORD, `${origin}${LOGIN_PATH}`);
    await expect(page).toHaveURL(`${origin}/home/`);
    await expectAccessible(page);
  }

  test("the cycles fail to load: the spec's message (a later page goes back to page 1 first); a failed toggle says so", async ({ page, startExtraPortal, faultProxy }) => {
    const { name, care, month } = await patientMetSoFar();
    const portal = await startExtraPortal({ env: { PROVIDER_API_URL: faultProxy.url } });
    await signIn(page, portal.url);
    const path = `/v2/health/rtm-cycles/${month}`;
    faultProxy.inject({ method: "GET", path, times: 1, fault: { kind: "status", status: 500 } });
    const res = await page.goto(`${portal.url}${WORKLIST}?month=${month}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: LOAD_FAILED })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Month" })).toHaveValue(month);
    await expectAccessible(page);

    faultProxy.inject({ method: "GET", path, times: 1, fault: { kind: "status", status: 500 } });
    await page.goto(`${portal.url}${WORKLIST}?month=${month}&page=3`);
    await expect(page).toHaveURL(new RegExp(`\\?month=${month}$`));
    await expectToast(page, LOAD_FAILED);
    await expectAccessible(page);

    const row = await openPatientRow(page, month, name, portal.url);
    faultProxy.inject({ method: "POST", path: `/v2/health/rtm-cycles/${care.id}/advance`, times: 1, fault: { kind: "status", status: 500 } });
    await cycleRow(row, "98980").getByRole("link", { name: `Bill now: 98980 of ${name}` }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Bill 98980 now" }).click();
    await expectToast(page, TOGGLE_FAILED);
    await expect(cycleRow(patientRow(page, name), "98980").getByRole("cell").first()).toHaveText("In Progress");
    await expectAccessible(page);
  });

  test("clicking RTM Billing in the sidebar records an analytics event (ids only), then shows the clean address", async ({ page, startExtraPortal }) => {
    const events: Record<string, unknown>[] = [];
    const collector = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        events.push(JSON.parse(body) as Record<string, unknown>);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
    try {
      const address = collector.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const portal = await startExtraPortal({ env: { ANALYTICS_ENABLED: "true", ANALYTICS_URL: `http://127.0.0.1:${port}/collect` } });
      await signIn(page, portal.url);
      await sidebar(page).getByRole("link", { name: "RTM Billing" }).click();
      await expect(page).toHaveURL(`${portal.url}${WORKLIST}`);
      await expect(page.getByRole("heading", { name: "RTM Billing", level: 1 })).toBeVisible();
      await expectAccessible(page);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({ name: "rtm-billing-opened", source: "sidebar", app: "portal" });
      expect(JSON.stringify(events[0])).not.toContain(PRACTITIONER.email);
      // Opening the page any other way records nothing.
      await page.goto(`${portal.url}${WORKLIST}`);
      await expectAccessible(page);
      expect(events).toHaveLength(1);
    } finally {
      await new Promise((r) => collector.close(r));
    }
  });
});

function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
function mmddyyyy(day: string) {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}
function shiftMonth(yearMonth: string, months: number) {
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  const i = y * 12 + m - 1 + months;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
}
function monthName(yearMonth: string) {
  return new Date(`${yearMonth}-15T12:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}
