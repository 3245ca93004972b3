import { isStaff, requireProviderAdmin, requireStaff } from "../../core/auth.js";
import type { Schema } from "../../core/contract.js";
import { notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import { paged, pageRequest } from "../../core/paging.js";
import type { Db } from "../../db/db.js";

type Entry = Schema<"AccessHistoryEntry">;

/** A page of the access history, newest first (the identity increases with time), filtered by patient and/or user. */
async function historyPage(db: Db, filter: { patientRecordId?: string; userId?: string }, query: { page?: number; limit?: number }) {
  const req = pageRequest(query, 20);
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.patientRecordId) {
    params.push(filter.patientRecordId);
    where.push(`patient_record_id = $${params.length}`);
  }
  if (filter.userId) {
    params.push(filter.userId);
    where.push(`user_id = $${params.length}`);
  }
  const cond = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [rows, count] = await Promise.all([
    db.query<Entry>(
      `SELECT id::text AS id, to_json(at)#>>'{}' AS at, patient_record_id::text AS "patientRecordId", user_id AS "userId",
              practitioner_id::text AS "practitionerId", role, organization_id::text AS "organizationId",
              operation_id AS "operationId", method, status::int AS status, request_id AS "requestId"
         FROM patient_access_log ${cond} ORDER BY patient_access_log.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, req.limit, req.offset],
    ),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM patient_access_log ${cond}`, params),
  ]);
  return paged(rows, count?.n ?? 0, req);
}

export const handlers = defineHandlers({
  /**
   * A patient's access history: provider admins of the patient's organization (hidden and discharged patients
   * included) and product staff. Practitioners 403; a patient of another organization 404. The read itself is
   * recorded by the audit hook (after this page is read, so it shows from the next read on).
   */
  async getPatientAccessHistory(ctx) {
    const id = ctx.params.id;
    if (isStaff(ctx.caller)) {
      const exists = await ctx.db.one("SELECT 1 FROM patient_records WHERE id = $1 UNION ALL SELECT 1 FROM patient_access_log WHERE patient_record_id = $1 LIMIT 1", [id]);
      if (!exists) throw notFound("Patient not found");
    } else {
      const admin = requireProviderAdmin(ctx.caller);
      const row = await ctx.db.one("SELECT 1 FROM patient_records WHERE id = $1 AND organization_id = $2", [id, admin.organizationId]);
      if (!row) throw notFound("Patient not found");
    }
    return historyPage(ctx.db, { patientRecordId: id }, ctx.query);
  },

  /** The admin search by user and/or patient: product admins and support (reading only; ADR 015, 018). */
  async searchAccessHistory(ctx) {
    requireStaff(ctx.caller);
    return historyPage(ctx.db, { patientRecordId: ctx.query.patientRecordId, userId: ctx.query.userId }, ctx.query);
  },
});
