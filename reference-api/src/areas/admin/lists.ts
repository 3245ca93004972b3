import type { Schema } from "../../core/contract.js";
import { badRequest } from "../../core/errors.js";
import { paged, pageRequest } from "../../core/paging.js";
import type { Db } from "../../db/db.js";
import { GAIT_SESSION_SELECT, toGaitSession, type GaitSessionRow } from "../gait/mapping.js";
import { SCAN_SESSION_SELECT, toScanSession, type ScanSessionRow } from "../scan/mapping.js";

type AdminLocation = Schema<"AdminLocation">;
type AdminGaitSession = Schema<"AdminGaitSession">;

/** A search text as a LIKE pattern (its own % and _ match literally). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface AdminLocationRow {
  id: string;
  name: string;
  keyword: string | null;
  contact_list: string[] | null;
  city: string | null;
  state_code: string | null;
  country_code: string | null;
  organization_id: string;
  organization_name: string;
  organization_logo_url: string | null;
}

const ADMIN_LOCATION_SELECT = `
  SELECT l.id, l.name, l.keyword, l.contact_list, l.city, l.state_code, l.country_code,
         o.id AS organization_id, o.name AS organization_name, o.logo_url AS organization_logo_url
    FROM locations l JOIN organizations o ON o.id = l.organization_id`;

export function toAdminLocation(r: AdminLocationRow): AdminLocation {
  return {
    id: r.id,
    name: r.name,
    organization: { id: r.organization_id, name: r.organization_name, logoUrl: r.organization_logo_url },
    keyword: r.keyword,
    contactList: r.contact_list ?? [],
    city: r.city,
    state: r.state_code,
    country: r.country_code,
  };
}

export async function getAdminLocation(db: Db, id: string): Promise<AdminLocation | undefined> {
  const row = await db.one<AdminLocationRow>(`${ADMIN_LOCATION_SELECT} WHERE l.id = $1`, [id]);
  return row ? toAdminLocation(row) : undefined;
}

const LOCATION_SORTS = {
  NAME: ["lower(l.name)"],
  ORGANIZATION: ["lower(o.name)", "lower(l.name)"],
  CITY: ["lower(l.city)", "lower(l.name)"],
  STATE: ["l.state_code", "lower(l.name)"],
} as const;

export async function listAdminLocations(
  db: Db,
  q: { page?: number; limit?: number; search?: string; organizationId?: string; sortBy?: keyof typeof LOCATION_SORTS; orderBy?: "ASC" | "DESC" },
) {
  const req = pageRequest(q);
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.organizationId) {
    params.push(q.organizationId);
    where.push(`l.organization_id = $${params.length}`);
  }
  const search = q.search?.trim();
  if (search) {
    params.push(likePattern(search));
    const p = `$${params.length}`;
    where.push(`(l.name ILIKE ${p} OR o.name ILIKE ${p} OR l.keyword ILIKE ${p} OR l.city ILIKE ${p})`);
  }
  const whereSql = where.length ? ` WHERE ${where.join(" AND ")}` : "";
  const dir = q.orderBy === "DESC" ? "DESC" : "ASC";
  const order = [...LOCATION_SORTS[q.sortBy ?? "NAME"].map((k) => `${k} ${dir} NULLS LAST`), `l.id ${dir}`].join(", ");
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM locations l JOIN organizations o ON o.id = l.organization_id${whereSql}`, params);
  const rows = await db.query<AdminLocationRow>(
    `${ADMIN_LOCATION_SELECT}${whereSql} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, req.limit, req.offset],
  );
  return paged(rows.map(toAdminLocation), total?.n ?? 0, req);
}

/** Scan sessions across organizations: one by UUID (other filters ignored), or filtered; newest first. */
export async function listAdminScanSessions(
  db: Db,
  q: { page?: number; limit?: number; sessionUUID?: string; assessmentIds?: string[]; locationIds?: string[]; provider?: string; start?: string; end?: string },
) {
  const req = pageRequest(q, 15);
  const params: unknown[] = [];
  const where: string[] = [];
  let needsPractitioner = false;
  if (q.sessionUUID) {
    params.push(q.sessionUUID);
    where.push(`ss.session_uuid = $${params.length}`);
  } else {
    if (q.start && q.end && new Date(q.start) > new Date(q.end)) throw badRequest("start: must not be after end");
    if (q.assessmentIds?.length) {
      params.push(q.assessmentIds);
      where.push(`ss.assessment_id = ANY($${params.length}::text[])`);
    }
    if (q.locationIds?.length) {
      params.push(q.locationIds);
      where.push(`ss.location_id = ANY($${params.length}::uuid[])`);
    }
    const provider = q.provider?.trim();
    if (provider) {
      needsPractitioner = true;
      params.push(likePattern(provider));
      const p = `$${params.length}`;
      where.push(`(p.first_name ILIKE ${p} OR p.last_name ILIKE ${p} OR (p.first_name || ' ' || p.last_name) ILIKE ${p})`);
    }
    if (q.start) {
      params.push(q.start);
      where.push(`ss.created_date >= $${params.length}::timestamptz`);
    }
    if (q.end) {
      params.push(q.end);
      where.push(`ss.created_date < $${params.length}::timestamptz`);
    }
  }
  const whereSql = where.length ? ` WHERE ${where.join(" AND ")}` : "";
  const total = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM scan_sessions ss${needsPractitioner ? " LEFT JOIN practitioners p ON p.id = ss.practitioner_id" : ""}${whereSql}`,
    params,
  );
  const rows = await db.query<ScanSessionRow>(
    `${SCAN_SESSION_SELECT}${whereSql} ORDER BY ss.created_date DESC, ss.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, req.limit, req.offset],
  );
  return paged(rows.map(toScanSession), total?.n ?? 0, req);
}

