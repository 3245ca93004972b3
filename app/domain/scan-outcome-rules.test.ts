import fc from "fast-check";
import { describe, expect, it } from "vitest";
// The reference API's seeded rules are the product's thresholds (002 §9, ADR 012): every one must pass.
import { defaultOutcomes } from "../../reference-api/src/areas/scan/catalogue";
import { conditionHolds, evaluateRisk, type Criterion, type Factor, type ScanOutcome } from "./fall-risk";
import { outcomeProblems, problemText } from "./scan-outcome-rules";

const seeded = defaultOutcomes() as ScanOutcome[];
const seed = (id: string) => structuredClone(seeded.find((o) => o.assessmentId === id)!);
const texts = (o: ScanOutcome) => outcomeProblems(o).map(problemText);

const speed = (...conditions: Criterion["conditions"]): Criterion => ({ type: "SPEED", units: "m/s", conditions });
const factor = (category: Factor["category"], ...criteria: Criterion[]): Factor => ({ category, description: "", shortDescription: `${category} Risk`, criteria });
const fall = (factors: Factor[], demographicsRequired: ScanOutcome["demographicsRequired"] = null): ScanOutcome => ({
  type: "FALL",
  assessmentId: "AST-0018",
  demographicsRequired,
  factors,
  source: null,
  title: "Fall Risk",
  description: null,
  resultDefinitionId: "gaitSpeed",
  leftResultDefinitionId: null,
  rightResultDefinitionId: null,
});

describe("the seeded rules", () => {
  it.each(seeded.map((o) => [o.assessmentId, o] as const))("%s passes the check", (_, outcome) => {
    expect(texts(outcome)).toEqual([]);
  });
});

