import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { exerciseChartSvg, proChartSvg } from "./report-charts.server";
import { NO_ACTIVITY, NO_EXERCISE_DATA, TIME_NOTE, exerciseSection, programGoals, proSection, reportModel, type ActivityReport } from "./report-data";
import { FIXTURE_GOALS, reportFixture } from "./report-fixture";
import { flatten, pdfFonts, readStructure, WORLD_NAMES } from "../../../media/pdf/test-fixture";
import { renderPatientReportPdf } from "./report-pdf.server";

const TZ = "America/Denver";
// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function read(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return { text: text.text, pages: text.total, info: info.info as Record<string, unknown> };
  } finally {
    await parser.destroy();
  }
}

const count = (text: string, s: string) => text.split(s).length - 1;

async function render(report: ActivityReport, logo: Uint8Array | null = PNG) {
  const model = reportModel(report, TZ, FIXTURE_GOALS);
  const pdf = await renderPatientReportPdf({ model, period: report.meta, logo });
  return { model, pdf, ...(await read(pdf)) };
}

describe("report data", () => {
  const report = reportFixture(30);
  const [rom, left, , time, repsOrTime] = report.exercises;

  it("charts ROM as minimum and maximum per day, and reps with the daily goal of the program", () => {
    const r = exerciseSection(rom!, FIXTURE_GOALS);
    expect(r).toMatchObject({ metric: "ROM", title: "Seated Knee Flexion (Left)", yName: "Degrees", goal: null, empty: false });
    expect(r.points[0]).toMatchObject({ day: rom!.days[0]!.date, min: rom!.days[0]!.minRange, max: rom!.days[0]!.maxRange });
    const reps = exerciseSection(left!, FIXTURE_GOALS);
    expect(reps).toMatchObject({ metric: "REPS", goal: 60, chartTitle: "Seated Knee Extension (Left): repetitions per day" });
    expect(reps.goalLabel).toBe("Daily goal: 60 reps (10 × 3 sets × 2 a day)");
    expect(reps.table.rows).toHaveLength(left!.days.length);
    expect(exerciseSection(repsOrTime!, FIXTURE_GOALS)).toMatchObject({ metric: "REPS", goal: 10 });
    expect(exerciseSection(time!, FIXTURE_GOALS)).toMatchObject({ metric: "TIME", goal: null, note: TIME_NOTE, goalLabel: "Goal: 30 s per set, 3 sets, 1 a day" });
  });

  it("has no goal without a program, and an exercise without measured ROM is empty", () => {
    expect(exerciseSection(left!).goal).toBeNull();
    const noRom = exerciseSection({ ...rom!, days: [{ date: "2026-03-02", totalReps: 4, minRange: null, maxRange: null }] });
    expect(noRom.empty).toBe(true);
    expect(exerciseChartSvg(noRom, report.meta)).toBeNull();
    expect(noRom.table.rows).toEqual([["03/02/2026", "4", "–", "–"]]);
  });

  it("writes a range of motion in degrees with 0 decimals, as the API's report and every screen do (issue 25)", () => {
    const r = exerciseSection({ ...rom!, days: [{ date: "2026-03-02", totalReps: 4, minRange: 12.25, maxRange: 96.5 }] });
    expect(r.table.rows).toEqual([["03/02/2026", "4", "12", "97"]]);
  });

  it("labels pain and strength, defaults the y range to 0–10 and keeps numeric answers only", () => {
    const pain = proSection({ ...report.pros[0]!, answers: [{ dateTime: "2026-03-05T05:00:00.000Z", value: "4" }, { dateTime: "2026-03-06T18:00:00.000Z", value: "n/a" }] }, TZ);
    expect(pain).toMatchObject({ title: "Pain Level", yRange: [0, 10], empty: false });
    expect(pain.points).toEqual([{ dateTime: "2026-03-05T05:00:00.000Z", day: "2026-03-04", label: "03/04", value: 4 }]);
    expect(pain.table.rows).toEqual([["03/04/2026", "4"], ["03/06/2026", "n/a"]]);
    expect(proSection(report.pros[1]!, TZ)).toMatchObject({ title: "Strength Level", yRange: [0, 10] });
    expect(proSection({ ...report.pros[0]!, isChartable: false }, TZ).empty).toBe(true);
  });

  it("summarises the patient, the period and the counts; an empty period has no sections", () => {
    const model = reportModel(report, TZ);
    expect(model.details).toContainEqual(["Patient", "Rivera, Ana"]);
    expect(model.details).toContainEqual(["Programs", "Knee strengthening, phase 1"]);
    expect(model.details).toContainEqual(["Involved side", "Left"]);
    expect(model.counts[0]).toEqual({ label: "Days with any activity", value: `${report.meta.dayCountAnyActivity} of 30` });
    const empty = reportModel(reportFixture(30, { activity: false }), TZ);
    expect(empty).toMatchObject({ noActivity: true, exercises: [], pros: [] });
  });

  it("goals come from the programs' blocks", () => {
    const goals = programGoals([{ dailyFrequency: 2, blocks: [{ id: 1, uuid: "u", exerciseId: "S-0003", sideOfBody: "LEFT", numSets: 3, setGoal: { goalType: "REPS", reps: 10, time: null } }] }]);
    expect(goals).toEqual([{ exerciseId: "S-0003", sideOfBody: "LEFT", goalType: "REPS", reps: 10, time: null, numSets: 3, dailyFrequency: 2 }]);
  });
});

