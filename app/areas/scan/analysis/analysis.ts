/**
 * The session analysis (002 §2 "Session analysis dialog", §3 "Scan outcome", §5, §8), pure: which outcome (risk
 * rule) of the chosen organization applies to a session, the result it reads, the demographics it needs (from
 * the URL, else the session's, else 65 / male), the message when there is nothing to analyse, and what the
 * dialog and the PDF show: the outcome box, the risk slider's segments, the factor table with its criteria
 * written with < > <= >= = and units. The rule itself is app/domain/fall-risk.ts (evaluateRisk).
 *
 * Shared: the portal's sessions page and the admin area's sessions use it with their own outcome sources.
 */
import type { Schema } from "../../../api/schemas";
import { CATEGORY_LABEL, conditionHolds, DEFAULT_DEMOGRAPHICS, evaluateRisk, isResultCriterion, requiredDemographics, type Criterion, type Factor, type FactorCategory, type RiskResult, type RiskWarning, type ScanOutcome, type Sex } from "../../../domain/fall-risk";
import { formatResultValue } from "../../../domain/scan-display";

type ScanSession = Schema<"ScanSession">;
type ScanResult = Schema<"ScanResult">;
export type RenderPdfRequest = Schema<"RenderPdfRequest">;

/** 002 §8, verbatim. */
export const NO_RESULT_DATA = "No result data found for session.";
export const NO_ASSESSMENT_ANALYSIS = "No Analysis Data For That Assessment.";
export const NO_ORG_OUTCOMES = "No Outcome Data For That Org.";
export const analysisLoadFailedText = (message: string) => `Could not load analysis data. ${message}`;
/** The age field's message (the spec words none): a whole number of years. */
export const AGE_INVALID = "Enter an age from 1 to 120.";
export const SEX_INVALID = "Choose Male or Female.";

export const SEX_LABEL: Record<Sex, string> = { MALE: "Male", FEMALE: "Female" };

/** The demographics as asked in the URL (`age`, `sex`): a value, or a field message, or nothing asked. */
export interface DemographicsInput {
  age: string | null;
  sex: string | null;
}

export interface Demographics {
  age: number;
  sex: Sex;
}

export interface DemographicsPrompt {
  needsAge: boolean;
  needsSex: boolean;
  /** What the form shows (the URL's input as typed when refused). */
  age: string;
  sex: string;
  errors: { age?: string; sex?: string };
}

export interface Reading {
  result: ScanResult;
  /** 'Left' / 'Right' for a TREMORS rule's sides, else null. */
  side: "Left" | "Right" | null;
  risk: RiskResult;
}

export interface FactorRow {
  category: FactorCategory;
  label: string;
  description: string;
  criteria: string;
  chosen: boolean;
}

export interface SliderSegment {
  category: FactorCategory;
  label: string;
  /** The segment the result falls in. */
  current: boolean;
}

export type AnalysisOutcome =
  | { kind: "message"; message: string; prompt: null }
  /** Demographics refused: the prompt with its messages, no outcome. */
  | { kind: "prompt"; outcome: ScanOutcome; prompt: DemographicsPrompt }
  | {
      kind: "outcome";
      outcome: ScanOutcome;
      prompt: DemographicsPrompt | null;
      /** The demographics used (null when the rule needs none). */
      demographics: Demographics | null;
      /** The reading shown (for TREMORS the more severe side). */
      reading: Reading;
      readings: Reading[];
      box: { category: FactorCategory; title: string; description: string | null };
      slider: { value: number; units: string; valueText: string; segments: SliderSegment[] };
      rows: FactorRow[];
      warnings: RiskWarning[];
      /**
       * When no factor of the rule is for these demographics (an age outside every band, e.g. 30 with AST-0011):
       * what the dialog says; the result is the default and there is no slider or table (the other bands' factors
       * are not this participant's). Null otherwise.
       */
      noBand: string | null;
    };

