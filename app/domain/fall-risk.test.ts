import { describe, expect, it } from "vitest";
// The reference API's seeded rules ARE the product's thresholds table (002 §9): the engine is tested on them.
import { CHAIR_STAND_CUTOFFS, defaultOutcomes, SIT_TO_STAND_CUTOFFS } from "../../reference-api/src/areas/scan/catalogue";
import { conditionHolds, DEFAULT_DEMOGRAPHICS, evaluateRisk, RISK_COLOURS, shapeWarnings, type Factor, type RiskInput, type ScanOutcome } from "./fall-risk";

const outcomes = defaultOutcomes() as ScanOutcome[];
const rule = (id: string) => outcomes.find((o) => o.assessmentId === id)!;
const category = (id: string, input: RiskInput) => evaluateRisk(rule(id), input).category;

describe("conditionHolds", () => {
  it("compares numbers with lt, gt, lte, gte and e, and a sex only with e", () => {
    expect(conditionHolds(1, { comparator: "lt", value: 2 })).toBe(true);
    expect(conditionHolds(2, { comparator: "lt", value: 2 })).toBe(false);
    expect(conditionHolds(2, { comparator: "lte", value: 2 })).toBe(true);
    expect(conditionHolds(3, { comparator: "gt", value: 2 })).toBe(true);
    expect(conditionHolds(2, { comparator: "gt", value: 2 })).toBe(false);
    expect(conditionHolds(2, { comparator: "gte", value: 2 })).toBe(true);
    expect(conditionHolds(2, { comparator: "e", value: 2 })).toBe(true);
    expect(conditionHolds("MALE", { comparator: "e", value: "MALE" })).toBe(true);
    expect(conditionHolds("FEMALE", { comparator: "e", value: "MALE" })).toBe(false);
    expect(conditionHolds("MALE", { comparator: "lt", value: "MALE" })).toBe(false);
    expect(conditionHolds(1, { comparator: "e", value: "MALE" })).toBe(false);
  });
});

