/**
 * What a scan outcome (an organization's risk rule, 003 §3, 002 §3) must mean before it is saved (ADR 031): the
 * ONE check the admin analysis editor (its action, and its live check in the browser) and the reference API
 * (PUT …/outcomes/risk-factors, 400 naming the path) both run. The JSON's shape is the contract's (zod in the
 * portal, Ajv in the API); this module checks what the shape cannot say.
 *
 * - Ids: a FALL rule reads `resultDefinitionId` and has no left/right ids; a TREMORS rule reads
 *   `leftResultDefinitionId` and `rightResultDefinitionId` and has no `resultDefinitionId`. Ids are codes
 *   (letters, digits, `_` and `-`). A title is required.
 * - Factors: at least one; FALL factors are LOW, MEDIUM or HIGH, TREMORS factors the graded categories; each has
 *   a short description (the outcome's label) and exactly one result criterion (SPEED, DISTANCE, TIME or REPS:
 *   without one it would match every result); at most one AGE and one SEX criterion, each named in
 *   `demographicsRequired` (and every demographic asked for is used by a factor).
 * - Criteria: all result criteria of a rule read the same result, so they have one type and one unit; units
 *   come from a short list per type (m/s, in, s, reps, years; none for SEX); SEX compares with `=` against MALE
 *   or FEMALE, the others with numbers; a criterion whose conditions can never hold together (`> 10` and `< 5`)
 *   is refused. Results and ages are 0 or more.
 * - Coverage (the rule's meaning): for every demographic band the rule names (every age range its AGE
 *   conditions cut out, times each sex when SEX is required), every result value from 0 up selects EXACTLY one
 *   factor: no two factors overlap, and no value falls between them. A band no factor names (say, under 60 for
 *   a rule from 60 up) keeps the spec's default, Low Risk (002 §4).
 *
 * Every problem names its path in the JSON (`factors[1].criteria[0].conditions`) and, in words, the factor
 * ("factor 2 (HIGH)"). Pure and browser-safe: no imports but the contract's types.
 */
import type { components } from "../../openapi/provider-api.js";

type ScanOutcome = components["schemas"]["ScanOutcome"];
type Factor = components["schemas"]["Factor"];
type Criterion = components["schemas"]["Criterion"];
type Condition = components["schemas"]["Condition"];
type Sex = "MALE" | "FEMALE";

export interface OutcomeProblem {
  /** Where, in the outcome's JSON: `factors[1].criteria[0].conditions`, `resultDefinitionId`, … */
  path: string;
  /** What is wrong, naming the factor in words. */
  message: string;
}

/** The problem as one line: "path: message" (the API's 400 message, a line under the editor). */
export const problemText = (p: OutcomeProblem): string => `${p.path}: ${p.message}`;

/** The most problems reported at once (the first ones, in the JSON's order). */
export const MAX_PROBLEMS = 10;

export const RESULT_CRITERION_TYPES = ["SPEED", "DISTANCE", "TIME", "REPS"] as const;
const RESULT_TYPES = new Set<Criterion["type"]>(RESULT_CRITERION_TYPES);
const FALL_CATEGORIES = new Set<Factor["category"]>(["LOW", "MEDIUM", "HIGH"]);

/** The units a criterion of each type may name (null: none). */
export const CRITERION_UNITS: Record<Criterion["type"], readonly (string | null)[]> = {
  SPEED: ["m/s", "cm/s", "ft/s", "km/h", "mph"],
  DISTANCE: ["in", "cm", "mm", "m", "ft"],
  TIME: ["s", "ms", "min"],
  REPS: ["reps"],
  AGE: ["years"],
  SEX: [null],
};

/** A result definition id, like a location keyword, is a code: letters, digits, `_` and `-`. */
export const RESULT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const SYMBOL: Record<Condition["comparator"], string> = { lt: "<", gt: ">", lte: "<=", gte: ">=", e: "=" };

export const conditionText = (c: Condition): string => `${SYMBOL[c.comparator]} ${c.value}`;
const conditionsText = (cs: Condition[]): string => cs.map(conditionText).join(" and ");

