/**
 * The scan outcome (risk rule) as the admin analysis dialog edits it (003 §2 "Scan analysis page", §5, §8): the
 * JSON text must parse ('Invalid JSON.') and be a ScanOutcome of the contract ('Could not parse organization scan
 * outcome.'). The zod schema mirrors `Schema<"ScanOutcome">` field for field (required keys, nullability, enums,
 * lengths, item counts, no extra keys); the compiler checks that its output is exactly the contract's type, and
 * outcome-schema.test.ts checks it accepts and refuses the same documents as Ajv on the bundled contract. zod
 * rather than Ajv: the same rule runs in the browser (the live preview) and on the server (before the PUT), and
 * Ajv is only a development dependency. A refused shape says where ("factors[0].criteria: …"). The rule's
 * meaning (ids per type, categories, units, exactly one factor per value) is checked by
 * app/domain/scan-outcome-rules.ts, the module the reference API runs too (ADR 031): `checkOutcomeJson`.
 */
import * as z from "zod";
import "../../../forms/fields"; // jitless in the browser, the fallback messages: before this module builds a schema
import type { Schema } from "../../../api/schemas";
import { outcomeProblems, problemText } from "../../../domain/scan-outcome-rules";
import { singleLine } from "../../../forms/fields";

type ScanOutcome = Schema<"ScanOutcome">;

export const INVALID_JSON = "Invalid JSON.";
export const OUTCOME_UNPARSABLE = "Could not parse organization scan outcome.";
export const OUTCOME_SAVED = "Successfully saved Scan outcome";

const FACTOR_CATEGORIES = ["LOW", "MEDIUM", "HIGH", "NORMAL", "SLIGHT", "MILD", "MODERATE", "SEVERE", "MARKED", "NONE"] as const;
const nullableText = (max: number) => z.string().max(max).nullable();

const conditionSchema = z.strictObject({
  comparator: z.enum(["lt", "gt", "lte", "gte", "e"]),
  value: z.union([z.number(), z.enum(["MALE", "FEMALE"])]),
});

const criterionSchema = z.strictObject({
  type: z.enum(["SPEED", "DISTANCE", "TIME", "REPS", "SEX", "AGE"]),
  units: nullableText(20),
  conditions: z.array(conditionSchema).min(1).max(10),
});

const factorSchema = z.strictObject({
  category: z.enum(FACTOR_CATEGORIES),
  description: z.string().max(2000),
  shortDescription: z.string().max(200),
  criteria: z.array(criterionSchema).max(20),
});

export const scanOutcomeSchema = z.strictObject({
  type: z.enum(["FALL", "TREMORS"]),
  assessmentId: z.string().max(8).regex(/^AST-\d{4}$/),
  demographicsRequired: z
    .array(z.enum(["AGE", "SEX"]))
    .max(2)
    .refine((items) => new Set(items).size === items.length)
    .nullable(),
  factors: z.array(factorSchema).max(100),
  source: nullableText(1000),
  title: singleLine(z.string().max(200), "title"),
  description: nullableText(4000),
  resultDefinitionId: nullableText(100),
  leftResultDefinitionId: nullableText(100),
  rightResultDefinitionId: nullableText(100),
});

// The compiler's check that the schema is the contract's type (both ways).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const mirrorsContract: Same<z.output<typeof scanOutcomeSchema>, ScanOutcome> = true;
void mirrorsContract;

export type OutcomeParse = { ok: true; outcome: ScanOutcome } | { ok: false; error: typeof INVALID_JSON | typeof OUTCOME_UNPARSABLE; details: string[] };

/** The most places a refused shape names (the first ones). */
const MAX_SHAPE_DETAILS = 5;

/** A zod issue's path as the JSON writes it: factors[0].criteria[1].units. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

/** The dialog's JSON text as an outcome of the contract's shape, or the spec's message and where (issue 25). */
export function parseOutcomeJson(text: string): OutcomeParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: INVALID_JSON, details: [] };
  }
  const parsed = scanOutcomeSchema.safeParse(value);
  if (parsed.success) return { ok: true, outcome: parsed.data };
  const details = parsed.error.issues.slice(0, MAX_SHAPE_DETAILS).map((i) => `${jsonPath(i.path) || "(the whole JSON)"}: ${i.message}`);
  return { ok: false, error: OUTCOME_UNPARSABLE, details };
}

/**
 * What the editor shows and the action checks before saving: the parsed outcome (null when the text is not one;
 * the preview follows it) and the messages, each naming where — 'Invalid JSON.'; 'Could not parse organization
 * scan outcome.' then the places the shape is wrong; or the rule's problems (app/domain/scan-outcome-rules.ts,
 * the same check the API runs: "factors[1].criteria[0].conditions: factor 2 (HIGH) can never match: …").
 */
export function checkOutcomeJson(text: string): { outcome: ScanOutcome | null; errors: string[] } {
  const parsed = parseOutcomeJson(text);
  if (!parsed.ok) return { outcome: null, errors: [parsed.error, ...parsed.details] };
  return { outcome: parsed.outcome, errors: outcomeProblems(parsed.outcome).map(problemText) };
}

/** The outcome as the dialog's textarea shows it. */
export const outcomeJson = (outcome: ScanOutcome): string => JSON.stringify(outcome, null, 2);

/**
 * The template of a new assessment analysis ('Add Assessment Analysis'): a FALL rule of the assessment with no
 * factors yet (so the dialog opens in edit mode), its title from the assessment's name.
 */
export function templateOutcome(assessmentId: string, assessmentName: string | null): ScanOutcome {
  return {
    type: "FALL",
    assessmentId,
    demographicsRequired: null,
    factors: [],
    source: null,
    title: `Fall Risk - ${assessmentName ?? assessmentId}`.slice(0, 200),
    description: null,
    resultDefinitionId: null,
    leftResultDefinitionId: null,
    rightResultDefinitionId: null,
  };
}
