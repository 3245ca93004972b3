import { describe, expect, it } from "vitest";
import { stringify } from "csv-stringify/sync";
import type { ScanSession } from "../../../api/scan.server";
import { assessmentExport, assessmentRows, participantExport, participantRows, scanExportHref, scanReportFileName, scanReportHref, scanReportTitle } from "./report";
import { flatten, pdfFonts, readPdf, readStructure, WORLD_NAMES } from "../../../media/pdf/test-fixture";
import { renderReportPdf } from "./report-pdf.server";

function session(over: { id: string; created: string; uid: string; assessmentId?: string; results?: { name: string; value: number; units: string }[]; archived?: string | null }): ScanSession {
  return {
    id: over.id,
    createdDate: over.created,
    updatedDate: over.created,
    sessionUUID: over.id,
    session: {
      data: { assessmentId: over.assessmentId ?? "AST-0018", results: (over.results ?? [{ name: "Gait Speed", value: 0.915, units: "m/s" }]).map((r, i) => ({ id: `r${i}`, ...r })) },
      meta: { scanVersion: "2.18.0", demographics: null },
    },
    location: { id: "loc", name: "Denver" },
    practitioner: { id: "p", firstName: "Maya", lastName: "Okafor" },
    organization: { id: "o", name: "Org", logoUrl: null },
    artifacts: [],
    participant: { uid: over.uid, isArchived: !!over.archived, archivedDate: over.archived ?? null },
    resultsInsights: [],
  } as ScanSession;
}

const names = new Map([
  ["AST-0018", "Gait Speed Test"],
  ["AST-0024", "Range of Motion"],
]);
const TZ = "America/Denver";
const sessions = [
  session({ id: "b", created: "2026-11-20T18:30:00.000Z", uid: "P-2", assessmentId: "AST-0024", results: [{ name: "Knee Flexion", value: 101.456, units: "deg" }, { name: "Hip", value: 3, units: "in" }] }),
  session({ id: "a", created: "2026-11-20T15:05:00.000Z", uid: "P-10", archived: "2026-11-21T03:00:00.000Z" }),
  session({ id: "c", created: "2026-11-20T20:00:00.000Z", uid: "P-10", assessmentId: "AST-0099" }),
];

describe("scan report rows", () => {
  const rows = assessmentRows(sessions, names, TZ);
  it("one row per session, oldest first, times in the organization's zone, names from the assessments", () => {
    expect(rows.map((r) => [r.time, r.participantUid, r.assessmentName, r.practitioner])).toEqual([
      ["8:05 AM MST", "P-10", "Gait Speed Test", "Maya Okafor"],
      ["11:30 AM MST", "P-2", "Range of Motion", "Maya Okafor"],
      ["1:00 PM MST", "P-10", "AST-0099", "Maya Okafor"],
    ]);
    expect(rows[1]!.results.map((c) => [c.shown, c.exported])).toEqual([
      ["101", "101.46"],
      ["3.00", "3.00"],
    ]);
  });
  it("one row per participant with the latest session's results and the archived mark", () => {
    const ps = participantRows(rows, sessions, TZ);
    expect(ps.map((p) => [p.uid, p.sessions, p.assessments, p.latestTime, p.archived, p.archivedDate])).toEqual([
      ["P-2", 1, ["Range of Motion"], "11:30 AM MST", false, null],
      ["P-10", 2, ["Gait Speed Test", "AST-0099"], "1:00 PM MST", true, "11/20/2026"],
    ]);
    expect(participantExport(ps, "csv").rows[1]).toEqual(["P-10", "2", "Gait Speed Test; AST-0099", "1:00 PM MST AST-0099", "Gait Speed: 0.92 m/s", "Yes", "11/20/2026"]);
  });
  it("exports one row per result with 2 decimals, written by csv-stringify", () => {
    const table = assessmentExport(rows, "2026-11-20", "csv");
    expect(table.header).toEqual(["Date", "Time", "Participant UID", "Assessment", "Result", "Value", "Units", "Practitioner"]);
    expect(table.rows).toEqual([
      ["11/20/2026", "8:05 AM MST", "P-10", "Gait Speed Test", "Gait Speed", "0.92", "m/s", "Maya Okafor"],
      ["11/20/2026", "11:30 AM MST", "P-2", "Range of Motion", "Knee Flexion", "101.46", "deg", "Maya Okafor"],
      ["11/20/2026", "11:30 AM MST", "P-2", "Range of Motion", "Hip", "3.00", "in", "Maya Okafor"],
      ["11/20/2026", "1:00 PM MST", "P-10", "AST-0099", "Gait Speed", "0.92", "m/s", "Maya Okafor"],
    ]);
    expect(stringify([table.header, table.rows[0]!])).toBe("Date,Time,Participant UID,Assessment,Result,Value,Units,Practitioner\n11/20/2026,8:05 AM MST,P-10,Gait Speed Test,Gait Speed,0.92,m/s,Maya Okafor\n");
  });
});

