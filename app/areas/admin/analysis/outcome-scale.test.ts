import { describe, expect, it } from "vitest";
import type { Schema } from "../../../api/schemas";
import { outcomeScale } from "../../scan/analysis/analysis";

type Factor = Schema<"Factor">;
const factor = (category: Factor["category"], criteria: Factor["criteria"]): Factor => ({ category, description: `${category} description`, shortDescription: category, criteria });

describe("outcomeScale (the admin read view's slider and table, the shared analysis parts)", () => {
  it("orders the slider least severe first, labels segments by their result criteria, keeps the table in the rule's order", () => {
    const { segments, rows } = outcomeScale({
      factors: [
        factor("HIGH", [{ type: "SPEED", units: "m/s", conditions: [{ comparator: "lt", value: 0.8 }] }]),
        factor("LOW", [{ type: "SPEED", units: "m/s", conditions: [{ comparator: "gte", value: 0.8 }] }]),
        factor("MEDIUM", [{ type: "AGE", units: "years", conditions: [{ comparator: "gte", value: 70 }] }]),
      ],
    });
    expect(segments).toEqual([
      { category: "LOW", label: ">= 0.8 m/s", current: false },
      { category: "MEDIUM", label: "Medium Risk", current: false },
      { category: "HIGH", label: "< 0.8 m/s", current: false },
    ]);
    expect(rows.map((r) => [r.label, r.criteria, r.chosen])).toEqual([
      ["High Risk", "< 0.8 m/s", false],
      ["Low Risk", ">= 0.8 m/s", false],
      ["Medium Risk", "Age >= 70 years", false],
    ]);
  });
  it("is empty for a rule without factors", () => {
    expect(outcomeScale({ factors: [] })).toEqual({ segments: [], rows: [] });
  });
});
