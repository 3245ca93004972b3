import { CountCache, countCache } from "../../core/count-cache.js";
import type { Db } from "../../db/db.js";
import { requireMember, type Caller } from "../../core/auth.js";
import { patientScope } from "../../core/access.js";
import { badRequest } from "../../core/errors.js";
import { paged, pageRequest } from "../../core/paging.js";
import { loadPatientRecords, type PatientRecord } from "./record.js";

export type PatientSortBy = "LAST_ACTIVITY" | "NAME" | "EMAIL" | "STATUS" | "PROGRAM" | "LOCATION" | "PRODUCT";
export type PatientStatusFilter = "ACTIVE" | "DISCHARGED" | "ALL";

export interface PatientListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: PatientSortBy;
  orderBy?: "ASC" | "DESC";
  status?: PatientStatusFilter;
  primaryPractitionerId?: string;
  /** Comma-joined location ids (as on the wire) or a list. */
  locationId?: string | string[];
  product?: string;
}

/** Escapes LIKE wildcards so a search term matches literally. */
export const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function splitIds(value: string | string[] | undefined, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = (Array.isArray(value) ? value : value.split(",")).map((s) => s.trim().toLowerCase()).filter(Boolean);
  const re = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (ids.length === 0 || ids.some((id) => !re.test(id))) throw badRequest(`${field} must be a comma-joined list of uuids`);
  return [...new Set(ids)];
}

/**
 * The WHERE conditions of the patient list (scope, hidden, status, search, filters) on alias `pr`.
 * Exported so other areas' patient lists (health, gait) filter the same way; `extra` adds conditions.
 */
export function patientListWhere(caller: Caller, q: PatientListQuery, today: string, params: unknown[]): string {
  const where = [patientScope(caller, params, "pr"), "NOT pr.hidden"];
  const status = q.status ?? "ACTIVE";
  if (status !== "ALL") {
    params.push(today);
    where.push(status === "ACTIVE" ? `(pr.discharge_date IS NULL OR pr.discharge_date >= $${params.length}::date)` : `pr.discharge_date < $${params.length}::date`);
  }
  const search = q.search?.trim();
  if (search) {
    // Case-insensitive substring of the name (either order), e-mail or gait UID: `search_text` holds them
    // lower-cased and is trigram-indexed (migration 070), so terms of 3+ characters use the index.
    params.push(likeTerm(search.toLowerCase()));
    where.push(`pr.search_text LIKE $${params.length}`);
  }
  if (q.primaryPractitionerId) {
    params.push(q.primaryPractitionerId);
    where.push(`pr.practitioner_id = $${params.length}::uuid`);
  }
  const locationIds = splitIds(q.locationId, "locationId");
  if (locationIds) {
    params.push(locationIds);
    where.push(`pr.location_id = ANY($${params.length}::uuid[])`);
  }
  if (q.product) {
    params.push(q.product);
    where.push(`$${params.length} = ANY(pr.products)`);
  }
  return where.join(" AND ");
}

/** ORDER BY for a sort key and direction; every order ends with the id so paging is stable. */
export function patientListOrder(sortBy: PatientSortBy = "LAST_ACTIVITY", orderBy: "ASC" | "DESC" = "DESC"): string {
  const d = orderBy;
  const activeHep = `EXISTS (SELECT 1 FROM hep_assignments ha WHERE ha.patient_record_id = pr.id AND ha.retired_at IS NULL)`;
  switch (sortBy) {
    case "LAST_ACTIVITY":
      // Matches the index (organization_id, most_recent_activity DESC NULLS LAST, id) forwards or backwards.
      return d === "DESC" ? "pr.most_recent_activity DESC NULLS LAST, pr.id ASC" : "pr.most_recent_activity ASC NULLS FIRST, pr.id DESC";
    case "NAME":
      return `lower(pr.last_name) ${d}, lower(pr.first_name) ${d}, pr.id ${d}`;
    case "EMAIL":
      // Default null placement (patients without e-mail sort after every e-mail) so the index serves both ways.
      return `lower(pr.email) ${d}, pr.id ${d}`;
    case "STATUS":
      return `(CASE WHEN NOT ${activeHep} THEN 0 WHEN NOT pr.has_account THEN 1 ELSE 2 END) ${d}, lower(pr.last_name) ${d}, lower(pr.first_name) ${d}, pr.id ${d}`;
    case "PROGRAM":
      return `(SELECT min(lower(h.name)) FROM hep_assignments ha JOIN heps h ON h.id = ha.hep_id
                WHERE ha.patient_record_id = pr.id AND ha.retired_at IS NULL AND h.deleted_at IS NULL) ${d} NULLS LAST, pr.id ${d}`;
    case "LOCATION":
      return `(SELECT lower(l.name) FROM locations l WHERE l.id = pr.location_id) ${d} NULLS LAST, pr.id ${d}`;
    case "PRODUCT":
      return `array_to_string(pr.products, ',') ${d}, pr.id ${d}`;
  }
}