describe("the PDF shows values as the screens do; the CSV keeps 2 decimals (issue 25; 002 §9)", () => {
  const rows = assessmentRows(sessions, names, TZ);
  it("degrees with 0 decimals, other units with 2, in both PDF tables", () => {
    const pdf = assessmentExport(rows, "2026-11-20", "pdf");
    expect(pdf.rows.filter((r) => r[4] === "Knee Flexion" || r[4] === "Hip").map((r) => [r[4], r[5], r[6]])).toEqual([
      ["Knee Flexion", "101", "deg"],
      ["Hip", "3.00", "in"],
    ]);
    expect(assessmentExport(rows, "2026-11-20", "csv").rows.find((r) => r[4] === "Knee Flexion")![5]).toBe("101.46");
    const ps = participantRows(rows, sessions, TZ);
    expect(participantExport(ps, "pdf").rows[0]![4]).toBe("Knee Flexion: 101 deg; Hip: 3.00 in");
    expect(participantExport(ps, "csv").rows[0]![4]).toBe("Knee Flexion: 101.46 deg; Hip: 3.00 in");
  });
});

describe("titles, file names and links", () => {
  it("names the export by its title without colons", () => {
    expect(scanReportTitle("assessments", "Denver: Downtown", "2026-11-20")).toBe("Scan Assessments Report: Denver: Downtown 11-20-2026");
    expect(scanReportFileName("participants", "Denver: Downtown", "2026-11-20", "csv")).toBe("Scan Participants Report Denver Downtown 11-20-2026.csv");
  });
  it("keeps the state in the URL", () => {
    const state = { day: "2026-11-20", locationId: "abc", tab: "participants" as const };
    expect(scanReportHref(state)).toBe("/scan/reports/?date=2026-11-20&location=abc&tab=participants");
    expect(scanReportHref(state, "assessments")).toBe("/scan/reports/?date=2026-11-20&location=abc");
    expect(scanExportHref(state, "assessments", "pdf")).toBe("/scan/reports/assessments.pdf?date=2026-11-20&location=abc");
  });
});

describe("report PDF", () => {
  it("renders a PDF with a page per screenful of rows", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ["11/20/2026", "8:05 AM", `P-${i}`, "Gait Speed Test", "Gait Speed", "0.92", "m/s", "Maya Okafor"]);
    const pdf = await renderReportPdf({ title: "Scan Assessments Report: Denver 11-20-2026", details: ["Date: 11/20/2026"], table: { header: assessmentExport([], "2026-11-20", "pdf").header, rows }, empty: "none" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text, pages } = await readPdf(pdf);
    expect(pages).toBeGreaterThan(1);
    // 'Page n of m' on every page.
    expect(text.match(/Page \d+ of \d+/g)).toEqual(Array.from({ length: pages }, (_, i) => `Page ${i + 1} of ${pages}`));
    expect(text).toContain("P-119");
    // Tagged (ADR 046): one table, its header row of header cells repeated on every page, a row per session.
    const elements = (await readStructure(pdf)).pages.flatMap(flatten);
    expect(elements.filter((e) => e.role === "H1").map((e) => e.text)).toEqual(["Scan Assessments Report: Denver 11-20-2026"]);
    expect(elements.filter((e) => e.role === "TR" && e.text.includes("P-119"))).toEqual([{ role: "TR", text: "11/20/2026 8:05 AM P-119 Gait Speed Test Gait Speed 0.92 m/s Maya Okafor" }]);
    expect(elements.filter((e) => e.role === "TH").length).toBe(8 * pages);
  });

  it("prints names in any script as they are, in the embedded subset of the Unicode font (ADR 032)", async () => {
    const names = Object.values(WORLD_NAMES);
    const rows = names.map((name, i) => ["11/20/2026", "8:05 AM", `P-${i}`, "Gait Speed Test", "Gait Speed", "0.92", "m/s", name]);
    const pdf = await renderReportPdf({
      title: `Scan Assessments Report: ${WORLD_NAMES.greek} 11-20-2026`,
      details: ["Date: 11/20/2026", `Location: ${WORLD_NAMES.chinese}`, `Organization: ${WORLD_NAMES.vietnamese}`],
      table: { header: assessmentExport([], "2026-11-20", "pdf").header, rows },
      empty: "none",
      organizationName: WORLD_NAMES.polish,
    });
    const { text, info } = await readPdf(pdf);
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain(`Location: ${WORLD_NAMES.chinese}`);
    expect(text).toContain(`Organization: ${WORLD_NAMES.vietnamese}`);
    expect(text).not.toContain("?");
    expect(info.Title).toBe(`Scan Assessments Report: ${WORLD_NAMES.greek} 11-20-2026`);
    // Only the glyphs used are embedded (the fonts are about 3.7 MB each): the page stays small.
    expect(pdfFonts(pdf)).toEqual({ baseFonts: [expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Bold$/), expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Regular$/)], embeddedFiles: 2 });
    expect(pdf.length).toBeLessThan(60_000);
  });
});