describe("the thresholds of 002 §9, at and around each boundary", () => {
  it("AST-0018 gait speed: 0.8 m/s or more low, else high", () => {
    expect(category("AST-0018", { value: 0.8 })).toBe("LOW");
    expect(category("AST-0018", { value: 0.81 })).toBe("LOW");
    expect(category("AST-0018", { value: 0.79 })).toBe("HIGH");
    expect(evaluateRisk(rule("AST-0018"), { value: 0.5 }).label).toBe("High Risk");
  });
  it("AST-0020 single leg stance: 15 s or more low, below high", () => {
    expect(category("AST-0020", { value: 15 })).toBe("LOW");
    expect(category("AST-0020", { value: 14.99 })).toBe("HIGH");
    expect(category("AST-0020", { value: 30 })).toBe("LOW");
  });
  it.each(["AST-0009", "AST-0010"])("%s timed up and go: under 12 s low, 12 s or more high", (id) => {
    expect(category(id, { value: 11.99 })).toBe("LOW");
    expect(category(id, { value: 12 })).toBe("HIGH");
    expect(category(id, { value: 12.01 })).toBe("HIGH");
  });
  it("AST-0001 functional reach: above 10 in low, above 6 up to 10 medium, 6 or less high", () => {
    expect(category("AST-0001", { value: 10.01 })).toBe("LOW");
    expect(category("AST-0001", { value: 10 })).toBe("MEDIUM");
    expect(category("AST-0001", { value: 6.01 })).toBe("MEDIUM");
    expect(category("AST-0001", { value: 6 })).toBe("HIGH");
    expect(category("AST-0001", { value: 0 })).toBe("HIGH");
  });
  it.each(["AST-0011", "AST-0012"])("%s five times sit to stand: the sex-and-decade cut-offs (the time above it is high)", (id) => {
    expect(rule(id).demographicsRequired).toEqual(expect.arrayContaining(["AGE", "SEX"]));
    const table: [number, number, number][] = [
      [60, 8.4, 12.7],
      [70, 11.6, 13],
      [80, 16.7, 17.2],
      [90, 19.5, 22.9],
    ];
    expect(SIT_TO_STAND_CUTOFFS.map((b) => [b.from, b.MALE, b.FEMALE])).toEqual(table);
    for (const [from, male, female] of table) {
      for (const age of from === 90 ? [90, 99, 104] : [from, from + 9]) {
        expect(category(id, { value: male, age, sex: "MALE" })).toBe("LOW");
        expect(category(id, { value: male + 0.01, age, sex: "MALE" })).toBe("HIGH");
        expect(category(id, { value: female, age, sex: "FEMALE" })).toBe("LOW");
        expect(category(id, { value: female + 0.01, age, sex: "FEMALE" })).toBe("HIGH");
      }
    }
    // Decade edges: 69 is still 60-69 (8.4), 70 is 70-79 (11.6).
    expect(category(id, { value: 10, age: 69, sex: "MALE" })).toBe("HIGH");
    expect(category(id, { value: 10, age: 70, sex: "MALE" })).toBe("LOW");
    // Under 60 no cut-off applies: the default, Low Risk.
    expect(evaluateRisk(rule(id), { value: 40, age: 59, sex: "FEMALE" })).toMatchObject({ factor: null, category: "LOW", label: "Low Risk" });
  });
  it("AST-0019 30 second chair stand: fewer stands than the sex and five-year band's cut-off is high (60-94; cut-offs 14 to 1 — ADR 012)", () => {
    expect(CHAIR_STAND_CUTOFFS[0]!.from).toBe(60);
    expect(CHAIR_STAND_CUTOFFS.at(-1)!.to).toBe(95);
    for (const band of CHAIR_STAND_CUTOFFS) {
      expect(band.to - band.from).toBe(5);
      for (const sex of ["MALE", "FEMALE"] as const) {
        const cut = band[sex];
        expect(cut).toBeGreaterThanOrEqual(1);
        expect(cut).toBeLessThanOrEqual(14);
        for (const age of [band.from, band.to - 1]) {
          expect(category("AST-0019", { value: cut, age, sex })).toBe("LOW");
          expect(category("AST-0019", { value: cut - 1, age, sex })).toBe("HIGH");
          expect(category("AST-0019", { value: cut + 1, age, sex })).toBe("LOW");
        }
      }
    }
    // Outside 60-94: no band, the default.
    expect(evaluateRisk(rule("AST-0019"), { value: 0, age: 95, sex: "MALE" }).factor).toBeNull();
    expect(evaluateRisk(rule("AST-0019"), { value: 0, age: 59, sex: "MALE" }).factor).toBeNull();
  });
  it("the seeded rules raise no warning for any input of their range", () => {
    for (const o of outcomes.filter((x) => x.type === "FALL")) {
      for (const value of [0, 0.5, 0.8, 1, 6, 10, 12, 15, 20, 30]) {
        for (const age of [60, 65, 72, 85, 94]) {
          for (const sex of ["MALE", "FEMALE"] as const) expect(evaluateRisk(o, { value, age, sex }).warnings).toEqual([]);
        }
      }
    }
  });
});

describe("demographics", () => {
  it("a rule that requires age and sex chooses nothing without them (the portal asks first: defaults 65 and male)", () => {
    expect(evaluateRisk(rule("AST-0019"), { value: 3 }).factor).toBeNull();
    expect(DEFAULT_DEMOGRAPHICS).toEqual({ age: 65, sex: "MALE" });
    expect(category("AST-0019", { value: 3, ...DEFAULT_DEMOGRAPHICS })).toBe("HIGH");
  });
  it("AGE and SEX criteria count only when the rule requires them", () => {
    const factors: Factor[] = [
      {
        category: "HIGH",
        description: "",
        shortDescription: "High Risk",
        criteria: [
          { type: "TIME", units: "s", conditions: [{ comparator: "gt", value: 10 }] },
          { type: "AGE", units: "years", conditions: [{ comparator: "gte", value: 80 }] },
          { type: "SEX", units: null, conditions: [{ comparator: "e", value: "FEMALE" }] },
        ],
      },
    ];
    expect(evaluateRisk({ factors, demographicsRequired: null }, { value: 11, age: 20, sex: "MALE" }).category).toBe("HIGH");
    expect(evaluateRisk({ factors, demographicsRequired: ["AGE"] }, { value: 11, age: 20, sex: "MALE" }).category).toBe("LOW");
    expect(evaluateRisk({ factors, demographicsRequired: ["AGE"] }, { value: 11, age: 80, sex: "MALE" }).category).toBe("HIGH");
    expect(evaluateRisk({ factors, demographicsRequired: ["AGE", "SEX"] }, { value: 11, age: 80, sex: "MALE" }).category).toBe("LOW");
    expect(evaluateRisk({ factors, demographicsRequired: ["SEX", "AGE"] }, { value: 11, age: 80, sex: "FEMALE" }).category).toBe("HIGH");
  });
});