/** Severity order, least first (the slider runs Low → High; graded scales None/Normal → Marked). */
const SEVERITY: FactorCategory[] = ["NONE", "NORMAL", "LOW", "SLIGHT", "MILD", "MEDIUM", "MODERATE", "HIGH", "SEVERE", "MARKED"];
export const severity = (c: FactorCategory) => SEVERITY.indexOf(c);

export { CATEGORY_LABEL };

const SYMBOL = { lt: "<", gt: ">", lte: "<=", gte: ">=", e: "=" } as const;

/** One criterion as shown: '> 6 in and <= 10 in', 'Age >= 60 and < 70 years', 'Sex = Male'. */
export function criterionText(c: Criterion): string {
  if (c.type === "SEX") return `Sex ${c.conditions.map((x) => `${SYMBOL[x.comparator]} ${typeof x.value === "string" ? (SEX_LABEL[x.value] ?? x.value) : x.value}`).join(" and ")}`;
  const units = c.units ? ` ${c.units}` : "";
  const parts = c.conditions.map((x) => `${SYMBOL[x.comparator]} ${x.value}`);
  if (c.type === "AGE") return `Age ${parts.join(" and ")}${units}`;
  return parts.map((p) => `${p}${units}`).join(" and ");
}

/** A factor's criteria as shown, result criteria first. */
export const factorCriteriaText = (f: Factor): string =>
  [...f.criteria].sort((a, b) => Number(isResultCriterion(b)) - Number(isResultCriterion(a))).map(criterionText).join("; ");

/** A factor's slider label: its result criteria as shown, else its category's label. */
const segmentLabel = (f: Factor): string => f.criteria.filter(isResultCriterion).map(criterionText).join("; ") || CATEGORY_LABEL[f.category];

/**
 * A rule on its own (no session), as the admin analysis dialog's read view shows it: the slider's segments
 * (least severe first) and the factor table's rows (in the rule's order).
 */
export function outcomeScale(outcome: Pick<ScanOutcome, "factors">): { segments: SliderSegment[]; rows: FactorRow[] } {
  const rows = outcome.factors.map((f) => ({ category: f.category, label: CATEGORY_LABEL[f.category], description: f.description, criteria: factorCriteriaText(f), chosen: false }));
  const segments = [...outcome.factors]
    .sort((a, b) => severity(a.category) - severity(b.category))
    .map((f) => ({ category: f.category, label: segmentLabel(f), current: false }));
  return { segments, rows };
}

/** The outcome of the session's assessment among the organization's, or the spec's message (null outcomes: no data). */
export function pickOutcome(outcomes: readonly ScanOutcome[], assessmentId: string): ScanOutcome | string {
  if (outcomes.length === 0) return NO_ORG_OUTCOMES;
  return outcomes.find((o) => o.assessmentId === assessmentId) ?? NO_ASSESSMENT_ANALYSIS;
}

/** The results the rule reads (FALL: one; TREMORS: left and right), or null when the session lacks one. */
export function ruleResults(outcome: ScanOutcome, results: readonly ScanResult[]): { result: ScanResult; side: Reading["side"] }[] | null {
  const find = (id: string | null) => (id ? results.find((r) => r.id === id && Number.isFinite(r.value)) : undefined);
  if (outcome.type === "TREMORS") {
    const left = find(outcome.leftResultDefinitionId);
    const right = find(outcome.rightResultDefinitionId);
    return left && right ? [{ result: left, side: "Left" }, { result: right, side: "Right" }] : null;
  }
  const main = find(outcome.resultDefinitionId);
  return main ? [{ result: main, side: null }] : null;
}

/**
 * The demographics the rule needs: the URL's (when asked there), else the session's, else the defaults
 * (002 §5: 65, male). Null when the rule needs none; a prompt with messages when the URL's are refused.
 */