/** Whether `actual` satisfies one condition: the risk engine's meaning (app/domain/fall-risk.ts). */
function holds(actual: number | Sex, c: Condition): boolean {
  if (typeof actual !== typeof c.value) return false;
  if (c.comparator === "e") return actual === c.value;
  if (typeof actual !== "number" || typeof c.value !== "number") return false;
  switch (c.comparator) {
    case "lt":
      return actual < c.value;
    case "gt":
      return actual > c.value;
    case "lte":
      return actual <= c.value;
    case "gte":
      return actual >= c.value;
  }
}

const allHold = (actual: number | Sex, cs: Condition[]) => cs.every((c) => holds(actual, c));

/** The sample points that decide what a set of numeric conditions does on [0, ∞): each bound, between bounds, above. */
type Sample = { at: number } | { between: [number, number] } | { above: number };

function samplesOf(bounds: number[]): Sample[] {
  const sorted = [...new Set([0, ...bounds.filter((b) => Number.isFinite(b) && b >= 0)])].sort((a, b) => a - b);
  const out: Sample[] = [];
  sorted.forEach((b, i) => {
    out.push({ at: b });
    const next = sorted[i + 1];
    out.push(next === undefined ? { above: b } : { between: [b, next] });
  });
  return out;
}

const valueOf = (s: Sample): number => ("at" in s ? s.at : "between" in s ? (s.between[0] + s.between[1]) / 2 : s.above + 1);

/** A run of consecutive samples in words: ">= 5 and < 10", "> 3", "= 0". */
function rangeText(from: Sample, to: Sample): string {
  const lower = "at" in from ? (from.at === 0 ? null : `>= ${from.at}`) : "between" in from ? `> ${from.between[0]}` : `> ${from.above}`;
  const upper = "at" in to ? `<= ${to.at}` : "between" in to ? `< ${to.between[1]}` : null;
  if ("at" in from && "at" in to && from.at === to.at) return `= ${from.at}`;
  if (lower === null) return upper ?? ">= 0";
  return upper === null ? lower : `${lower} and ${upper}`;
}

const factorName = (f: Factor, i: number) => `factor ${i + 1} (${f.category})`;
const present = (s: string | null | undefined): s is string => typeof s === "string" && s.trim() !== "";

