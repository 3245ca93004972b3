// The reference API's PDFs (activity report, RTM cycle and month, assessment outcomes) print names in any script:
// the product's one Unicode font setup (app/media/pdf/pdf-fonts.server.ts, ADR 032), embedded as subsets.
import { describe, expect, it } from "vitest";
import { flatten, pdfFonts, readPdf, readStructure, WORLD_NAMES as N } from "../../../../app/media/pdf/test-fixture.js";
import type { RequestBody } from "../../core/contract.js";
import type { RtmCycle } from "../rtm/cycles.js";
import type { RtmMonthlySummary } from "../rtm/list.js";
import { renderCyclePdf, renderMonthlyPdf } from "../rtm/pdf.js";
import { renderOutcomesPdf } from "../scan/pdf.js";
import { renderActivityReportPdf, type ActivityReport } from "./report.js";

const SUBSETS = { baseFonts: [expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Bold$/), expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Regular$/)], embeddedFiles: 2 };

async function expectNames(pdf: Buffer, lines: string[]) {
  const { text } = await readPdf(pdf);
  for (const line of lines) expect(text).toContain(line);
  expect(text).not.toContain("?");
  // Only the glyphs used are embedded, in the two weights; no standard font (WinAnsi only) is left.
  expect(pdfFonts(pdf)).toEqual(SUBSETS);
  expect(pdf.length).toBeLessThan(60_000);
  return text;
}

describe("the reference API's PDFs print names in any script", () => {
  it("the activity report", async () => {
    const report = {
      organization: { id: "o", name: N.chinese, logoUrl: null },
      provider: { id: "p", firstName: N.chinese, lastName: N.greek },
      patientRecord: {
        id: "r",
        patient: { firstName: N.polish, lastName: N.vietnamese, dob: "1961-04-18" },
        location: { id: "l", name: N.arabic },
        productData: { health: { injuredSideOfBody: "LEFT", injuredBodyPart: "KNEE", heps: [{ id: "h", name: "Knee" }] } },
      },
      meta: { start: "", end: "", minDate: "2026-03-02", maxDate: "2026-03-31", dayCount: 30, dayCountAnyActivity: 0, dayCountSessions: 0, dayCountPROs: 0 },
      exercises: [],
      pros: [],
    } as unknown as ActivityReport;
    await expectNames(await renderActivityReportPdf(report, "America/Denver"), [`${N.chinese}\n`, `Name: ${N.vietnamese}, ${N.polish}\n`, `Provider: ${N.greek}, ${N.chinese}\n`, `Location: ${N.arabic}\n`]);
  });

  const cycle = (patient: { firstName: string; lastName: string }) =>
    ({
      id: "c",
      code: "PATIENT_INTERACTION",
      billingCode: "98980",
      status: "IN_PROGRESS",
      startDate: "2026-03-01",
      endDate: "2026-03-30",
      numActiveDays: 3,
      numRequiredDays: 16,
      numRemainingDays: 10,
      interactionMinutes: 12,
      events: [
        {
          id: "e",
          type: "PATIENT_INTERACTION",
          dateTime: "2026-03-02T16:00:00.000Z",
          minutes: 12,
          patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION",
          source: "TYPED",
          liveInteraction: { method: "PHONE", twoWay: true },
          unsuccessfulAttempt: false,
          practitioner: { id: "p", firstName: N.polish, lastName: N.greek },
        },
      ],
      needs: null,
      patientRecord: { id: "r", ...patient },
      pdfKey: null,
    }) as unknown as RtmCycle;

  it("the RTM cycle and month", async () => {
    await expectNames(await renderCyclePdf(cycle({ firstName: N.polish, lastName: N.vietnamese }), N.greek, "America/Denver"), [`${N.greek}\n`, `Name: ${N.vietnamese}, ${N.polish}\n`]);
    const month = { id: "m", patientRecord: { id: "r", firstName: N.arabic, lastName: N.chinese }, yearMonth: "2026-03", status: "IN_PROGRESS", cycles: [cycle({ firstName: N.arabic, lastName: N.chinese })], pdfKey: null } as unknown as RtmMonthlySummary;
    // pdf.js reads a line that mixes directions with its own heuristics ('Name: محمد عبد الله ,王秀英'): the name
    // itself comes back whole, in logical order.
    const text = await expectNames(await renderMonthlyPdf(month, N.vietnamese, "America/Denver"), [`${N.vietnamese}\n`, N.chinese, N.arabic]);
    expect(text).toMatch(/^Name: .*王秀英.*$/m);
    // The month is named as the worklist names it, never by its key (issue 34).
    expect(text).toContain("Remote Therapeutic Monitoring – March 2026");
    expect(text).toContain("Month: March 2026");
    expect(text).not.toContain("2026-03");
  });

  it("the RTM cycle and month PDFs are tagged under the shared letterhead: their title is the H1 (issue 32, ADR 046)", async () => {
    // The RTM cycle and month PDFs: the title under the organization's name is the document's H1 (issue 32, ADR 046).
    const rtm = async (pdf: Buffer) => (await readStructure(pdf)).pages.flatMap(flatten);
    const c = await rtm(await renderCyclePdf(cycle({ firstName: "Ada", lastName: "Byron" }), "Front Range PT", "America/Denver"));
    expect(c.filter((e) => e.role === "H1").map((e) => e.text)).toEqual(["Remote Therapeutic Monitoring – Billing Cycle"]);
    expect(c.filter((e) => e.role === "H2").map((e) => e.text)).toEqual(["Patient", expect.stringMatching(/^98980 /)]);
    expect(c).toContainEqual({ role: "P", text: "Front Range PT" });
    expect(c.filter((e) => e.role === "Table")).toHaveLength(1);
    const month = { id: "m", patientRecord: { id: "r", firstName: "Ada", lastName: "Byron" }, yearMonth: "2026-03", status: "IN_PROGRESS", cycles: [cycle({ firstName: "Ada", lastName: "Byron" })], pdfKey: null } as unknown as RtmMonthlySummary;
    const m = await rtm(await renderMonthlyPdf(month, "Front Range PT", "America/Denver"));
    expect(m.filter((e) => e.role === "H1").map((e) => e.text)).toEqual(["Remote Therapeutic Monitoring – March 2026"]);
  });

  it("the assessment outcomes (the analysis PDF)", async () => {
    const body = {
      pdfGroup: "ASSESSMENT_OUTCOMES_PDF",
      pdfName: `${N.greek} Gait Speed 11-20-2026`,
      pdfDocumentData: {
        sessionData: {
          participantUid: N.chinese,
          createdDate: "2026-11-20T15:04:12.000Z",
          assessmentName: "Gait Speed",
          practitionerName: N.vietnamese,
          demographics: null,
          assessment: { id: "AST-0018", results: [{ id: "gaitSpeed", name: N.polish, value: 0.72, units: "m/s" }] },
        },
        outcomeBoxData: { category: "HIGH", title: N.arabic, description: "Gait speed below 0.8 m/s." },
        outcomeSliderData: { value: 0.72, units: "m/s", segments: [{ category: "HIGH", label: "< 0.8 m/s" }, { category: "LOW", label: "≥ 0.8 m/s" }] },
        outcomeFactorTableData: { rows: [{ category: "LOW", description: "Gait speed of 0.8 m/s or more.", criteria: "≥ 0.8 m/s" }] },
      },
    } as RequestBody<"renderPdf">;
    const pdf = await renderOutcomesPdf(body);
    const text = await expectNames(pdf, [`${N.greek} Gait Speed 11-20-2026\n`, N.chinese, N.vietnamese, N.polish, `${N.arabic}\n`, "≥ 0.8 m/s"]);
    // The factor's category in the dialog's words (issue 34: the PDF said 'Low' where the dialog says 'Low Risk').
    expect(text).toContain("Low Risk");
    expect((await readPdf(pdf)).info.Title).toBe(`${N.greek} Gait Speed 11-20-2026`);
  });
});

