import { requireMember, type Caller } from "../../core/auth.js";
import type { QueryParams } from "../../core/contract.js";
import { CountCache, countCache } from "../../core/count-cache.js";
import { paged, pageRequest } from "../../core/paging.js";
import type { Db } from "../../db/db.js";
import { patientListOrder, patientListWhere } from "../patients/list.js";
import { loadPatientRecords } from "../patients/record.js";

type Query = QueryParams<"listGaitPatientRecords">;

/**
 * The gait patient list: the patient list's scope and search (patients area), restricted to GAIT patients,
 * discharged ones included, with the optional location and exact gait UID filters. Records are mapped by
 * the patients area's one PatientRecord mapping.
 */
export async function listGaitPatients(db: Db, caller: Caller, q: Query) {
  const m = requireMember(caller);
  const page = pageRequest(q, 20);
  const params: unknown[] = [];
  const today = m.today;
  const conditions = [
    patientListWhere(caller, { search: q.search, status: "ALL", locationId: q.locationId, product: "GAIT" }, today, params),
  ];
  if (q.gaitUid !== undefined) {
    params.push(q.gaitUid.trim());
    conditions.push(`lower(pr.gait_uid) = lower($${params.length})`);
  }
  const where = conditions.join(" AND ");
  const direction = q.orderBy ?? "DESC";
  const order =
    q.sortBy === "GAIT_UID"
      ? `upper(pr.gait_uid) ${direction} NULLS LAST, pr.id ${direction}`
      : patientListOrder(q.sortBy ?? "LAST_ACTIVITY", direction);
  // The table's version is read with the page (same snapshot): the exact count is cached against it.
  const idRows = await db.query<{ id: string; v: string | null }>(
    `SELECT pr.id, ${CountCache.versionSql("patient_records")} AS v FROM patient_records pr WHERE ${where} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  const total =
    page.offset === 0 && idRows.length < page.limit
      ? idRows.length
      : await countCache.count(db, "patient_records", idRows[0]?.v, `SELECT count(*) FROM patient_records pr WHERE ${where}`, params);
  return paged(await loadPatientRecords(db, idRows.map((r) => r.id)), total, page);
}