/** The problems of an outcome (none: it may be saved). At most MAX_PROBLEMS, in the JSON's order. */
export function outcomeProblems(outcome: ScanOutcome): OutcomeProblem[] {
  const problems: OutcomeProblem[] = [];
  const add = (path: string, message: string) => {
    if (!problems.some((p) => p.path === path && p.message === message)) problems.push({ path, message });
  };

  // The rule as a whole.
  if (!present(outcome.title)) add("title", "Title is required");
  const ids = ["resultDefinitionId", "leftResultDefinitionId", "rightResultDefinitionId"] as const;
  const reads = outcome.type === "FALL" ? ["resultDefinitionId"] : ["leftResultDefinitionId", "rightResultDefinitionId"];
  for (const key of ids) {
    const value = outcome[key];
    if (reads.includes(key)) {
      if (!present(value)) add(key, `is required for a ${outcome.type} outcome`);
      else if (!RESULT_ID_PATTERN.test(value.trim())) add(key, "must be a result id: letters, digits, _ and - only");
    } else if (present(value)) {
      add(key, `must be null for a ${outcome.type} outcome (it reads ${reads.join(" and ")})`);
    }
  }
  if (outcome.factors.length === 0) add("factors", "add at least one factor: a rule without factors gives every session the default Low Risk");

  const demographics = new Set(outcome.demographicsRequired ?? []);
  let resultKind: { type: Criterion["type"]; units: string | null; factor: number } | null = null;
  /** Per factor: its result criterion (or none) and its demographic criteria, when they are sound. */
  const shapes: ({ result: Criterion; resultIndex: number; age: Criterion | null; sex: Criterion | null } | null)[] = [];

  outcome.factors.forEach((f, i) => {
    const at = `factors[${i}]`;
    const name = factorName(f, i);
    let sound = true;
    if (outcome.type === "FALL" && !FALL_CATEGORIES.has(f.category)) add(`${at}.category`, `${name}: a FALL outcome's factors are LOW, MEDIUM or HIGH`);
    if (outcome.type === "TREMORS" && FALL_CATEGORIES.has(f.category)) add(`${at}.category`, `${name}: a TREMORS outcome's factors are NORMAL, SLIGHT, MILD, MODERATE, SEVERE, MARKED or NONE`);
    if (!present(f.shortDescription)) add(`${at}.shortDescription`, `${name}: a short description (the outcome's label) is required`);

    const results = f.criteria.flatMap((c, j) => (RESULT_TYPES.has(c.type) ? [j] : []));
    if (results.length === 0) {
      add(`${at}.criteria`, `${name} has no result criterion (SPEED, DISTANCE, TIME or REPS): it would match every result`);
      sound = false;
    } else if (results.length > 1) {
      add(`${at}.criteria[${results[1]}]`, `${name} has more than one result criterion: put all of its conditions on the result in one criterion`);
      sound = false;
    }
    let age: Criterion | null = null;
    let sex: Criterion | null = null;
    f.criteria.forEach((c, j) => {
      const cat = `${at}.criteria[${j}]`;
      if (c.type === "AGE" || c.type === "SEX") {
        if ((c.type === "AGE" ? age : sex) !== null) {
          add(`${cat}.type`, `${name} has more than one ${c.type} criterion`);
          sound = false;
        }
        if (c.type === "AGE") age = c;
        else sex = c;
        if (!demographics.has(c.type)) {
          add(`${cat}.type`, `${name}: an ${c.type} criterion needs ${c.type} in demographicsRequired`);
          sound = false;
        }
      }
      const units = CRITERION_UNITS[c.type];
      if (!units.includes(c.units)) {
        add(`${cat}.units`, c.type === "SEX" ? `${name}: a SEX criterion has no units (null)` : `${name}: ${c.units === null ? "no units" : `unknown units "${c.units}"`} for ${c.type}; use ${units.join(", ")}`);
        sound = false;
      }
      let valuesSound = true;
      c.conditions.forEach((cond, k) => {
        const ck = `${cat}.conditions[${k}]`;
        if (c.type === "SEX") {
          if (cond.comparator !== "e") add(`${ck}.comparator`, `${name}: a SEX condition compares with e (=)`);
          if (cond.value !== "MALE" && cond.value !== "FEMALE") add(`${ck}.value`, `${name}: a SEX condition's value is MALE or FEMALE`);
          if (cond.comparator !== "e" || (cond.value !== "MALE" && cond.value !== "FEMALE")) valuesSound = false;
        } else if (typeof cond.value !== "number" || !Number.isFinite(cond.value)) {
          add(`${ck}.value`, `${name}: a ${c.type} condition's value is a number`);
          valuesSound = false;
        }
      });
      if (!valuesSound) {
        sound = false;
        return;
      }
      // Conditions that can never hold together (over 0 and up for numbers).
      const possible = c.type === "SEX" ? (["MALE", "FEMALE"] as const).some((s) => allHold(s, c.conditions)) : samplesOf(c.conditions.map((x) => x.value as number)).some((s) => allHold(valueOf(s), c.conditions));
      if (!possible) {
        add(`${cat}.conditions`, `${name} can never match: ${conditionsText(c.conditions)}${c.type === "SEX" ? "" : " (for values of 0 or more)"}`);
        sound = false;
      }
    });
    // One result per rule: every result criterion has the first one's type and units.
    const first = results[0] === undefined ? undefined : f.criteria[results[0]];
    if (first && CRITERION_UNITS[first.type].includes(first.units)) {
      if (!resultKind) resultKind = { type: first.type, units: first.units, factor: i };
      else if (first.type !== resultKind.type) {
        add(`${at}.criteria[${results[0]}].type`, `${name} reads ${first.type} but factor ${resultKind.factor + 1} reads ${resultKind.type}: a rule reads one result`);
        sound = false;
      } else if (first.units !== resultKind.units) {
        add(`${at}.criteria[${results[0]}].units`, `${name} is in ${first.units ?? "no units"} but factor ${resultKind.factor + 1} in ${resultKind.units ?? "no units"}: a rule reads one result`);
        sound = false;
      }
    }
    shapes.push(sound && first && results[0] !== undefined ? { result: first, resultIndex: results[0], age, sex } : null);
  });

  for (const d of demographics) {
    if (!outcome.factors.some((f) => f.criteria.some((c) => c.type === d))) add("demographicsRequired", `${d} is asked for but no factor has an ${d} criterion`);
  }

  // Coverage: only when every factor is sound (otherwise the problems above come first).
  if (problems.length === 0 && shapes.every((s) => s !== null)) coverageProblems(outcome, shapes as NonNullable<(typeof shapes)[number]>[], add);
  return problems.slice(0, MAX_PROBLEMS);
}