describe("the analysis PDF (issue 34)", () => {
  const tremor = {
    pdfGroup: "ASSESSMENT_OUTCOMES_PDF",
    pdfName: "P-31 Tremor 11-20-2026",
    pdfDocumentData: {
      sessionData: {
        participantUid: "P-31",
        createdDate: "2026-11-20T15:04:12.000Z",
        assessmentName: "Tremor",
        practitionerName: "Maya Okafor",
        demographics: null,
        assessment: {
          id: "AST-0031",
          results: [
            { id: "leftTremorAmplitude", name: "Left Tremor Amplitude", value: 0.8, units: "cm" },
            { id: "rightTremorAmplitude", name: "Right Tremor Amplitude", value: 1.25, units: "cm" },
          ],
        },
      },
      outcomeBoxData: {
        category: "MILD",
        title: "Mild",
        description: "Tremor amplitude of 1 to 3 cm.",
        sides: [
          { side: "Left", category: "SLIGHT", title: "Slight" },
          { side: "Right", category: "MILD", title: "Mild" },
        ],
      },
      outcomeSliderData: { value: 1.25, units: "cm", side: "Right", segments: [{ category: "SLIGHT", label: "< 1 cm" }, { category: "MILD", label: ">= 1 cm and < 3 cm" }] },
      outcomeFactorTableData: { rows: [{ category: "MILD", description: "Tremor amplitude of 1 to 3 cm.", criteria: ">= 1 cm and < 3 cm" }] },
    },
  } as RequestBody<"renderPdf">;

  it("names each hand as the dialog does, under the shared letterhead and page footer", async () => {
    const pdf = await renderOutcomesPdf(tremor, { organizationName: "Front Range PT", logo: null });
    const { text } = await readPdf(pdf);
    expect(text).toContain("Left: Slight · Right: Mild");
    expect(text).toContain("Result (Right): 1.25 cm");
    for (const s of ["Front Range PT", "Assessment Outcome Report", "Page 1 of 1"]) expect(text).toContain(s);
  });

  it("is a tagged PDF: its structure tree has the title, the sections, the outcome with the hands, and the tables", async () => {
    const pdf = await renderOutcomesPdf(tremor, { organizationName: "Front Range PT", logo: null });
    const { pages, lang, markInfo } = await readStructure(pdf);
    expect({ lang, markInfo }).toEqual({ lang: "en-US", markInfo: true });
    const elements = pages.flatMap(flatten);
    const headings = elements.filter((e) => /^H\d$/.test(e.role)).map((e) => `${e.role} ${e.text}`);
    expect(headings).toEqual(["H1 Assessment Outcome Report", "H2 Results", "H2 Outcome", "H3 Mild", "H2 Risk scale", "H2 Risk factors"]);
    expect(elements).toContainEqual({ role: "P", text: "Left: Slight · Right: Mild" });
    expect(elements).toContainEqual({ role: "TR", text: "Right Tremor Amplitude 1.25 cm" });
    expect(elements).toContainEqual({ role: "TR", text: "Category Criteria Description" });
    expect(elements.filter((e) => e.role === "Table")).toHaveLength(3);
  });

  it("every PDF of the reference API is tagged (activity report, RTM cycle and month)", async () => {
    const report = {
      organization: { id: "o", name: "Front Range PT", logoUrl: null },
      provider: null,
      patientRecord: { id: "r", patient: { firstName: "Ada", lastName: "Byron", dob: null }, location: null, productData: { health: { injuredSideOfBody: null, injuredBodyPart: null, heps: [] } } },
      meta: { start: "", end: "", minDate: "2026-03-02", maxDate: "2026-03-31", dayCount: 30, dayCountAnyActivity: 1, dayCountSessions: 1, dayCountPROs: 0 },
      exercises: [{ exerciseName: "Squat", exerciseId: "E-1", sideOfBody: null, goalType: "REPS", days: [{ date: "2026-03-03", totalReps: 10, minRange: 10, maxRange: 90 }] }],
      pros: [],
    } as unknown as ActivityReport;
    const { pages } = await readStructure(await renderActivityReportPdf(report, "America/Denver"));
    const elements = pages.flatMap(flatten);
    expect(elements.filter((e) => e.role === "H1").map((e) => e.text)).toEqual(["Patient Activity Report"]);
    expect(elements).toContainEqual({ role: "TR", text: "Date Total reps Min range Max range" });
    expect(elements).toContainEqual({ role: "TD", text: "03/03/2026" });

  });
});