describe("rules that cannot work are refused, naming the factor and the key", () => {
  it("overlapping factors (LOW > 5 with HIGH < 10)", () => {
    expect(texts(fall([factor("LOW", speed({ comparator: "gt", value: 5 })), factor("HIGH", speed({ comparator: "lt", value: 10 }))]))).toEqual([
      "factors[1].criteria[0].conditions: factor 1 (LOW) and factor 2 (HIGH) both match SPEED > 5 and < 10 m/s: every value must select exactly one factor",
    ]);
  });

  it("a factor that can never match (> 10 and < 5)", () => {
    const o = fall([factor("LOW", speed({ comparator: "gte", value: 0 })), factor("HIGH", speed({ comparator: "gt", value: 10 }, { comparator: "lt", value: 5 }))]);
    expect(texts(o)).toEqual(["factors[1].criteria[0].conditions: factor 2 (HIGH) can never match: > 10 and < 5 (for values of 0 or more)"]);
    // Below 0 only is never, too (results are 0 or more).
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 0 })), factor("HIGH", speed({ comparator: "lt", value: 0 }))]))).toEqual([
      "factors[1].criteria[0].conditions: factor 2 (HIGH) can never match: < 0 (for values of 0 or more)",
    ]);
  });

  it("a factor with no criteria, or with demographics only (it would match every result)", () => {
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 1 })), factor("HIGH")]))).toContain(
      "factors[1].criteria: factor 2 (HIGH) has no result criterion (SPEED, DISTANCE, TIME or REPS): it would match every result",
    );
    const ageOnly = fall([factor("LOW", speed({ comparator: "gte", value: 0 })), factor("HIGH", { type: "AGE", units: "years", conditions: [{ comparator: "gte", value: 80 }] })], ["AGE"]);
    expect(texts(ageOnly)[0]).toBe("factors[1].criteria: factor 2 (HIGH) has no result criterion (SPEED, DISTANCE, TIME or REPS): it would match every result");
  });

  it("unknown units, and units that differ between factors", () => {
    const o = fall([factor("LOW", { ...speed({ comparator: "gte", value: 0.8 }), units: "furlongs/fortnight" }), factor("HIGH", speed({ comparator: "lt", value: 0.8 }))]);
    expect(texts(o)).toEqual(['factors[0].criteria[0].units: factor 1 (LOW): unknown units "furlongs/fortnight" for SPEED; use m/s, cm/s, ft/s, km/h, mph']);
    const mixed = fall([factor("LOW", speed({ comparator: "gte", value: 0.8 })), factor("HIGH", { ...speed({ comparator: "lt", value: 0.8 }), units: "cm/s" })]);
    expect(texts(mixed)).toEqual(["factors[1].criteria[0].units: factor 2 (HIGH) is in cm/s but factor 1 in m/s: a rule reads one result"]);
    const types = fall([factor("LOW", speed({ comparator: "gte", value: 0.8 })), factor("HIGH", { type: "TIME", units: "s", conditions: [{ comparator: "lt", value: 0.8 }] })]);
    expect(texts(types)).toEqual(["factors[1].criteria[0].type: factor 2 (HIGH) reads TIME but factor 1 reads SPEED: a rule reads one result"]);
    expect(texts(fall([factor("LOW", { ...speed({ comparator: "gte", value: 0 }), units: null })]))).toEqual(["factors[0].criteria[0].units: factor 1 (LOW): no units for SPEED; use m/s, cm/s, ft/s, km/h, mph"]);
  });

  it("a FALL outcome with left/right ids; a TREMORS outcome with a result id or without its sides", () => {
    const o = { ...seed("AST-0018"), leftResultDefinitionId: "leftGaitSpeed", rightResultDefinitionId: "rightGaitSpeed" };
    expect(texts(o)).toEqual([
      "leftResultDefinitionId: must be null for a FALL outcome (it reads resultDefinitionId)",
      "rightResultDefinitionId: must be null for a FALL outcome (it reads resultDefinitionId)",
    ]);
    const t = { ...seed("AST-0031"), resultDefinitionId: "tremor", rightResultDefinitionId: " " };
    expect(texts(t)).toEqual(["resultDefinitionId: must be null for a TREMORS outcome (it reads leftResultDefinitionId and rightResultDefinitionId)", "rightResultDefinitionId: is required for a TREMORS outcome"]);
    expect(texts({ ...seed("AST-0018"), resultDefinitionId: "gait speed" })).toEqual(["resultDefinitionId: must be a result id: letters, digits, _ and - only"]);
    expect(texts({ ...seed("AST-0018"), resultDefinitionId: null })).toEqual(["resultDefinitionId: is required for a FALL outcome"]);
  });

  it("a gap between factors (no factor for some values)", () => {
    const o = fall([factor("LOW", speed({ comparator: "gt", value: 0.8 })), factor("HIGH", speed({ comparator: "lt", value: 0.8 }))]);
    expect(texts(o)).toEqual(["factors: no factor matches SPEED = 0.8 m/s: every value must select exactly one factor"]);
    const high = fall([factor("HIGH", speed({ comparator: "lt", value: 0.8 }))]);
    expect(texts(high)).toEqual(["factors: no factor matches SPEED >= 0.8 m/s: every value must select exactly one factor"]);
  });

  it("per demographic band: an overlap or a gap in one band names the band", () => {
    const sts = seed("AST-0011");
    // Women 70-79: the HIGH factor starts at 12 s instead of above 13 s.
    const i = sts.factors.findIndex((f) => f.category === "HIGH" && f.description.startsWith("For women aged 70-79"));
    sts.factors[i]!.criteria[0]!.conditions = [{ comparator: "gt", value: 12 }];
    expect(texts(sts)).toEqual([
      `factors[${i}].criteria[0].conditions: factor ${i} (LOW) and factor ${i + 1} (HIGH) both match TIME > 12 and <= 13 s (for age >= 70 and < 80, sex FEMALE): every value must select exactly one factor`,
    ]);
    // Men 60-64 of the chair stand: the LOW factor's band starts at 62, so 60-61 has only HIGH.
    const cs = seed("AST-0019");
    cs.factors[0]!.criteria[1]!.conditions = [{ comparator: "gte", value: 62 }, { comparator: "lt", value: 65 }];
    expect(texts(cs)).toEqual(["factors: no factor matches REPS >= 14 reps (for age >= 60 and < 62, sex MALE): every value must select exactly one factor"]);
  });

  it("demographics: criteria need demographicsRequired, one of each per factor, and what is asked for is used", () => {
    const age = { type: "AGE", units: "years", conditions: [{ comparator: "gte", value: 60 }] } as Criterion;
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 0 }), age)]))).toEqual(["factors[0].criteria[1].type: factor 1 (LOW): an AGE criterion needs AGE in demographicsRequired"]);
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 0 }), age, age)], ["AGE"]))).toEqual(["factors[0].criteria[2].type: factor 1 (LOW) has more than one AGE criterion"]);
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 0 }))], ["SEX"]))).toEqual(["demographicsRequired: SEX is asked for but no factor has an SEX criterion"]);
    const sex = { type: "SEX", units: null, conditions: [{ comparator: "gt", value: "MALE" }] } as Criterion;
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 0 }), sex)], ["SEX"]))).toEqual(["factors[0].criteria[1].conditions[0].comparator: factor 1 (LOW): a SEX condition compares with e (=)"]);
    const both = { type: "SEX", units: null, conditions: [{ comparator: "e", value: "MALE" }, { comparator: "e", value: "FEMALE" }] } as Criterion;
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 0 }), both)], ["SEX"]))).toEqual(["factors[0].criteria[1].conditions: factor 1 (LOW) can never match: = MALE and = FEMALE"]);
  });

  it("categories per type, a label, at least one factor, one result criterion per factor", () => {
    expect(texts({ ...seed("AST-0031"), factors: seed("AST-0031").factors.map((f, i) => (i === 0 ? { ...f, category: "LOW" as const } : f)) })[0]).toBe(
      "factors[0].category: factor 1 (LOW): a TREMORS outcome's factors are NORMAL, SLIGHT, MILD, MODERATE, SEVERE, MARKED or NONE",
    );
    expect(texts(fall([{ ...factor("LOW", speed({ comparator: "gte", value: 0 })), shortDescription: " " }]))).toEqual(["factors[0].shortDescription: factor 1 (LOW): a short description (the outcome's label) is required"]);
    expect(texts(fall([]))).toEqual(["factors: add at least one factor: a rule without factors gives every session the default Low Risk"]);
    expect(texts(fall([factor("LOW", speed({ comparator: "gte", value: 0 }), speed({ comparator: "lt", value: 3 }))]))[0]).toBe(
      "factors[0].criteria[1]: factor 1 (LOW) has more than one result criterion: put all of its conditions on the result in one criterion",
    );
  });
});