/**
 * Every demographic band the rule names, then every result value from 0 up: exactly one factor. Bands are cut by
 * the AGE conditions' bounds (and each sex when SEX is required); consecutive bands with the same problems are
 * reported once.
 */
function coverageProblems(
  outcome: ScanOutcome,
  shapes: { result: Criterion; resultIndex: number; age: Criterion | null; sex: Criterion | null }[],
  add: (path: string, message: string) => void,
): void {
  const required = new Set(outcome.demographicsRequired ?? []);
  const ageSamples: (Sample | null)[] = required.has("AGE") ? samplesOf(shapes.flatMap((s) => s.age?.conditions.map((c) => c.value as number) ?? [])) : [null];
  const sexes: (Sex | null)[] = required.has("SEX") ? ["MALE", "FEMALE"] : [null];
  const resultType = shapes[0]?.result.type ?? "result";
  const units = shapes[0]?.result.units ? ` ${shapes[0].result.units}` : "";

  type Found = { key: string; path: string; message: (band: string) => string };
  for (const sex of sexes) {
    let run: { from: Sample | null; to: Sample | null; found: Found[] } | null = null;
    const flush = () => {
      if (!run) return;
      const ageText = run.from && run.to ? `age ${rangeText(run.from, run.to)}` : null;
      const band = [ageText, sex ? `sex ${sex}` : null].filter(Boolean).join(", ");
      for (const f of run.found) add(f.path, f.message(band ? ` (for ${band})` : ""));
    };
    for (const ageSample of ageSamples) {
      const age = ageSample ? valueOf(ageSample) : null;
      const applies = shapes.flatMap((s, i) => ((s.age === null || age === null || allHold(age, s.age.conditions)) && (s.sex === null || sex === null || allHold(sex, s.sex.conditions)) ? [i] : []));
      const found: Found[] = [];
      if (applies.length > 0) {
        // Over the result's values: runs of samples with no factor (a gap) or several (an overlap).
        const samples = samplesOf(applies.flatMap((i) => shapes[i]!.result.conditions.map((c) => c.value as number)));
        const matching = samples.map((s) => applies.filter((i) => allHold(valueOf(s), shapes[i]!.result.conditions)));
        let k = 0;
        while (k < samples.length) {
          const m = matching[k]!;
          const sig = m.length === 1 ? null : m.join(",");
          if (sig === null) {
            k++;
            continue;
          }
          let end = k;
          while (end + 1 < samples.length && (matching[end + 1]!.length === 1 ? null : matching[end + 1]!.join(",")) === sig) end++;
          const range = `${resultType} ${rangeText(samples[k]!, samples[end]!)}${units}`;
          if (m.length === 0) {
            found.push({ key: `gap:${range}`, path: "factors", message: (band) => `no factor matches ${range}${band}: every value must select exactly one factor` });
          } else {
            const last = m[m.length - 1]!;
            const names = m.map((i) => factorName(outcome.factors[i]!, i));
            const shape = shapes[last]!;
            found.push({
              key: `overlap:${m.join(",")}:${range}`,
              path: `factors[${last}].criteria[${shape.resultIndex}].conditions`,
              message: (band) => `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} ${names.length === 2 ? "both" : "all"} match ${range}${band}: every value must select exactly one factor`,
            });
          }
          k = end + 1;
        }
      }
      // Overlaps first: they name the factors to change.
      found.sort((a, b) => Number(a.key.startsWith("gap:")) - Number(b.key.startsWith("gap:")));
      const same = run !== null && run.found.map((f) => f.key).join("|") === found.map((f) => f.key).join("|");
      if (same && run) run.to = ageSample;
      else {
        flush();
        run = { from: ageSample, to: ageSample, found };
      }
    }
    flush();
  }
}