describe("the RTM cycle PDF's care notes (ADR 033)", () => {
  it("list per note its minutes, timed or typed, its call, whether it is the live interaction and who entered it, in the portal's words", async () => {
    const note = (id: string, day: string, minutes: number, over: Partial<RtmCycle["events"][number]>) => ({
      id,
      type: "PATIENT_INTERACTION",
      dateTime: `${day}T07:00:00.000Z`,
      minutes,
      patientInteractionType: null,
      source: "TYPED",
      liveInteraction: null,
      unsuccessfulAttempt: false,
      practitioner: { id: "p", firstName: "Maya", lastName: "Okafor" },
      ...over,
    });
    const c = {
      id: "c",
      code: "BRIEF_PATIENT_INTERACTION",
      billingCode: "98979",
      status: "READY_TO_BILL",
      startDate: "2026-12-01",
      endDate: "2026-12-31",
      numActiveDays: 0,
      numRequiredDays: 16,
      numRemainingDays: 0,
      interactionMinutes: 15,
      events: [
        note("a", "2026-12-01", 10, { source: "TIMED", liveInteraction: { method: "VIDEO", twoWay: true }, patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION" }),
        note("b", "2026-12-02", 4, { liveInteraction: { method: "PHONE", twoWay: false }, unsuccessfulAttempt: true, practitioner: null }),
        note("d", "2026-12-03", 5, { patientInteractionType: "PATIENT_INTERACTIVE_COMMUNICATION" }),
        { id: "s", type: "HEP_SESSION", dateTime: "2026-12-04T16:00:00.000Z", minutes: null, patientInteractionType: null, source: null, liveInteraction: null, unsuccessfulAttempt: false, practitioner: null },
      ],
      needs: null,
      units: 1,
      liveInteraction: true,
      projection: null,
      patientRecord: { id: "r", firstName: "Ana", lastName: "Rivera" },
      pdfKey: null,
    } as unknown as RtmCycle;
    const flat = (await readPdf(await renderCyclePdf(c, "Front Range", "America/Denver"))).text.replace(/\s+/g, " ");
    // A management code prints its minutes and live call, not device facts; a care note's date carries no time (ADR 043).
    expect(flat).not.toContain("Active days");
    expect(flat).not.toContain("12:00 AM");
    expect(flat).toContain("Interaction minutes: 15");
    expect(flat).toContain("Live interaction: logged");
    expect(flat).toContain("12/01/2026 Patient interaction 10 Timed");
    for (const s of [
      "Date Event Minutes Entered Interaction Entered by",
      "Patient interaction 10 Timed Video call, two-way (live interaction) Okafor, Maya",
      "Patient interaction 4 (not counted) Typed Unsuccessful attempt (phone call) —",
      "Patient interaction 5 Typed Patient interactive communication, method not recorded Okafor, Maya",
      "Program session",
    ])
      expect(flat).toContain(s);
  });
});
