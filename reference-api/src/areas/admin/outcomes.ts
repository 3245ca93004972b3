import { badRequest } from "../../core/errors.js";
import type { ScanOutcome } from "../scan/mapping.js";

const FALL_CATEGORIES = new Set(["LOW", "MEDIUM", "HIGH"]);
const RESULT_CRITERIA = new Set(["SPEED", "DISTANCE", "TIME", "REPS"]);

/**
 * Checks a risk rule beyond its JSON shape (which the contract checks): the assessment matches the path, the
 * result ids the rule type reads are set, FALL factors are LOW/MEDIUM/HIGH, SEX criteria compare with `e`
 * against MALE/FEMALE and numeric criteria against numbers, AGE and SEX criteria are declared in
 * `demographicsRequired`. Answers the outcome with blank optional texts as null. Throws 400 naming the field.
 */
export function validateOutcome(body: ScanOutcome, assessmentId: string): ScanOutcome {
  if (body.assessmentId !== assessmentId) throw badRequest(`assessmentId: must be the assessment of the path (${assessmentId}), not ${body.assessmentId}`);
  const title = body.title.trim();
  if (!title) throw badRequest("title: Title is required");
  const blankToNull = (v: string | null) => (v === null || v.trim() === "" ? null : v.trim());
  const out: ScanOutcome = {
    ...body,
    title,
    source: blankToNull(body.source),
    description: blankToNull(body.description),
    resultDefinitionId: blankToNull(body.resultDefinitionId),
    leftResultDefinitionId: blankToNull(body.leftResultDefinitionId),
    rightResultDefinitionId: blankToNull(body.rightResultDefinitionId),
    demographicsRequired: body.demographicsRequired && body.demographicsRequired.length > 0 ? body.demographicsRequired : null,
  };
  if (out.type === "FALL" && !out.resultDefinitionId) throw badRequest("resultDefinitionId: is required for a FALL outcome");
  if (out.type === "TREMORS") {
    if (!out.leftResultDefinitionId) throw badRequest("leftResultDefinitionId: is required for a TREMORS outcome");
    if (!out.rightResultDefinitionId) throw badRequest("rightResultDefinitionId: is required for a TREMORS outcome");
  }
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
  const demographics = new Set(out.demographicsRequired ?? []);
  out.factors.forEach((f, i) => {
    const at = `factors[${i}]`;
    if (out.type === "FALL" && !FALL_CATEGORIES.has(f.category)) throw badRequest(`${at}.category: a FALL outcome's factors are LOW, MEDIUM or HIGH`);
    if (out.type === "TREMORS" && FALL_CATEGORIES.has(f.category)) throw badRequest(`${at}.category: a TREMORS outcome's factors are NORMAL, SLIGHT, MILD, MODERATE, SEVERE, MARKED or NONE`);
    if (!f.shortDescription.trim()) throw badRequest(`${at}.shortDescription: Short description is required`);
    const typesSeen = new Set<string>();
    f.criteria.forEach((c, j) => {
      const cat = `${at}.criteria[${j}]`;
      if ((c.type === "AGE" || c.type === "SEX") && typesSeen.has(c.type)) throw badRequest(`${cat}.type: only one ${c.type} criterion per factor`);
      typesSeen.add(c.type);
      if ((c.type === "AGE" || c.type === "SEX") && !demographics.has(c.type)) {
        throw badRequest(`${cat}.type: a ${c.type} criterion needs ${c.type} in demographicsRequired`);
      }
      c.conditions.forEach((cond, k) => {
        const ck = `${cat}.conditions[${k}]`;
        if (c.type === "SEX") {
          if (cond.comparator !== "e") throw badRequest(`${ck}.comparator: a SEX condition compares with e`);
          if (cond.value !== "MALE" && cond.value !== "FEMALE") throw badRequest(`${ck}.value: a SEX condition's value is MALE or FEMALE`);
        } else if (typeof cond.value !== "number") {
          throw badRequest(`${ck}.value: must be a number`);
        }
      });
      if (RESULT_CRITERIA.has(c.type) && c.units !== null && !c.units.trim()) throw badRequest(`${cat}.units: must not be blank`);
    });
  });
  return out;
}