/** Random rules that partition [0, ∞) into consecutive ranges: thresholds t1 < t2 < …, each bound either way. */
const partition = fc
  .uniqueArray(fc.integer({ min: 1, max: 5000 }).map((n) => n / 100), { minLength: 1, maxLength: 5 })
  .chain((ts) => fc.tuple(fc.constant([...ts].sort((a, b) => a - b)), fc.array(fc.boolean(), { minLength: ts.length, maxLength: ts.length })));

function partitionRule([ts, lowerInclusive]: [number[], boolean[]]): ScanOutcome {
  const categories = ["LOW", "MEDIUM", "HIGH"] as const;
  const factors = [0, ...ts].map((from, i) => {
    const to = ts[i];
    const conditions: Criterion["conditions"] = [];
    if (i > 0) conditions.push({ comparator: lowerInclusive[i - 1] ? "gte" : "gt", value: from });
    if (to !== undefined) conditions.push({ comparator: lowerInclusive[i] ? "lt" : "lte", value: to });
    if (conditions.length === 0) conditions.push({ comparator: "gte", value: 0 });
    return factor(categories[i % 3]!, speed(...conditions));
  });
  return fall(factors);
}

describe("exactly one factor over the whole range (property-based)", () => {
  it("a partition of [0, ∞) passes, and the engine then chooses exactly one factor for every value", () => {
    fc.assert(
      fc.property(partition, fc.double({ min: 0, max: 100, noNaN: true }), (p, value) => {
        const rule = partitionRule(p);
        expect(texts(rule)).toEqual([]);
        const result = evaluateRisk(rule, { value });
        expect(result.factor).not.toBeNull();
        expect(result.warnings).toEqual([]);
        // At each threshold too (where an off-by-one would hide).
        for (const t of p[0]) expect(evaluateRisk(rule, { value: t }).warnings).toEqual([]);
      }),
    );
  });

  it("moving one bound of a partition (a gap or an overlap) is refused, naming a factor or the factors", () => {
    fc.assert(
      fc.property(partition, fc.nat(), fc.integer({ min: -50, max: 50 }).filter((d) => d !== 0), (p, which, delta) => {
        const rule = partitionRule(p);
        const withBounds = rule.factors.map((f, i) => [f, i] as const).filter(([f]) => f.criteria[0]!.conditions.some((c) => c.comparator !== "gte" || c.value !== 0));
        const [f, i] = withBounds[which % withBounds.length]!;
        const c = f.criteria[0]!.conditions[0]!;
        const moved = Math.max(0.005, (c.value as number) + delta / 100);
        f.criteria[0]!.conditions[0] = { ...c, value: moved };
        const problems = texts(rule);
        expect(problems.length).toBeGreaterThan(0);
        expect(problems[0]).toMatch(new RegExp(`^factors(\\[\\d+\\]\\.criteria\\[0\\]\\.conditions)?: .*(no factor matches|factor ${i + 1} \\(|both match)`));
      }),
    );
  });

  it("any rule the check accepts selects exactly one factor wherever a factor applies (random rules)", () => {
    const cond = fc.record({ comparator: fc.constantFrom("lt", "gt", "lte", "gte", "e" as const), value: fc.integer({ min: 0, max: 20 }) });
    const band = fc.array(cond, { minLength: 1, maxLength: 2 });
    const rule = fc.array(fc.record({ result: band, age: fc.option(band, { nil: null }) }), { minLength: 1, maxLength: 4 }).map((fs) =>
      fall(
        fs.map((f, i) => factor((["LOW", "MEDIUM", "HIGH"] as const)[i % 3]!, speed(...f.result), ...(f.age ? [{ type: "AGE" as const, units: "years", conditions: f.age }] : []))),
        fs.some((f) => f.age) ? ["AGE"] : null,
      ),
    );
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 50 }).map((n) => n / 2), fc.integer({ min: 0, max: 50 }).map((n) => n / 2), (o, value, age) => {
        if (outcomeProblems(o).length > 0) return;
        const result = evaluateRisk(o, { value, age });
        expect(result.warnings.filter((w) => w.kind === "several-factors-qualify")).toEqual([]);
        // A factor applies to this age: then one must be chosen (no gap).
        const applies = o.factors.some((f) => f.criteria.every((c) => c.type !== "AGE" || c.conditions.every((x) => conditionHolds(age, x))));
        if (applies) expect(result.factor).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
