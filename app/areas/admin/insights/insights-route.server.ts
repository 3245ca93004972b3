/**
 * The loader of `/admin/insights` (any admin; nothing to change): the figures (GET v2/admin/insights) streamed
 * after the page's frame; a failed call shows 'Could not get insights.' with the server's message.
 */
import type { LoaderFunctionArgs } from "react-router";
import { getAdminInsights } from "../../../api/admin-lists.server";
import { getApi } from "../../../api/user-api.server";
import { formatInstantDay } from "../../../domain/zoned-day";
import { requireAdmin } from "../access.server";
import { drawChart } from "../../../charts/draw-chart.server";
import type { DrawnChart } from "../../../islands/chart-spec";
import { INSIGHTS_CHART_TITLE, INSIGHTS_LOAD_FAILED, insightsChartSpec, toInsightsRows, type InsightsRow } from "./insights";

export type InsightsData = { rows: InsightsRow[]; since: string; chart: DrawnChart } | { error: string };

async function figures(rows: InsightsRow[], since: string): Promise<InsightsData> {
  return { rows, since, chart: await drawChart(INSIGHTS_CHART_TITLE, insightsChartSpec(rows)) };
}

export async function loadInsights({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(context);
  const zone = user.organization.timezone;
  const insights: Promise<InsightsData> = getAdminInsights(getApi(request, context)).then((r) =>
    r.error ? { error: `${INSIGHTS_LOAD_FAILED} ${r.error.message}` } : figures(toInsightsRows(r.data), formatInstantDay(r.data.since, zone)),
  );
  return { insights };
}
