import { describe, expect, it } from "vitest";
import { insightsChartSpec, insightsTotals, toInsightsRows } from "./insights";

const body = {
  since: "2026-10-26T12:00:00Z",
  organizations: [
    { id: "a", name: "Alpha", disabled: false, products: ["HEALTH" as const], activePatients: 3, sessionsLast30Days: 10, cyclesReadyToBill: 1 },
    { id: "b", name: "Beta", disabled: true, products: [], activePatients: 0, sessionsLast30Days: 2, cyclesReadyToBill: 0 },
    { id: "c", name: "Idle", disabled: false, products: [], activePatients: 0, sessionsLast30Days: 0, cyclesReadyToBill: 0 },
  ],
};

describe("admin insights", () => {
  it("maps the rows and sums the totals", () => {
    const rows = toInsightsRows(body);
    expect(rows[0]).toEqual({ id: "a", name: "Alpha", disabled: false, products: ["HEALTH"], activePatients: 3, sessions: 10, readyToBill: 1 });
    expect(insightsTotals(rows)).toEqual({ organizations: 3, disabled: 1, activePatients: 3, sessions: 12, readyToBill: 1 });
  });

  it("charts enabled organizations with activity, three whole-number series", () => {
    const spec = insightsChartSpec(toInsightsRows(body));
    expect(spec.kind).toBe("bar");
    expect(spec.valueDecimals).toBe(0);
    expect(spec.series.map((s) => [s.name, s.x, s.y])).toEqual([
      ["Active patients", ["Alpha"], [3]],
      ["Sessions (last 30 days)", ["Alpha"], [10]],
      ["Cycles ready to bill", ["Alpha"], [1]],
    ]);
  });
});