export function resolveDemographics(
  outcome: Pick<ScanOutcome, "demographicsRequired">,
  sessionDemographics: Demographics | null,
  input: DemographicsInput,
): { prompt: DemographicsPrompt | null; demographics: Demographics | null } {
  const need = requiredDemographics(outcome);
  if (!need.age && !need.sex) return { prompt: null, demographics: null };
  const base = sessionDemographics ?? DEFAULT_DEMOGRAPHICS;
  const errors: DemographicsPrompt["errors"] = {};
  let age = base.age;
  let sex = base.sex;
  const ageText = input.age?.trim() ?? "";
  if (need.age && input.age !== null) {
    if (/^\d{1,3}$/.test(ageText) && Number(ageText) >= 1 && Number(ageText) <= 120) age = Number(ageText);
    else errors.age = AGE_INVALID;
  }
  if (need.sex && input.sex !== null) {
    if (input.sex === "MALE" || input.sex === "FEMALE") sex = input.sex;
    else errors.sex = SEX_INVALID;
  }
  const prompt: DemographicsPrompt = {
    needsAge: need.age,
    needsSex: need.sex,
    age: need.age && input.age !== null ? ageText : String(age),
    sex: need.sex && input.sex !== null ? input.sex : sex,
    errors,
  };
  return { prompt, demographics: errors.age || errors.sex ? null : { age, sex } };
}

/** 'male participants aged 30', 'participants aged 30', 'female participants' (the demographics a rule reads). */
export function participantsText(outcome: Pick<ScanOutcome, "demographicsRequired">, d: Demographics): string {
  const need = requiredDemographics(outcome);
  return `${need.sex ? `${SEX_LABEL[d.sex].toLowerCase()} ` : ""}participants${need.age ? ` aged ${d.age}` : ""}`;
}

/** The dialog's words when no band of the rule applies to the demographics. */
export const noBandText = (who: string, result: string) => `No band of this rule applies to ${who}: the default result, ${result}, is shown.`;

/** Whether a factor's AGE and SEX criteria (when the rule requires them) hold for the demographics. */
function appliesTo(factor: Factor, outcome: ScanOutcome, demographics: Demographics | null): boolean {
  const need = requiredDemographics(outcome);
  return factor.criteria.every((c) => {
    if (c.type === "AGE") return !need.age || (demographics !== null && c.conditions.every((x) => conditionHolds(demographics.age, x)));
    if (c.type === "SEX") return !need.sex || (demographics !== null && c.conditions.every((x) => conditionHolds(demographics.sex, x)));
    return true;
  });
}

