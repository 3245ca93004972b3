/**
 * Loaders of `/scan/reports/` (the page: routes/_app.scan.reports.tsx) and of its exports
 * `/scan/reports/{assessments|participants}.{csv|pdf}?date=&location=` (routes/scan.reports.$export.tsx).
 * Scan users only (404 otherwise). The page is a GET form: without a `date` and `location` it shows the form;
 * with bad ones the field messages (400) and no report; with good ones the report, streamed after the shell.
 */
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { listAssessments, listScanSessions, SCAN_REPORT_LIMIT, scanSessionsLoadFailed } from "../../../api/scan.server";
import type { Api } from "../../../api/client.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { type CurrentUser } from "../../../auth/user.server";
import { requireProduct } from "../../../auth/current-user.server";
import { todayIn } from "../../../domain/date-range";
import { attachmentDisposition, parseReportDay, reportDayInstants } from "../../../domain/report-day";
import { formatDay } from "../../../domain/zoned-day";
import { loadFilterState } from "../../../shell/filter.server";
import { portalRequest, type PortalLoadContext } from "../../../context";
import {
  assessmentExport,
  assessmentRows,
  LOCATION_REQUIRED,
  LOCATION_UNKNOWN,
  parseScanTab,
  participantExport,
  participantRows,
  SCAN_REPORT_EMPTY,
  SCAN_REPORTS_PATH,
  scanReportFileName,
  scanReportTitle,
  type AssessmentRow,
  type ParticipantRow,
  type ScanReportState,
  type ScanReportTab,
} from "./report";
import { fetchPrintLogo } from "../../../media/pdf/print-logo.server";
import { requestUrl } from "../../../request-url";
import { csvFile } from "../../../domain/csv-file.server";

export interface ScanReportForm {
  date: string;
  location: string;
  dateError: string | null;
  locationError: string | null;
  today: string;
}

export type ScanReportData =
  | { error: string; rows?: undefined }
  | { error?: undefined; rows: AssessmentRow[]; participants: ParticipantRow[]; truncated: boolean };

interface ParsedReport {
  user: CurrentUser;
  form: ScanReportForm;
  /** Null when the form is shown (fresh or refused). */
  state: ScanReportState | null;
  locationName: string;
  refused: boolean;
}

async function parseReport(request: Request, context: PortalLoadContext): Promise<ParsedReport> {
  const user = requireProduct(context, "SCAN");
  const today = todayIn(user.organization.timezone);
  const params = requestUrl(request).searchParams;
  const { locations, filter } = await loadFilterState(request, context, user);
  const submitted = params.has("date") || params.has("location");
  const dateParam = params.get("date");
  const locationParam = (params.get("location") ?? "").trim();
  const date = parseReportDay(submitted ? (dateParam ?? "") : null, today);
  const location = locations.find((l) => l.id.toLowerCase() === locationParam.toLowerCase());
  const locationError = !submitted ? null : !locationParam ? LOCATION_REQUIRED : !location ? LOCATION_UNKNOWN : null;
  const form: ScanReportForm = {
    date: dateParam ?? today,
    location: submitted ? locationParam : (filter.locationId ?? ""),
    dateError: date.error,
    locationError,
    today,
  };
  const ok = date.day !== null && location !== undefined;
  return {
    user,
    form,
    state: ok ? { day: date.day!, locationId: location!.id, tab: parseScanTab(params.get("tab")) } : null,
    locationName: location?.name ?? "",
    refused: submitted && !ok,
  };
}

async function fetchScanReport(api: Api, state: ScanReportState, timeZone: string): Promise<ScanReportData> {
  const { start, end } = reportDayInstants(state.day, timeZone);
  const [sessions, assessments] = await Promise.all([
    listScanSessions(api, { page: 1, limit: SCAN_REPORT_LIMIT, locationId: state.locationId, start, end }),
    listAssessments(api),
  ]);
  if (sessions.error) return { error: scanSessionsLoadFailed(sessions.error.message) };
  // Without the assessments list the report still serves: the assessment's id stands for its name.
  const names = new Map((assessments.data ?? []).map((a) => [a.id, a.name]));
  const rows = assessmentRows(sessions.data.items, names, timeZone);
  return { rows, participants: participantRows(rows, sessions.data.items, timeZone), truncated: sessions.data.metadata.totalItems > sessions.data.items.length };
}

export async function loadScanReports({ request, context }: LoaderFunctionArgs) {
  const parsed = await parseReport(request, context);
  const view = { form: parsed.form, state: parsed.state, locationName: parsed.locationName, timeZone: parsed.user.organization.timezone };
  if (!parsed.state) {
    const body = { ...view, report: null as Promise<ScanReportData> | null };
    return parsed.refused ? data(body, { status: 400 }) : body;
  }
  // Not awaited: the header and the report's summary render at once, the tables stream in.
  return { ...view, report: fetchScanReport(getApi(request, context), parsed.state, parsed.user.organization.timezone) };
}

const EXPORTS = /^(assessments|participants)\.(csv|pdf)$/;

export async function scanReportExport({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  const match = EXPORTS.exec(params.export ?? "");
  if (!match) throw data(null, { status: 404 });
  const tab = match[1] as ScanReportTab;
  const ext = match[2] as "csv" | "pdf";
  const parsed = await parseReport(request, context);
  const search = requestUrl(request).search;
  // Bad params: the page shows why (the field messages).
  if (!parsed.state) throw redirect(`${SCAN_REPORTS_PATH}${search}`);
  const timeZone = parsed.user.organization.timezone;
  const report = await fetchScanReport(getApi(request, context), parsed.state, timeZone);
  if (report.error !== undefined) {
    getSession(request, context).flash("toast", { type: "error", message: report.error });
    throw redirect(`${SCAN_REPORTS_PATH}${search}`);
  }
  const table = tab === "assessments" ? assessmentExport(report.rows, parsed.state.day, ext) : participantExport(report.participants, ext);
  const fileName = scanReportFileName(tab, parsed.locationName, parsed.state.day, ext);
  const headers = { "Content-Disposition": attachmentDisposition(fileName), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (ext === "csv") {
    return new Response(csvFile([table.header, ...table.rows]), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
  }
  const { renderReportPdf } = await import("./report-pdf.server");
  const pdf = await renderReportPdf({
    title: scanReportTitle(tab, parsed.locationName, parsed.state.day),
    details: [`Date: ${formatDay(parsed.state.day)}`, `Location: ${parsed.locationName}`, `Organization: ${parsed.user.organization.name}`, `Times in ${timeZone}`],
    table,
    weights: tab === "assessments" ? [1.1, 1, 1.4, 2.2, 2, 0.9, 0.8, 1.6] : [1.3, 0.8, 2.6, 1.8, 3.2, 0.8, 1.1],
    empty: SCAN_REPORT_EMPTY,
    organizationName: parsed.user.organization.name,
    logo: await fetchPrintLogo(parsed.user.organization, { signal: request.signal, requestId: portalRequest(context).requestId }),
  });
  return new Response(new Uint8Array(pdf), { headers: { ...headers, "Content-Type": "application/pdf" } });
}