/**
 * One page of patient records visible to the caller, filtered and sorted as the list operation describes.
 * `extraWhere` (optional) adds conditions on alias `pr` (e.g. `'HEALTH' = ANY(pr.products)`), pushing its
 * own parameters. Two queries: the page of ids (indexed order) and the count; then the records by id.
 */
export async function listPatientRecordPage(
  db: Db,
  caller: Caller,
  q: PatientListQuery,
  extraWhere?: (params: unknown[]) => string,
): Promise<{ items: PatientRecord[]; metadata: ReturnType<typeof paged>["metadata"] }> {
  const m = requireMember(caller);
  const page = pageRequest(q, 20);
  const params: unknown[] = [];
  const today = m.today;
  let where = patientListWhere(caller, q, today, params);
  if (extraWhere) where += ` AND (${extraWhere(params)})`;
  const whereParams = params.slice();
  let order = patientListOrder(q.sortBy, q.orderBy);
  let from = "patient_records pr";
  if (q.sortBy === "PROGRAM") {
    // One grouped pass over the organization's active assignments (hash join) instead of a lookup per patient.
    params.push(m.organizationId);
    const d = q.orderBy ?? "DESC";
    from += ` LEFT JOIN (SELECT ha.patient_record_id, min(lower(h.name)) AS program FROM hep_assignments ha JOIN heps h ON h.id = ha.hep_id
        WHERE ha.retired_at IS NULL AND h.deleted_at IS NULL AND h.organization_id = $${params.length} GROUP BY ha.patient_record_id) hp
        ON hp.patient_record_id = pr.id`;
    order = `hp.program ${d} NULLS LAST, pr.id ${d}`;
  }
  if (q.sortBy === "LOCATION") {
    // Locations are few: rank them by name once and sort by the rank (no per-row lookup).
    const locs = await db.query<{ id: string }>("SELECT id FROM locations WHERE organization_id = $1 ORDER BY lower(name), id", [m.organizationId]);
    params.push(locs.map((l) => l.id));
    const d = q.orderBy ?? "DESC";
    order = `array_position($${params.length}::uuid[], pr.location_id) ${d} NULLS LAST, pr.id ${d}`;
  }
  // A search matches few rows but has to test every one: count them in the same pass (window count).
  // Other filters match many rows: page through the ordered index and count separately (index-only).
  const windowCount = !!q.search?.trim() && q.sortBy !== "STATUS";
  // The table's version is read with the page (same snapshot) so a cached count can be checked against it.
  let idSql = `SELECT pr.id, ${CountCache.versionSql("patient_records")} AS v${windowCount ? ", count(*) OVER () AS total" : ""} FROM ${from} WHERE ${where}
      ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`;
  if (q.sortBy === "STATUS") {
    // Three statuses: take each one's first rows in name order from the name index, then merge them (no
    // per-row status for the whole organization).
    const d = q.orderBy ?? "DESC";
    const hasHep = "EXISTS (SELECT 1 FROM hep_assignments ha WHERE ha.patient_record_id = pr.id AND ha.retired_at IS NULL)";
    const segments = [`NOT ${hasHep}`, `${hasHep} AND NOT pr.has_account`, `${hasHep} AND pr.has_account`];
    idSql = segments
      .map((cond, i) => `(SELECT pr.id, ${CountCache.versionSql("patient_records")} AS v, ${i} AS seg, lower(pr.last_name) AS l, lower(pr.first_name) AS f FROM patient_records pr
          WHERE ${where} AND ${cond} ORDER BY lower(pr.last_name) ${d}, lower(pr.first_name) ${d}, pr.id ${d} LIMIT ${page.offset + page.limit})`)
      .join(" UNION ALL ") + ` ORDER BY seg ${d}, l ${d}, f ${d}, id ${d} LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  const idRows = await db.query<{ id: string; v: string; total?: string | number }>(idSql, params);
  let total: number;
  if (windowCount && idRows[0]) total = Number(idRows[0].total);
  else if (page.offset === 0 && idRows.length < page.limit) total = idRows.length;
  else total = await countCache.count(db, "patient_records", idRows[0]?.v, `SELECT count(*) FROM patient_records pr WHERE ${where}`, whereParams);
  const items = await loadPatientRecords(db, idRows.map((r) => r.id));
  return paged(items, total, page);
}