describe("the three warnings (reported, not shown)", () => {
  const time = (comparator: "lt" | "gte", value: number) => ({ type: "TIME" as const, units: "s", conditions: [{ comparator, value }] });
  it("a factor without result criteria", () => {
    const factors: Factor[] = [{ category: "HIGH", description: "", shortDescription: "High Risk", criteria: [{ type: "AGE", units: "years", conditions: [{ comparator: "gte", value: 60 }] }] }];
    expect(shapeWarnings({ factors })).toEqual([{ kind: "no-result-criteria", factor: 0 }]);
    expect(evaluateRisk({ factors, demographicsRequired: ["AGE"] }, { value: 1, age: 70 }).warnings).toContainEqual({ kind: "no-result-criteria", factor: 0 });
  });
  it("more than one AGE or SEX criterion in a factor", () => {
    const age = { type: "AGE" as const, units: "years", conditions: [{ comparator: "gte" as const, value: 60 }] };
    const sex = { type: "SEX" as const, units: null, conditions: [{ comparator: "e" as const, value: "MALE" as const }] };
    const factors: Factor[] = [{ category: "LOW", description: "", shortDescription: "Low Risk", criteria: [time("lt", 5), age, age, sex, sex] }];
    expect(shapeWarnings({ factors })).toEqual([
      { kind: "several-demographic-criteria", factor: 0, type: "AGE" },
      { kind: "several-demographic-criteria", factor: 0, type: "SEX" },
    ]);
  });
  it("more than one factor qualifying: the first wins, the others are reported", () => {
    const factors: Factor[] = [
      { category: "MEDIUM", description: "", shortDescription: "Medium Risk", criteria: [time("gte", 5)] },
      { category: "HIGH", description: "", shortDescription: "High Risk", criteria: [time("gte", 10)] },
    ];
    const r = evaluateRisk({ factors, demographicsRequired: null }, { value: 12 });
    expect(r.category).toBe("MEDIUM");
    expect(r.warnings).toEqual([{ kind: "several-factors-qualify", factors: [0, 1] }]);
    expect(evaluateRisk({ factors, demographicsRequired: null }, { value: 6 }).warnings).toEqual([]);
  });
});

describe("tremor grades and colours", () => {
  it("grades each hand's amplitude and colours every category", () => {
    const tremors = outcomes.find((o) => o.type === "TREMORS")!;
    expect(evaluateRisk(tremors, { value: 0.05 }).category).toBe("NORMAL");
    expect(evaluateRisk(tremors, { value: 0.1 }).category).toBe("SLIGHT");
    expect(evaluateRisk(tremors, { value: 2 }).category).toBe("MILD");
    expect(evaluateRisk(tremors, { value: 3 }).category).toBe("MODERATE");
    expect(evaluateRisk(tremors, { value: 10 }).category).toBe("SEVERE");
    expect([RISK_COLOURS.LOW, RISK_COLOURS.MEDIUM, RISK_COLOURS.HIGH]).toEqual(["green", "yellow", "red"]);
    expect(new Set([RISK_COLOURS.NONE, RISK_COLOURS.SLIGHT, RISK_COLOURS.MILD, RISK_COLOURS.MODERATE, RISK_COLOURS.SEVERE]).size).toBe(5);
  });
});
