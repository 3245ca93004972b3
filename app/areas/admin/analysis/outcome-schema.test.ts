import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { INVALID_JSON, OUTCOME_UNPARSABLE, outcomeJson, parseOutcomeJson, scanOutcomeSchema, templateOutcome } from "./outcome-schema";

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
    expect(parseOutcomeJson("{ not json")).toEqual({ ok: false, error: INVALID_JSON });
    expect(parseOutcomeJson("")).toEqual({ ok: false, error: INVALID_JSON });
  });
  it("says 'Could not parse organization scan outcome.' for JSON that is not an outcome", () => {
    expect(parseOutcomeJson("[]")).toEqual({ ok: false, error: OUTCOME_UNPARSABLE });
    expect(parseOutcomeJson(JSON.stringify({ ...valid, type: "X" }))).toEqual({ ok: false, error: OUTCOME_UNPARSABLE });
  });
  it("answers the outcome, and round-trips the textarea's text", () => {
    const r = parseOutcomeJson(outcomeJson(valid as never));
    expect(r).toEqual({ ok: true, outcome: valid });
  });
});

describe("templateOutcome", () => {
  it("is a FALL rule of the assessment with no factors (the dialog opens in edit mode)", () => {
    expect(templateOutcome("AST-0018", "Gait Speed")).toMatchObject({ type: "FALL", assessmentId: "AST-0018", factors: [], title: "Fall Risk - Gait Speed" });
  });
});
