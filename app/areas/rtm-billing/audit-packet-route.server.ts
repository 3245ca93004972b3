/**
 * GET `/rtm-billing/months/{yyyy-LL}/patients/{patientRecordId}.pdf`: the RTM audit packet of one patient and
 * month for the billing office (ADR 033), rendered here from the month's summary the API answers (the worklist's
 * and the CSV's data: one source of truth; the API decides, the portal lays out), with the shared letterhead.
 *
 * The record first (a patient outside the user's reach is not found and says nothing), then at once the patient's
 * summary of the month — the month list searched by the patient's name, the summary picked by the record's id (the
 * contract's month list has no patient filter) — and the organization's print logo. Opened in a new tab (inline),
 * never cached. A month the picker does not offer, an unknown patient or a patient without cycles ending in the
 * month: 404; a failed call: 502, 'Failed to fetch PDF' (002 §8). Logs carry ids, counts and timings only.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { getPatientRecord } from "../../api/patients.server";
import { listRtmMonth, type RtmMonthlySummary } from "../../api/rtm.server";
import { getApi } from "../../api/user-api.server";
import { requireProduct } from "../../auth/current-user.server";
import { portalRequest } from "../../context";
import { todayIn } from "../../domain/date-range";
import { log } from "../../log.server";
import { fetchPrintLogo } from "../../media/pdf/print-logo.server";
import { auditPacket, auditPacketFileName } from "./rules/audit-packet";
import { isUuid, monthHeading, PDF_FAILED, selectableMonths } from "./rules/worklist";

/** The API's largest page (openapi Limit: maximum 999). */
const PAGE = 999;
const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The patient's summary of the month (null: no cycle of theirs ends in it), or the failed call's status. */
async function patientSummary(request: Request, context: LoaderFunctionArgs["context"], month: string, record: { id: string; firstName: string; lastName: string }): Promise<RtmMonthlySummary | null | { failed: number }> {
  const search = `${record.firstName} ${record.lastName}`.trim().slice(0, 200);
  for (let page = 1; ; page++) {
    const res = await listRtmMonth(request, context, month, { page, limit: PAGE, sortBy: "NAME", orderBy: "ASC", ...(search ? { search } : {}) });
    if (res.error) return { failed: res.error.status };
    const found = res.data.items.find((s) => s.patientRecord.id === record.id);
    if (found) return found;
    if (page >= res.data.metadata.totalPages || res.data.items.length === 0) return null;
  }
}

export async function rtmAuditPacketResponse({ request, context }: LoaderFunctionArgs, month: string | undefined, patientRecordId: string | undefined): Promise<Response> {
  const user = requireProduct(context, "HEALTH");
  const timeZone = user.organization.timezone;
  const today = todayIn(timeZone);
  if (!month || !selectableMonths(today).includes(month) || !isUuid(patientRecordId)) throw data(null, { status: 404, headers: NO_STORE });
  const record = await getPatientRecord(getApi(request, context), patientRecordId);
  if (record.error) throw data({ message: PDF_FAILED }, { status: record.error.status === 400 || record.error.status === 404 ? 404 : 502, headers: NO_STORE });
  const { firstName, lastName } = record.data.patient;
  const requestId = portalRequest(context).requestId;
  const [summary, logo] = await Promise.all([
    patientSummary(request, context, month, { id: patientRecordId, firstName, lastName }),
    fetchPrintLogo(user.organization, { signal: request.signal, requestId }),
  ]);
  if (summary && "failed" in summary) throw data({ message: PDF_FAILED }, { status: 502, headers: NO_STORE });
  if (!summary) throw data({ message: `No RTM cycle of this patient ends in ${monthHeading(month)}.` }, { status: 404, headers: NO_STORE });
  const started = Date.now();
  const packet = auditPacket(summary, timeZone, today);
  const { renderAuditPacketPdf } = await import("./audit-packet-pdf.server");
  const pdf = await renderAuditPacketPdf({ packet, organizationName: user.organization.name, logo });
  log.info("rtm audit packet rendered", { requestId, event: "rtm-audit-packet", cycles: summary.cycles.length, bytes: pdf.length, durationMs: Date.now() - started });
  const fileName = auditPacketFileName(month, summary.patientRecord);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