describe("charts", () => {
  it("are SVG told apart without colour: dashed minimum, solid maximum, the goal as a marked line", () => {
    const report = reportFixture(30);
    const rom = exerciseChartSvg(exerciseSection(report.exercises[0]!), report.meta)!;
    expect(rom).toMatch(/^<svg/);
    expect(rom).toContain("stroke-dasharray");
    expect(rom).toContain("Maximum");
    expect(rom).toContain("Minimum");
    const reps = exerciseChartSvg(exerciseSection(report.exercises[1]!, FIXTURE_GOALS), report.meta)!;
    expect(reps).toContain("Goal 60");
    expect(proChartSvg(proSection(report.pros[0]!, TZ), report.meta)).toContain("Pain Level");
  });
});

describe("the report PDF", () => {
  it("has the header, the counts, one chart per exercise and PRO, page numbers, title and language", async () => {
    const report = reportFixture(30);
    const { text, pages, info, pdf, model } = await render(report);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(info.Title).toBe("Patient Report: Rivera, Ana");
    expect(info.Language).toBe("en-US");
    for (const s of ["Front Range Physical Therapy", "Patient Activity Report", "Patient: Rivera, Ana", "Provider: Okafor, Maya", "Location: Denver Downtown Clinic", "Involved side: Left", "Involved body part: Knee", "Programs: Knee strengthening, phase 1"]) expect(text).toContain(s);
    expect(text).toContain(`${report.meta.dayCountAnyActivity} of 30`);
    expect(text).toContain("Days with any activity");
    expect(text).toContain("Days with sessions");
    expect(text).toContain("Days with survey answers");
    // One chart per exercise and side, one per PRO: each has its title once and its own legend.
    expect(model.exercises).toHaveLength(5);
    for (const e of model.exercises) expect(count(text, e.chartTitle)).toBe(1);
    expect(count(text, "Maximum")).toBe(1);
    expect(count(text, "Repetitions\n")).toBeGreaterThanOrEqual(4);
    expect(count(text, "Pain Level: answers over time")).toBe(1);
    expect(count(text, "Strength Level: answers over time")).toBe(1);
    expect(text).toContain("Goal 60");
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The logo is the one raster image (with its alpha mask); the charts are vector paths and text.
    expect(count(pdf.toString("latin1"), "/Subtype /Image")).toBe(2);
    // Tagged (ADR 046): the title, sections and charts' headings, each chart a figure with its text alternative,
    // each table of values a table with header cells.
    const elements = (await readStructure(pdf)).pages.flatMap(flatten);
    expect(elements.filter((e) => e.role === "H1").map((e) => e.text)).toEqual(["Patient Activity Report"]);
    expect(elements.filter((e) => e.role === "H2").map((e) => e.text)).toEqual(["Exercises", "Surveys (patient-reported outcomes)"]);
    expect(elements.filter((e) => e.role === "H3").map((e) => e.text)).toContain(model.exercises[0]!.chartTitle);
    const raw = pdf.toString("latin1");
    expect(count(raw, "/S /Figure")).toBe(model.exercises.length + model.pros.length);
    expect(count(raw, "/Alt (Chart: ")).toBe(model.exercises.length + model.pros.length);
    expect(elements.filter((e) => e.role === "TH").length).toBeGreaterThan(0);
  });

  it("an empty period gives a one-page report that says there is no activity", async () => {
    const { text, pages } = await render(reportFixture(30, { activity: false }), null);
    expect(pages).toBe(1);
    expect(text).toContain(NO_ACTIVITY);
    expect(text).toContain("0 of 30");
    expect(text).toContain("Page 1 of 1");
    expect(text).not.toContain(NO_EXERCISE_DATA);
  });

  it("prints names in any script as they are, in the embedded subset of the Unicode font (ADR 032)", async () => {
    const N = WORLD_NAMES;
    const report = reportFixture(30, { activity: false });
    report.organization = { ...report.organization, name: N.chinese };
    report.patientRecord.patient = { ...report.patientRecord.patient, lastName: N.vietnamese, firstName: N.polish };
    report.provider = { ...report.provider!, lastName: N.greek, firstName: N.chinese };
    report.patientRecord.location = { ...report.patientRecord.location!, name: N.arabic };
    const { text, info, pdf } = await render(report, null);
    for (const line of [N.chinese, `Patient: ${N.vietnamese}, ${N.polish}`, `Provider: ${N.greek}, ${N.chinese}`, `Location: ${N.arabic}`]) expect(text).toContain(`${line}\n`);
    expect(text).not.toContain("?");
    expect(info.Title).toBe(`Patient Report: ${N.vietnamese}, ${N.polish}`);
    // Subsets of the two weights, nothing else (no standard font); the full fonts are about 3.7 MB each.
    expect(pdfFonts(pdf)).toEqual({ baseFonts: [expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Bold$/), expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Regular$/)], embeddedFiles: 2 });
    expect(pdf.length).toBeLessThan(40_000);
  });

  it("draws the charts' text in the Unicode font too: a survey's title in Greek is its legend", async () => {
    const report = reportFixture(30);
    const { text, pdf } = await render({ ...report, pros: [{ ...report.pros[0]!, questionId: "CUSTOM", text: WORLD_NAMES.greek }] }, null);
    expect(count(text, WORLD_NAMES.greek)).toBeGreaterThanOrEqual(2);
    expect(pdfFonts(pdf).baseFonts.every((f) => /^[A-Z]{6}\+ExerPdfSans-(Regular|Bold)$/.test(f))).toBe(true);
  });

  it("stays under 1 MB for 90 days", async () => {
    const { pdf, pages, text } = await render(reportFixture(90), null);
    expect(pdf.length).toBeLessThan(1_000_000);
    // Without a logo there is no raster image at all: the seven charts are vector graphics.
    expect(count(pdf.toString("latin1"), "/Subtype /Image")).toBe(0);
    expect(count(text, "Maximum")).toBe(1);
    expect(text).toContain(`Page 1 of ${pages}`);
  });
});
