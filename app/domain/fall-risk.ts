/**
 * The risk rules engine of the session analysis (002 §3, §4, §5): an organization's scan outcome (a FALL or
 * TREMORS rule) applied to a session's result value and the participant's demographics.
 *
 * - A factor is chosen when all its criteria match: the result criteria (SPEED, TIME, DISTANCE, REPS) against
 *   the result value, and the AGE and SEX criteria against the demographics when the rule requires them
 *   (`demographicsRequired`); a criterion matches when all its conditions hold (lt, gt, lte, gte, e).
 * - No factor chosen: Low Risk (002 §4 "default is Low Risk").
 * - Warnings, reported to error reporting and never shown (002 §5): a factor without result criteria, a factor
 *   with more than one AGE or more than one SEX criterion, more than one factor qualifying (the first one wins).
 *
 * Pure: the portal's server and browser use it alike; nothing here calls or logs.
 */
import type { Schema } from "../api/schemas";

export type ScanOutcome = Schema<"ScanOutcome">;
export type Factor = Schema<"Factor">;
export type Criterion = Schema<"Criterion">;
export type Condition = Schema<"Condition">;
export type FactorCategory = Schema<"FactorCategory">;
export { CATEGORY_LABEL } from "./scan-display";
/** Every category of the contract has its words (a new one fails to compile here). */
export type CategoryLabels = typeof import("./scan-display").CATEGORY_LABEL extends Record<FactorCategory, string> ? true : never;
const categoryLabelsComplete: CategoryLabels = true;
void categoryLabelsComplete;
export type Sex = "MALE" | "FEMALE";

/** What the rule is applied to: the session's result value and the participant's demographics. */
export interface RiskInput {
  value: number;
  age?: number | null;
  sex?: Sex | null;
}

export type RiskWarning =
  | { kind: "no-result-criteria"; factor: number }
  | { kind: "several-demographic-criteria"; factor: number; type: "AGE" | "SEX" }
  | { kind: "several-factors-qualify"; factors: number[] };

export interface RiskResult {
  /** The chosen factor, or null: the default Low Risk. */
  factor: Factor | null;
  category: FactorCategory;
  /** 'Low Risk', 'High Risk', … (the factor's short description; 'Low Risk' by default). */
  label: string;
  warnings: RiskWarning[];
}

export const DEFAULT_RISK_LABEL = "Low Risk";
/** The demographics prompt's defaults (002 §5). */
export const DEFAULT_DEMOGRAPHICS = { age: 65, sex: "MALE" as Sex };

const RESULT_TYPES = new Set<Criterion["type"]>(["SPEED", "TIME", "DISTANCE", "REPS"]);

export const isResultCriterion = (c: Criterion): boolean => RESULT_TYPES.has(c.type);

/** Whether `actual` satisfies one condition. A number compared with a sex (or the reverse) never holds. */
export function conditionHolds(actual: number | Sex, condition: Condition): boolean {
  const { comparator, value } = condition;
  if (typeof actual !== typeof value) return false;
  if (comparator === "e") return actual === value;
  if (typeof actual !== "number" || typeof value !== "number") return false;
  switch (comparator) {
    case "lt":
      return actual < value;
    case "gt":
      return actual > value;
    case "lte":
      return actual <= value;
    case "gte":
      return actual >= value;
  }
}

/** The demographics a rule needs (none when it names none). */
export const requiredDemographics = (outcome: Pick<ScanOutcome, "demographicsRequired">): { age: boolean; sex: boolean } => ({
  age: outcome.demographicsRequired?.includes("AGE") ?? false,
  sex: outcome.demographicsRequired?.includes("SEX") ?? false,
});

function criterionMatches(criterion: Criterion, input: RiskInput, required: { age: boolean; sex: boolean }): boolean {
  let actual: number | Sex | null | undefined;
  if (isResultCriterion(criterion)) actual = input.value;
  else if (criterion.type === "AGE") {
    if (!required.age) return true; // not required by the rule: not part of the choice
    actual = input.age;
  } else {
    if (!required.sex) return true;
    actual = input.sex;
  }
  if (actual === null || actual === undefined || (typeof actual === "number" && !Number.isFinite(actual))) return false;
  return criterion.conditions.every((c) => conditionHolds(actual, c));
}

/** The warnings a rule's factors raise by their shape alone. */
export function shapeWarnings(outcome: Pick<ScanOutcome, "factors">): RiskWarning[] {
  const warnings: RiskWarning[] = [];
  outcome.factors.forEach((factor, i) => {
    if (!factor.criteria.some(isResultCriterion)) warnings.push({ kind: "no-result-criteria", factor: i });
    for (const type of ["AGE", "SEX"] as const) {
      if (factor.criteria.filter((c) => c.type === type).length > 1) warnings.push({ kind: "several-demographic-criteria", factor: i, type });
    }
  });
  return warnings;
}

/** Applies the rule to the input: the factor chosen (or the default Low Risk) and the warnings to report. */
export function evaluateRisk(outcome: Pick<ScanOutcome, "factors" | "demographicsRequired">, input: RiskInput): RiskResult {
  const required = requiredDemographics(outcome);
  const warnings = shapeWarnings(outcome);
  const qualifying = outcome.factors.flatMap((factor, i) => (factor.criteria.length > 0 && factor.criteria.every((c) => criterionMatches(c, input, required)) ? [i] : []));
  if (qualifying.length > 1) warnings.push({ kind: "several-factors-qualify", factors: qualifying });
  const chosen = qualifying.length > 0 ? outcome.factors[qualifying[0]!]! : null;
  return chosen
    ? { factor: chosen, category: chosen.category, label: chosen.shortDescription, warnings }
    : { factor: null, category: "LOW", label: DEFAULT_RISK_LABEL, warnings };
}

/** 002 §9: low green, medium yellow, high red; the graded categories in five steps. */
export const RISK_COLOURS: Record<FactorCategory, "green" | "yellow" | "red" | "grade-1" | "grade-2" | "grade-3" | "grade-4" | "grade-5"> = {
  LOW: "green",
  MEDIUM: "yellow",
  HIGH: "red",
  NONE: "grade-1",
  NORMAL: "grade-1",
  SLIGHT: "grade-2",
  MILD: "grade-3",
  MODERATE: "grade-4",
  SEVERE: "grade-5",
  MARKED: "grade-5",
};

