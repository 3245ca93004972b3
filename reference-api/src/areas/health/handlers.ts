import { defineHandlers } from "../../core/handlers.js";
import { requireMember } from "../../core/auth.js";
import { getVisiblePatient } from "../../core/access.js";
import { badRequest, conflict } from "../../core/errors.js";
import { listPatientRecordPage } from "../patients/list.js";
import { recordNotification } from "../programs/notifications.js";
import { listSessions } from "./sessions.js";
import { buildActivityReport, renderActivityReportPdf, reportFileName } from "./report.js";

const DAY_MS = 86_400_000;
const MAX_REPORT_DAYS = 366;

/** Checks an optional range: both parseable, start not after end. */
function checkRange(start: string | undefined, end: string | undefined): void {
  if (start && end && Date.parse(end) < Date.parse(start)) throw badRequest("end must not be before start");
}

/** The media type the caller asked for: PDF when Accept names application/pdf before (or without) JSON. */
export function wantsPdf(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(",").map((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return { type: type!.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  const pdf = types.find((t) => t.type === "application/pdf");
  if (!pdf || !(pdf.q > 0)) return false;
  const json = types.find((t) => t.type === "application/json" || t.type === "application/*" || t.type === "*/*");
  if (!json) return true;
  return pdf.q > json.q || (pdf.q === json.q && types.indexOf(pdf) < types.indexOf(json));
}

/** Handlers of the health area, keyed by operationId. */
export const handlers = defineHandlers({
  async listHealthPatientRecords(ctx) {
    requireMember(ctx.caller);
    return listPatientRecordPage(ctx.db, ctx.caller, { ...ctx.query, product: "HEALTH" });
  },

  async listPatientHealthSessions(ctx) {
    const patient = await getVisiblePatient(ctx.db, ctx.caller, ctx.params.id);
    const { start, end, includeSelfReported } = ctx.query;
    checkRange(start, end);
    return listSessions(ctx.db, patient.id, { start, end, includeSelfReported });
  },

  async resendPatientInvite(ctx) {
    const patient = await getVisiblePatient(ctx.db, ctx.caller, ctx.params.id);
    if (patient.has_account) throw conflict("The patient already has an account.");
    if (!patient.products.includes("HEALTH")) throw badRequest("The patient is not a Health patient: add Health before sending the app invite.");
    if (!patient.email) throw badRequest("email is required to send the invite: the patient has no e-mail address.");
    // The reference API sends no e-mail; it records the invite the way the real service would.
    await ctx.db.tx(async (tx) => {
      await tx.query("UPDATE patient_records SET invite_sent_at = now(), updated_at = now() WHERE id = $1", [patient.id]);
      await recordNotification(tx, patient.id, "APP_INVITE", null);
    });
    ctx.reply.code(204);
    return undefined;
  },

  async getPatientActivityReport(ctx) {
    const patient = await getVisiblePatient(ctx.db, ctx.caller, ctx.params.id);
    const end = ctx.query.end ?? new Date().toISOString();
    const start = ctx.query.start ?? new Date(Date.parse(end) - 30 * DAY_MS).toISOString();
    checkRange(start, end);
    if (Date.parse(end) - Date.parse(start) > MAX_REPORT_DAYS * DAY_MS) throw badRequest(`start and end must be at most ${MAX_REPORT_DAYS} days apart`);
    const { report, timeZone } = await buildActivityReport(ctx.db, patient.id, { start, end, groupBySide: ctx.query.groupBy === "SIDE" });
    if (!wantsPdf(ctx.req.headers.accept)) return report;
    const pdf = await renderActivityReportPdf(report, timeZone);
    return ctx.reply
      .code(200)
      .header("Cache-Control", "private, no-store")
      .header("Content-Disposition", `attachment; filename="${reportFileName(report)}"`)
      .type("application/pdf")
      .send(pdf);
  },
});
