/**
 * GET `/patients/{id}/report.pdf?from=YYYY-MM-DD&to=YYYY-MM-DD`: the Download Patient Report file (000 §2.8),
 * rendered here from the report data (GET v2/health/patients/{id}/activity-report as JSON, ADR 014): the
 * record first (a patient outside the user's reach is 404 and says nothing), then at once the report, the
 * assigned programs (for the goals; optional) and the organization's print logo (optional). Named by the date
 * (MM-dd-yyyy), first initial and last name ('exer_hep' without a name), never cached. A failed report goes
 * back to the dialog with an error toast. Logs carry ids and timings only, never names.
 */
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { getActivityReport, getPatientRecord } from "../../../api/patients.server";
import { getProgram } from "../../../api/programs.server";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { requirePatientsUser } from "../../../auth/current-user.server";
import { dateRangeInstants, parseDateRange, todayIn, withDateRange } from "../../../domain/date-range";
import { log } from "../../../log.server";
import { fetchPrintLogo } from "../../../media/pdf/print-logo.server";
import { recordPath } from "../rules/patient-detail";
import { reportFileName } from "../rules/patient-record";
import { programGoals, reportModel } from "./report-data";
import { portalRequest } from "../../../context";
import { requestUrl } from "../../../request-url";

export const REPORT_FAILED = "The report could not be downloaded.";
/** The provider API's longest report (its activity report refuses more: contract, health-patients-id-activity-report). */
export const REPORT_MAX_DAYS = 366;
/** Not in the spec: what a too long period is told, instead of the bare failure (issue 34). */
export const reportTooLongText = (days: number) =>
  `The report could not be downloaded: a report covers at most ${REPORT_MAX_DAYS} days, and this period has ${days}. Choose a shorter period.`;

/** The days of a range, both ends counted. */
export const daysOf = (range: { start: string; end: string }) => Math.round((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000) + 1;

export async function patientReportPdf({ request, context, params }: LoaderFunctionArgs): Promise<Response> {
  const user = requirePatientsUser(context);
  const id = params.patientRecordId ?? "";
  const timeZone = user.organization.timezone;
  const today = todayIn(timeZone);
  const range = parseDateRange(requestUrl(request).searchParams, today);
  // A range that had to be changed (reversed, past today, unusable) is not downloaded as another range without
  // saying so (issue 25): back to the dialog with the range that would be used, and what was changed.
  if (range.adjustment) {
    getSession(request, context).flash("toast", { type: "warning", message: range.adjustment });
    throw redirect(withDateRange(`${recordPath(id)}?dialog=report`, range));
  }
  // Longer than the API's report: said before asking, with the limit (it answered 400: 'could not be downloaded').
  const days = daysOf(range);
  if (days > REPORT_MAX_DAYS) {
    getSession(request, context).flash("toast", { type: "error", message: reportTooLongText(days) });
    throw redirect(withDateRange(`${recordPath(id)}?dialog=report`, range));
  }
  const record = await getPatientRecord(getApi(request, context), id);
  if (record.error) throw data(null, { status: record.error.status === 400 || record.error.status === 404 ? 404 : 502, headers: { "Cache-Control": "no-store" } });
  const heps = record.data.productData.health?.heps ?? [];
  const [report, programs, logo] = await Promise.all([
    getActivityReport(request, context, id, dateRangeInstants(range, timeZone)),
    Promise.all(heps.map((h) => getProgram(request, context, h.id))),
    fetchPrintLogo(user.organization, { signal: request.signal, requestId: portalRequest(context).requestId }),
  ]);
  if (report.error || !report.data) {
    getSession(request, context).flash("toast", { type: "error", message: REPORT_FAILED });
    throw redirect(withDateRange(`${recordPath(id)}?dialog=report`, range));
  }
  const started = Date.now();
  const model = reportModel(report.data, timeZone, programGoals(programs.flatMap((p) => (p.data ? [p.data] : []))));
  const { renderPatientReportPdf } = await import("./report-pdf.server");
  const pdf = await renderPatientReportPdf({ model, period: report.data.meta, logo });
  log.info("patient report rendered", { requestId: portalRequest(context).requestId, event: "patient-report", days: report.data.meta.dayCount, exercises: model.exercises.length, bytes: pdf.length, durationMs: Date.now() - started });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${reportFileName(today, record.data.patient)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