export const GAIT_WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The window of the admin gait list: the last 90 days by default; 90 days after `start` or before `end` when
 * only one is given; both given must be in order and at most 90 days apart (400 otherwise).
 */
export function gaitWindow(q: { start?: string; end?: string }, now = new Date()): { start: Date; end: Date } {
  const max = GAIT_WINDOW_DAYS * DAY_MS;
  let start = q.start ? new Date(q.start) : undefined;
  let end = q.end ? new Date(q.end) : undefined;
  if (start && end) {
    if (start > end) throw badRequest("start: must not be after end");
    if (end.getTime() - start.getTime() > max) throw badRequest(`end: the window from start to end must be at most ${GAIT_WINDOW_DAYS} days`);
  }
  if (!start && !end) end = now;
  if (!start) start = new Date(end!.getTime() - max);
  if (!end) end = new Date(start.getTime() + max);
  return { start, end };
}

type AdminGaitRow = GaitSessionRow & { organization_name: string; organization_logo_url: string | null; record_gait_uid: string | null };

export async function listAdminGaitSessions(db: Db, q: { start?: string; end?: string }): Promise<AdminGaitSession[]> {
  const { start, end } = gaitWindow(q);
  const rows = await db.query<AdminGaitRow>(
    `SELECT g.*, o.name AS organization_name, o.logo_url AS organization_logo_url, r.gait_uid AS record_gait_uid
       FROM (${GAIT_SESSION_SELECT} WHERE gs.captured_date >= $1 AND gs.captured_date <= $2) g
       JOIN organizations o ON o.id = g.organization_id
       JOIN patient_records r ON r.id = g.patient_record_id
      ORDER BY g.captured_date DESC, g.id DESC`,
    [start.toISOString(), end.toISOString()],
  );
  return rows.map((row) => {
    const s = toGaitSession(row);
    return {
      id: s.id,
      capturedDate: s.capturedDate,
      sessionUUID: s.sessionUUID,
      sessionSchema: s.sessionSchema,
      patient: { firstName: s.subject.firstName, lastName: s.subject.lastName },
      patientRecordGaitUid: row.record_gait_uid,
      practitioner: s.practitioner,
      organization: { id: row.organization_id, name: row.organization_name, logoUrl: row.organization_logo_url },
      artifacts: row.artifacts.includes("pose-log") ? ["pose-log" as const] : [],
      session: s.session,
    };
  });
}
