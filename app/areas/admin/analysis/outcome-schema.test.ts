import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { checkOutcomeJson, INVALID_JSON, OUTCOME_UNPARSABLE, outcomeJson, parseOutcomeJson, scanOutcomeSchema, templateOutcome } from "./outcome-schema";

const contract = JSON.parse(readFileSync(new URL("../../../../openapi/dist/provider-api.json", import.meta.url), "utf8")) as { components: { schemas: Record<string, unknown> } };
const ajv = new Ajv2020({ strict: false });
ajv.addSchema({ ...contract, $id: "contract" });
const contractValid = ajv.compile({ $ref: "contract#/components/schemas/ScanOutcome" });

const valid = {
  type: "FALL",
  assessmentId: "AST-0018",
  demographicsRequired: ["AGE"],
  factors: [
    {
      category: "HIGH",
      description: "Slow.",
      shortDescription: "High Risk",
      criteria: [
        { type: "SPEED", units: "m/s", conditions: [{ comparator: "lt", value: 0.8 }] },
        { type: "AGE", units: "years", conditions: [{ comparator: "gte", value: 60 }] },
      ],
    },
    { category: "LOW", description: "", shortDescription: "Low Risk", criteria: [{ type: "SEX", units: null, conditions: [{ comparator: "e", value: "MALE" }] }] },
  ],
  source: null,
  title: "Fall Risk",
  description: null,
  resultDefinitionId: "gaitSpeed",
  leftResultDefinitionId: null,
  rightResultDefinitionId: null,
};

type Doc = Record<string, unknown>;
const f0 = (d: Doc) => (d.factors as Doc[])[0]!;
const c0 = (d: Doc) => (f0(d).criteria as Doc[])[0]!;

/** Documents the contract refuses, each one change away from `valid`. */
const refused: [string, (d: Doc) => void][] = [
  ["a missing key", (d) => delete d.source],
  ["an extra key", (d) => (d.extra = 1)],
  ["an unknown type", (d) => (d.type = "BALANCE")],
  ["a bad assessment id", (d) => (d.assessmentId = "AST-18")],
  ["a duplicate demographic", (d) => (d.demographicsRequired = ["AGE", "AGE"])],
  ["an unknown demographic", (d) => (d.demographicsRequired = ["HEIGHT"])],
  ["a title over 200", (d) => (d.title = "x".repeat(201))],
  ["a null title", (d) => (d.title = null)],
  ["an unknown category", (d) => (f0(d).category = "EXTREME")],
  ["a factor without criteria key", (d) => delete f0(d).criteria],
  ["a criterion without conditions", (d) => (c0(d).conditions = [])],
  ["an unknown comparator", (d) => ((c0(d).conditions as Doc[])[0]!.comparator = "ne")],
  ["a string value other than a sex", (d) => ((c0(d).conditions as Doc[])[0]!.value = "0.8")],
  ["units over 20", (d) => (c0(d).units = "u".repeat(21))],
  ["factors not a list", (d) => (d.factors = {})],
];

describe("the outcome schema mirrors the contract's ScanOutcome", () => {
  it("accepts a valid outcome, the contract's example and the template, as Ajv does", () => {
    const example = (contract.components.schemas.ScanOutcome as { example: unknown }).example;
    for (const doc of [valid, example, templateOutcome("AST-0024", "Range of Motion")]) {
      expect(contractValid(doc)).toBe(true);
      expect(scanOutcomeSchema.safeParse(doc).success).toBe(true);
    }
  });

  it.each(refused)("refuses %s, as Ajv does", (_, change) => {
    const doc = structuredClone(valid) as Doc;
    change(doc);
    expect(contractValid(doc)).toBe(false);
    expect(scanOutcomeSchema.safeParse(doc).success).toBe(false);
  });
});

describe("parseOutcomeJson", () => {
  it("says 'Invalid JSON.' when the text does not parse", () => {
    expect(parseOutcomeJson("{ not json")).toEqual({ ok: false, error: INVALID_JSON, details: [] });
    expect(parseOutcomeJson("")).toEqual({ ok: false, error: INVALID_JSON, details: [] });
  });
  it("says 'Could not parse organization scan outcome.' for JSON that is not an outcome, and where (issue 25)", () => {
    expect(parseOutcomeJson("[]")).toMatchObject({ ok: false, error: OUTCOME_UNPARSABLE, details: [expect.stringMatching(/^\(the whole JSON\): /)] });
    expect(parseOutcomeJson(JSON.stringify({ ...valid, type: "X" }))).toMatchObject({ ok: false, error: OUTCOME_UNPARSABLE, details: [expect.stringMatching(/^type: /)] });
    const noCriteria = structuredClone(valid) as Doc;
    delete f0(noCriteria).criteria;
    expect(parseOutcomeJson(JSON.stringify(noCriteria))).toMatchObject({ details: [expect.stringMatching(/^factors\[0\]\.criteria: /)] });
    const badUnits = structuredClone(valid) as Doc;
    c0(badUnits).units = "u".repeat(21);
    expect(parseOutcomeJson(JSON.stringify(badUnits))).toMatchObject({ details: [expect.stringMatching(/^factors\[0\]\.criteria\[0\]\.units: /)] });
  });
  it("answers the outcome, and round-trips the textarea's text", () => {
    const r = parseOutcomeJson(outcomeJson(valid as never));
    expect(r).toEqual({ ok: true, outcome: valid });
  });
});

describe("checkOutcomeJson: the shape, then the rule's meaning (the API's own check, ADR 031)", () => {
  const good = (contract.components.schemas.ScanOutcome as { example: unknown }).example;
  it("passes the contract's example; shape problems come after the spec's message", () => {
    expect(checkOutcomeJson(JSON.stringify(good))).toEqual({ outcome: good, errors: [] });
    expect(checkOutcomeJson("{")).toEqual({ outcome: null, errors: [INVALID_JSON] });
    expect(checkOutcomeJson("{}").errors[0]).toBe(OUTCOME_UNPARSABLE);
    expect(checkOutcomeJson("{}").errors.length).toBeGreaterThan(1);
  });
  it("names the factor and the key of a rule that cannot work, and keeps the outcome for the preview", () => {
    const overlapping = structuredClone(good) as Doc;
    (c0(overlapping).conditions as Doc[])[0] = { comparator: "gt", value: 5 };
    ((((overlapping.factors as Doc[])[1]!.criteria as Doc[])[0]!).conditions as Doc[])[0] = { comparator: "lt", value: 10 };
    const r = checkOutcomeJson(JSON.stringify(overlapping));
    expect(r.outcome).toEqual(overlapping);
    expect(r.errors).toEqual(["factors[1].criteria[0].conditions: factor 1 (LOW) and factor 2 (HIGH) both match SPEED > 5 and < 10 m/s: every value must select exactly one factor"]);
  });
  it("refuses the template as it is (no factors, no result id)", () => {
    expect(checkOutcomeJson(outcomeJson(templateOutcome("AST-0018", "Gait Speed"))).errors).toEqual([
      "resultDefinitionId: is required for a FALL outcome",
      "factors: add at least one factor: a rule without factors gives every session the default Low Risk",
    ]);
  });
});

describe("templateOutcome", () => {
  it("is a FALL rule of the assessment with no factors (the dialog opens in edit mode)", () => {
    expect(templateOutcome("AST-0018", "Gait Speed")).toMatchObject({ type: "FALL", assessmentId: "AST-0018", factors: [], title: "Fall Risk - Gait Speed" });
  });
});
