/**
 * The admin Insights page (003 §2: "content not shown"; ours, see the README): per organization the figures
 * staff need at a glance — active patients, sessions in the last 30 days, RTM cycles ready to bill, and whether
 * it is disabled — as a table, and as grouped bars (the chart island; the table is its server-rendered
 * fallback). Pure: the loader's mapping and the chart's spec.
 */
import type { AdminInsights } from "../../../api/admin-lists.server";
import type { ChartSpec } from "../../../islands/chart-spec";

export const INSIGHTS_PATH = "/admin/insights";
export const INSIGHTS_LOAD_FAILED = "Could not get insights.";

export interface InsightsRow {
  id: string;
  name: string;
  disabled: boolean;
  products: string[];
  activePatients: number;
  sessions: number;
  readyToBill: number;
}

export const toInsightsRows = (body: AdminInsights): InsightsRow[] =>
  body.organizations.map((o) => ({
    id: o.id,
    name: o.name,
    disabled: o.disabled,
    products: o.products,
    activePatients: o.activePatients,
    sessions: o.sessionsLast30Days,
    readyToBill: o.cyclesReadyToBill,
  }));

export interface InsightsTotals {
  organizations: number;
  disabled: number;
  activePatients: number;
  sessions: number;
  readyToBill: number;
}

export const insightsTotals = (rows: InsightsRow[]): InsightsTotals => ({
  organizations: rows.length,
  disabled: rows.filter((r) => r.disabled).length,
  activePatients: rows.reduce((n, r) => n + r.activePatients, 0),
  sessions: rows.reduce((n, r) => n + r.sessions, 0),
  readyToBill: rows.reduce((n, r) => n + r.readyToBill, 0),
});

export const INSIGHTS_CHART_TITLE = "Organizations at a glance";

/** The chart: enabled organizations with any activity, three bars each (an idle or disabled one adds nothing to see). */
export function insightsChartSpec(rows: InsightsRow[]): ChartSpec {
  const shown = rows.filter((r) => !r.disabled && r.activePatients + r.sessions + r.readyToBill > 0);
  const x = shown.map((r) => r.name);
  return {
    kind: "bar",
    xTitle: "Organization",
    yTitle: "Count",
    valueDecimals: 0,
    description: `Active patients, sessions in the last 30 days and cycles ready to bill for ${shown.length} active organizations; the data table lists every organization.`,
    series: [
      { name: "Active patients", x, y: shown.map((r) => r.activePatients) },
      { name: "Sessions (last 30 days)", x, y: shown.map((r) => r.sessions) },
      { name: "Cycles ready to bill", x, y: shown.map((r) => r.readyToBill) },
    ],
  };
}
