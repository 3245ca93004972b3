import { outcomeProblems, problemText } from "../../../../app/domain/scan-outcome-rules.js";
import { badRequest } from "../../core/errors.js";
import type { ScanOutcome } from "../scan/mapping.js";

/**
 * Checks a risk rule beyond its JSON shape (which the contract checks): the assessment matches the path, then the
 * portal's own semantic check (app/domain/scan-outcome-rules.ts, ADR 031: ids per type, categories, units, SEX/AGE
 * criteria, conditions that can hold, exactly one factor for every result value per demographic band). Answers
 * the outcome with blank optional texts as null. Throws 400 naming the path of the first problem
 * ("factors[1].criteria[0].conditions: …").
 */
export function validateOutcome(body: ScanOutcome, assessmentId: string): ScanOutcome {
  if (body.assessmentId !== assessmentId) throw badRequest(`assessmentId: must be the assessment of the path (${assessmentId}), not ${body.assessmentId}`);
  const blankToNull = (v: string | null) => (v === null || v.trim() === "" ? null : v.trim());
  const out: ScanOutcome = {
    ...body,
    title: body.title.trim(),
    source: blankToNull(body.source),
    description: blankToNull(body.description),
    resultDefinitionId: blankToNull(body.resultDefinitionId),
    leftResultDefinitionId: blankToNull(body.leftResultDefinitionId),
    rightResultDefinitionId: blankToNull(body.rightResultDefinitionId),
    demographicsRequired: body.demographicsRequired && body.demographicsRequired.length > 0 ? body.demographicsRequired : null,
  };
  // The request validator coerces types, and a condition's `value` (number or MALE/FEMALE) can arrive as a
  // numeric string: numeric criteria get their numbers back.
  out.factors = out.factors.map((f) => ({
    ...f,
    criteria: f.criteria.map((c) => ({
      ...c,
      conditions: c.conditions.map((cond) =>
        c.type !== "SEX" && typeof cond.value === "string" && cond.value.trim() !== "" && Number.isFinite(Number(cond.value)) ? { ...cond, value: Number(cond.value) } : cond,
      ),
    })),
  }));
  const problems = outcomeProblems(out);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
    throw badRequest(`${problemText(problems[0]!)}${more}`);
  }
  return out;
}
