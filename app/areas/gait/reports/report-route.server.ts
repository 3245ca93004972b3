/**
 * Loaders of `/gait/reports/` (routes/_app.gait.reports.tsx) and its downloads `/gait/reports/chart.png?date=`
 * (the page's bar chart, drawn by the same option builder with a title, converted from SVG with sharp, loaded on first
 * use) and `/gait/reports/report.csv?date=`
 * (named 'MM-dd-yyyy.csv'). Gait users only (404 otherwise). The API leaves out the excluded gait UIDs.
 */
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { getGaitReport } from "../../../api/gait.server";
import type { Api } from "../../../api/client.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { requireProduct } from "../../../auth/current-user.server";
import { todayIn } from "../../../domain/date-range";
import { attachmentDisposition, parseReportDay, reportDayInstants } from "../../../domain/report-day";
import { formatDay } from "../../../domain/zoned-day";
import type { PortalLoadContext } from "../../../context";
import { drawChart } from "../../../charts/draw-chart.server";
import { gaitChartImageSvg } from "./chart-image.server";
import type { DrawnChart } from "../../../islands/chart-spec";
import {
  GAIT_REPORTS_PATH,
  gaitBars,
  gaitBarSpec,
  gaitChartTitle,
  gaitCsvFileName,
  gaitCsvRecords,
  gaitCsvRows,
  gaitPngFileName,
  parseGaitTab,
  type GaitBar,
  type GaitCsvRow,
  type GaitReportTab,
} from "./report";
import { requestUrl } from "../../../request-url";
import { csvFile } from "../../../domain/csv-file.server";

export const gaitReportLoadFailed = (message: string) => `Could not load the gait report. ${message}`;

/** The report; `chart` (the page's, drawn on the server) is null without bars to chart and in the downloads. */
export type GaitReportData = { error: string; bars?: undefined } | { error?: undefined; bars: GaitBar[]; rows: GaitCsvRow[]; chart: DrawnChart | null };

async function parse(request: Request, context: PortalLoadContext) {
  const user = requireProduct(context, "GAIT");
  const timeZone = user.organization.timezone;
  const today = todayIn(timeZone);
  const params = requestUrl(request).searchParams;
  const date = parseReportDay(params.get("date"), today);
  return { timeZone, today, dateParam: params.get("date"), date, tab: parseGaitTab(params.get("tab")) };
}

async function fetchGaitReport(api: Api, day: string, timeZone: string, draw: boolean): Promise<GaitReportData> {
  const result = await getGaitReport(api, reportDayInstants(day, timeZone));
  if (result.error) return { error: gaitReportLoadFailed(result.error.message) };
  const bars = gaitBars(result.data);
  const chart = draw && bars.length > 0 ? await drawChart(gaitChartTitle(formatDay(day)), gaitBarSpec(bars, day)) : null;
  return { bars, rows: gaitCsvRows(result.data, timeZone), chart };
}


export async function loadGaitReports({ request, context }: LoaderFunctionArgs) {
  const p = await parse(request, context);
  const form = { date: p.dateParam ?? p.today, today: p.today, dateError: p.date.error };
  if (p.date.day === null) {
    const body = { form, day: null as string | null, tab: p.tab as GaitReportTab, timeZone: p.timeZone, report: null as Promise<GaitReportData> | null };
    return p.date.error ? data(body, { status: 400 }) : body;
  }
  return { form, day: p.date.day as string | null, tab: p.tab, timeZone: p.timeZone, report: fetchGaitReport(getApi(request, context), p.date.day, p.timeZone, true) as Promise<GaitReportData> | null };
}

export async function gaitReportExport({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  const kind = params.export;
  if (kind !== "chart.png" && kind !== "report.csv") throw data(null, { status: 404 });
  const p = await parse(request, context);
  const search = requestUrl(request).search;
  if (p.date.day === null) throw redirect(`${GAIT_REPORTS_PATH}${search || `?date=`}`);
  const report = await fetchGaitReport(getApi(request, context), p.date.day, p.timeZone, false);
  if (report.error !== undefined) {
    getSession(request, context).flash("toast", { type: "error", message: report.error });
    throw redirect(`${GAIT_REPORTS_PATH}${search}`);
  }
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (kind === "report.csv") {
    return new Response(csvFile(gaitCsvRecords(report.rows)), {
      headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachmentDisposition(gaitCsvFileName(p.date.day)) },
    });
  }
  const svg = await gaitChartImageSvg(report.bars, p.date.day);
  const { default: sharp } = await import("sharp");
  const png = await sharp(Buffer.from(svg), { limitInputPixels: 20_000_000 }).png().toBuffer();
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png", "Content-Disposition": attachmentDisposition(gaitPngFileName(p.date.day)) } });
}
