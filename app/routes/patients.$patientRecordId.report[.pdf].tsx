/**
 * GET `/patients/{id}/report.pdf?from=YYYY-MM-DD&to=YYYY-MM-DD`: the Download Patient Report file (000 §2.8):
 * the API's activity report as a PDF (GET v2/health/patients/{id}/activity-report, Accept application/pdf),
 * streamed through, named by the date (MM-dd-yyyy), first initial and last name ('exer_hep' without a name),
 * never cached. The days are the organization's. A patient outside the user's reach is 404; a failed report
 * goes back to the dialog with an error toast.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getActivityReportPdf, getPatientRecord } from "../api/patients.server";
import { getApi } from "../api/user-api.server";
import { getSession } from "../auth/session.server";
import { requireUser } from "../auth/user.server";
import { dateRangeInstants, parseDateRange, todayIn, withDateRange } from "../domain/date-range";
import { recordPath } from "../areas/patients/rules/patient-detail";
import { reportFileName } from "../areas/patients/rules/patient-record";

export const REPORT_FAILED = "The report could not be downloaded.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = params.patientRecordId ?? "";
  const timeZone = user.organization.timezone;
  const today = todayIn(timeZone);
  const range = parseDateRange(new URL(request.url).searchParams, today);
  const record = await getPatientRecord(getApi(request, context), id);
  if (record.error) throw data(null, { status: record.error.status === 400 || record.error.status === 404 ? 404 : 502, headers: { "Cache-Control": "no-store" } });
  const pdf = await getActivityReportPdf(request, context, id, dateRangeInstants(range, timeZone));
  if (pdf.error || !pdf.data) {
    getSession(request, context).flash("toast", { type: "error", message: REPORT_FAILED });
    throw redirect(withDateRange(`${recordPath(id)}?dialog=report`, range));
  }
  return new Response(pdf.data as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${reportFileName(today, record.data.patient)}"`,
      "Cache-Control": "no-store",
    },
  });
}
