import { describe, expect, it } from "vitest";
import { defaultOutcomes } from "../../../../reference-api/src/areas/scan/catalogue";
import type { Schema } from "../../../api/schemas";
import type { ScanOutcome } from "../../../domain/fall-risk";
import { AGE_INVALID, analyseSession, analysisPdfBody, criterionText, NO_ASSESSMENT_ANALYSIS, NO_ORG_OUTCOMES, NO_RESULT_DATA, resolveDemographics } from "./analysis";

const outcomes = defaultOutcomes() as ScanOutcome[];
type Session = Schema<"ScanSession">;

const session = (assessmentId: string, results: Schema<"ScanResult">[], demographics: Schema<"Demographics"> | null = null): Session => ({
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  createdDate: "2026-11-20T15:04:12.000Z",
  updatedDate: "2026-11-20T15:04:12.000Z",
  sessionUUID: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b",
  session: { data: { assessmentId, results }, meta: { scanVersion: "2.18.0", demographics } },
  location: null,
  practitioner: { id: "7b1e2f9a-4c3d-4e5f-8a9b-0c1d2e3f4a5b", firstName: "Maya", lastName: "Okafor" },
  organization: { id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Org", logoUrl: null },
  artifacts: [],
  participant: { uid: "P-7", isArchived: false, archivedDate: null },
  resultsInsights: [],
});
const none = { age: null, sex: null };
const gait = (v: number) => session("AST-0018", [{ id: "gaitSpeed", name: "Gait Speed", value: v, units: "m/s" }]);
const sts = (v: number, demo: Schema<"Demographics"> | null = null) => session("AST-0011", [{ id: "sitToStandTime", name: "Sit to Stand Time", value: v, units: "s" }], demo);

describe("the analysis's messages", () => {
  it("no outcomes for the organization, none for the assessment, no result the rule reads", () => {
    expect(analyseSession(gait(1), [], none)).toMatchObject({ kind: "message", message: NO_ORG_OUTCOMES });
    expect(analyseSession(session("AST-0024", []), outcomes, none)).toMatchObject({ kind: "message", message: NO_ASSESSMENT_ANALYSIS });
    expect(analyseSession(session("AST-0018", [{ id: "cadence", name: "Cadence", value: 90, units: "steps/min" }]), outcomes, none)).toMatchObject({ kind: "message", message: NO_RESULT_DATA });
    expect(analyseSession(session("AST-0031", [{ id: "leftTremorAmplitude", name: "L", value: 1, units: "cm" }]), outcomes, none)).toMatchObject({ kind: "message", message: NO_RESULT_DATA });
  });
});

describe("the outcome", () => {
  it("gait speed: High below 0.8, Low at it; box, slider and table", () => {
    const high = analyseSession(gait(0.79), outcomes, none);
    if (high.kind !== "outcome") throw new Error(high.kind);
    expect(high.box).toMatchObject({ category: "HIGH", title: "High Risk" });
    expect(high.prompt).toBeNull();
    expect(high.demographics).toBeNull();
    expect(high.slider.segments.map((s) => [s.category, s.label, s.current])).toEqual([["LOW", ">= 0.8 m/s", false], ["HIGH", "< 0.8 m/s", true]]);
    expect(high.slider.valueText).toBe("0.79 m/s");
    expect(high.rows.map((r) => [r.label, r.criteria, r.chosen])).toEqual([["Low Risk", ">= 0.8 m/s", false], ["High Risk", "< 0.8 m/s", true]]);
    const low = analyseSession(gait(0.8), outcomes, none);
    expect(low.kind === "outcome" && low.box.title).toBe("Low Risk");
  });

  it("sit to stand needs age and sex: the session's, else 65 / male; the URL's override; the table for those demographics", () => {
    const dflt = analyseSession(sts(9), outcomes, none);
    if (dflt.kind !== "outcome") throw new Error(dflt.kind);
    expect(dflt.prompt).toMatchObject({ needsAge: true, needsSex: true, age: "65", sex: "MALE" });
    expect(dflt.box.title).toBe("High Risk"); // men 60-69: high above 8.4 s
    expect(dflt.rows).toHaveLength(2);
    expect(dflt.rows[0]!.criteria).toBe("<= 8.4 s; Age >= 60 and < 70 years; Sex = Male");
    const woman = analyseSession(sts(9), outcomes, { age: "65", sex: "FEMALE" });
    expect(woman.kind === "outcome" && woman.box.title).toBe("Low Risk"); // women 60-69: 12.7 s
    const fromSession = analyseSession(sts(12, { age: 75, sex: "MALE" }), outcomes, none);
    expect(fromSession.kind === "outcome" && [fromSession.demographics, fromSession.box.title]).toEqual([{ age: 75, sex: "MALE" }, "High Risk"]);
  });

  it("an age outside every band of the rule: the default result, said so, with no slider or table of other bands (issue 25)", () => {
    for (const [assessment, age] of [["AST-0011", "30"], ["AST-0011", "45"], ["AST-0012", "30"], ["AST-0019", "45"]] as const) {
      const s = session(assessment, outcomes.find((o) => o.assessmentId === assessment)!.resultDefinitionId ? [{ id: outcomes.find((o) => o.assessmentId === assessment)!.resultDefinitionId!, name: "R", value: 9, units: "s" }] : []);
      const r = analyseSession(s, outcomes, { age, sex: "MALE" });
      if (r.kind !== "outcome") throw new Error(`${assessment}: ${r.kind}`);
      expect(r.box, assessment).toMatchObject({ category: "LOW", title: "Low Risk" });
      expect(r.noBand, assessment).toMatch(new RegExp(`^No band of this rule applies to (male )?participants aged ${age}: the default result, Low Risk, is shown\\.$`));
      expect(r.slider.segments, assessment).toEqual([]);
      expect(r.rows, assessment).toEqual([]);
      const pdf = analysisPdfBody(s, "A", "11/20/2026", r);
      expect(pdf.pdfDocumentData.outcomeBoxData.description, assessment).toContain(r.noBand!);
    }
    const banded = analyseSession(sts(9), outcomes, { age: "65", sex: "MALE" });
    expect(banded.kind === "outcome" && banded.noBand).toBeNull();
  });

  it("a bad age is refused with the field's message and the input kept", () => {
    const r = analyseSession(sts(9), outcomes, { age: "abc", sex: "MALE" });
    expect(r).toMatchObject({ kind: "prompt", prompt: { age: "abc", errors: { age: AGE_INVALID } } });
    for (const age of ["0", "121", "6.5", "-3"]) expect(resolveDemographics({ demographicsRequired: ["AGE"] }, null, { age, sex: null }).demographics).toBeNull();
    expect(resolveDemographics({ demographicsRequired: ["AGE"] }, null, { age: "120", sex: null }).demographics).toEqual({ age: 120, sex: "MALE" });
  });

  it("tremors: both sides graded, the box shows the more severe", () => {
    const r = analyseSession(
      session("AST-0031", [
        { id: "leftTremorAmplitude", name: "Left Tremor Amplitude", value: 0.5, units: "cm" },
        { id: "rightTremorAmplitude", name: "Right Tremor Amplitude", value: 4, units: "cm" },
      ]),
      outcomes,
      none,
    );
    if (r.kind !== "outcome") throw new Error(r.kind);
    expect(r.readings.map((x) => [x.side, x.risk.category])).toEqual([["Left", "SLIGHT"], ["Right", "MODERATE"]]);
    expect(r.box).toMatchObject({ category: "MODERATE", title: "Moderate" });
  });

  it("criteria are written with < > <= >= = and units", () => {
    expect(criterionText({ type: "DISTANCE", units: "in", conditions: [{ comparator: "gt", value: 6 }, { comparator: "lte", value: 10 }] })).toBe("> 6 in and <= 10 in");
    expect(criterionText({ type: "SEX", units: null, conditions: [{ comparator: "e", value: "FEMALE" }] })).toBe("Sex = Female");
    expect(criterionText({ type: "TIME", units: "s", conditions: [{ comparator: "lt", value: 12 }] })).toBe("< 12 s");
  });
});

describe("the PDF body", () => {
  it("follows the contract's RenderPdfRequest", () => {
    const s = sts(9);
    const r = analyseSession(s, outcomes, { age: "72", sex: "FEMALE" });
    if (r.kind !== "outcome") throw new Error(r.kind);
    const body = analysisPdfBody(s, "Five Times Sit to Stand", "11/20/2026", r);
    expect(body.pdfGroup).toBe("ASSESSMENT_OUTCOMES_PDF");
    expect(body.pdfName).toBe("P-7 Five Times Sit to Stand 11-20-2026");
    expect(body.pdfDocumentData.sessionData).toMatchObject({ participantUid: "P-7", practitionerName: "Maya Okafor", demographics: { age: 72, sex: "FEMALE" }, assessment: { id: "AST-0011" } });
    expect(body.pdfDocumentData.outcomeBoxData).toMatchObject({ category: "LOW", title: "Low Risk" });
    expect(body.pdfDocumentData.outcomeSliderData).toMatchObject({ value: 9, units: "s" });
    expect(body.pdfDocumentData.outcomeFactorTableData.rows).toHaveLength(2);
    // One result: no hands named.
    expect(body.pdfDocumentData.outcomeBoxData.sides).toEqual([]);
    expect(body.pdfDocumentData.outcomeSliderData.side).toBeNull();
  });

  it("names each hand of a tremor rule, as the dialog lists them, and the hand whose result the slider shows (issue 34)", () => {
    const s = session("AST-0031", [
      { id: "leftTremorAmplitude", name: "Left Tremor Amplitude", value: 0.5, units: "cm" },
      { id: "rightTremorAmplitude", name: "Right Tremor Amplitude", value: 4, units: "cm" },
    ]);
    const r = analyseSession(s, outcomes, none);
    if (r.kind !== "outcome") throw new Error(r.kind);
    const body = analysisPdfBody(s, "Tremor", "11/20/2026", r);
    expect(body.pdfDocumentData.outcomeBoxData).toMatchObject({
      category: "MODERATE",
      title: "Moderate",
      sides: [
        { side: "Left", category: "SLIGHT", title: "Slight" },
        { side: "Right", category: "MODERATE", title: "Moderate" },
      ],
    });
    expect(body.pdfDocumentData.outcomeSliderData).toMatchObject({ value: 4, units: "cm", side: "Right" });
  });
});