/** The session analysed with an outcome of the chosen organization (`outcomes` loaded), or the spec's message. */
export function analyseSession(session: Pick<ScanSession, "session">, outcomes: readonly ScanOutcome[], input: DemographicsInput): AnalysisOutcome {
  const picked = pickOutcome(outcomes, session.session.data.assessmentId);
  if (typeof picked === "string") return { kind: "message", message: picked, prompt: null };
  const outcome = picked;
  const sides = ruleResults(outcome, session.session.data.results);
  if (!sides) return { kind: "message", message: NO_RESULT_DATA, prompt: null };
  const { prompt, demographics } = resolveDemographics(outcome, session.session.meta.demographics ?? null, input);
  if (prompt && !demographics) return { kind: "prompt", outcome, prompt };
  const readings: Reading[] = sides.map(({ result, side }) => ({ result, side, risk: evaluateRisk(outcome, { value: result.value, age: demographics?.age, sex: demographics?.sex }) }));
  const reading = readings.reduce((worst, r) => (severity(r.risk.category) > severity(worst.risk.category) ? r : worst));
  const warnings = readings.flatMap((r) => r.risk.warnings).filter((w, i, all) => all.findIndex((o) => JSON.stringify(o) === JSON.stringify(w)) === i);
  const applicable = outcome.factors.filter((f) => appliesTo(f, outcome, demographics));
  // No band for these demographics: the default result, said so; the other bands' factors are not shown (all of
  // a rule's 16–28 factors made a slider wider than the dialog, with the marker off its scale; issue 25).
  const noBand = demographics && applicable.length === 0 ? noBandText(participantsText(outcome, demographics), reading.risk.label) : null;
  const shown = applicable;
  const chosen = reading.risk.factor;
  const rows: FactorRow[] = shown.map((f) => ({ category: f.category, label: CATEGORY_LABEL[f.category], description: f.description, criteria: factorCriteriaText(f), chosen: f === chosen }));
  const ordered = [...shown].sort((a, b) => severity(a.category) - severity(b.category));
  const currentCategory = reading.risk.category;
  const segments: SliderSegment[] = ordered.map((f) => ({
    category: f.category,
    label: segmentLabel(f),
    current: chosen ? f === chosen : f.category === currentCategory,
  }));
  // The default Low Risk with no LOW segment: no marker; with several LOW segments, the first.
  let marked = false;
  for (const s of segments) {
    if (s.current && marked) s.current = false;
    if (s.current) marked = true;
  }
  const { result } = reading;
  return {
    kind: "outcome",
    outcome,
    prompt,
    demographics,
    reading,
    readings,
    box: { category: reading.risk.category, title: reading.risk.label, description: chosen?.description ?? outcome.description },
    slider: { value: result.value, units: result.units, valueText: `${formatResultValue(result.value, result.units)} ${result.units}`.trim(), segments },
    rows,
    warnings,
    noBand,
  };
}

/** MM-dd-yyyy (for a file name) of a 'MM/dd/yyyy' day. */
const fileDay = (day: string) => day.replace(/\//g, "-");

/** The contract's RenderPdfRequest for an analysed session (002 §7 "PDF render"). */
export function analysisPdfBody(
  session: Pick<ScanSession, "createdDate" | "participant" | "practitioner" | "session">,
  assessmentName: string,
  day: string,
  analysis: Extract<AnalysisOutcome, { kind: "outcome" }>,
): RenderPdfRequest {
  const p = session.practitioner;
  const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);
  return {
    pdfGroup: "ASSESSMENT_OUTCOMES_PDF",
    pdfName: cut(`${session.participant.uid} ${assessmentName} ${fileDay(day)}`.replace(/[/\\:]/g, "-").trim(), 200),
    pdfDocumentData: {
      sessionData: {
        participantUid: cut(session.participant.uid, 100) || "-",
        createdDate: session.createdDate,
        assessmentName: cut(assessmentName, 200) || session.session.data.assessmentId,
        practitionerName: p ? cut(`${p.firstName} ${p.lastName}`.trim(), 200) : null,
        demographics: analysis.demographics,
        assessment: { id: session.session.data.assessmentId, results: session.session.data.results.slice(0, 100) },
      },
      outcomeBoxData: {
        category: analysis.box.category,
        title: cut(analysis.box.title, 200),
        description: analysis.box.description || analysis.noBand ? cut([analysis.noBand, analysis.box.description].filter(Boolean).join(" "), 2000) : null,
        // Each hand's outcome, as the dialog lists it ('Left: Mild · Right: Slight').
        sides: analysis.readings.flatMap((r) => (r.side ? [{ side: r.side, category: r.risk.category, title: cut(r.risk.label, 200) }] : [])),
      },
      outcomeSliderData: {
        value: analysis.slider.value,
        units: cut(analysis.slider.units, 20) || null,
        side: analysis.reading.side,
        segments: analysis.slider.segments.slice(0, 20).map((s) => ({ category: s.category, label: cut(s.label, 200) })),
      },
      outcomeFactorTableData: { rows: analysis.rows.slice(0, 100).map((r) => ({ category: r.category, description: cut(r.description, 2000), criteria: cut(r.criteria, 1000) })) },
    },
  };
}
