import type { Db } from "../../db/db.js";
import type { Caller, MemberCaller } from "../../core/auth.js";
import { patientScope } from "../../core/access.js";
import { CountCache, countCache } from "../../core/count-cache.js";
import { badRequest, notFound } from "../../core/errors.js";
import { paged, pageRequest } from "../../core/paging.js";
import type { Schema } from "../../core/contract.js";
import { likeTerm } from "../patients/list.js";
import { CYCLE_COLUMNS, CYCLE_FROM, readSettled, SETTLE_TABLES, SETTLE_VERSION_SQL, toRtmCycles, type CycleRow, type RtmCycle, type RtmStatus } from "./cycles.js";

export interface RtmQuery {
  page?: number;
  limit?: number;
  search?: string;
  sortBy?: string;
  orderBy?: "ASC" | "DESC";
  status?: RtmStatus[] | RtmStatus;
  start?: string;
  end?: string;
  /** Only cycles still running (ending today or later) and not billable: IN_PROGRESS or ACTIVE_DAYS_INCOMPLETE. */
  needsAttention?: boolean;
  locationId?: string;
}

/** The statuses of a cycle that is not billable (yet): with a running cycle, the needs-attention list. */
export const AT_RISK_STATUSES: readonly RtmStatus[] = ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE"];

const STATUS_ORDER = `(CASE c.status WHEN 'IN_PROGRESS' THEN 0 WHEN 'ACTIVE_DAYS_INCOMPLETE' THEN 1 WHEN 'READY_TO_BILL' THEN 2 ELSE 3 END)`;
const CODE_ORDER = `(CASE c.code WHEN 'PATIENT_SETUP' THEN 0 WHEN 'DEVICE_AND_DATA_TRANSMISSION' THEN 1 WHEN 'SHORT_DEVICE_AND_DATA_TRANSMISSION' THEN 2
  WHEN 'BRIEF_PATIENT_INTERACTION' THEN 3 WHEN 'PATIENT_INTERACTION' THEN 4 ELSE 5 END)`;

function statuses(q: RtmQuery): RtmStatus[] | undefined {
  if (q.status === undefined) return undefined;
  const list = Array.isArray(q.status) ? q.status : [q.status];
  return list.length ? [...new Set(list)] : undefined;
}

/** Conditions on the patient (alias `pr`): scope, not hidden, search, location. */
function patientWhere(caller: Caller, q: RtmQuery, params: unknown[]): string[] {
  if (q.start && q.end && q.end < q.start) throw badRequest("end must not be before start");
  const where = [patientScope(caller, params, "pr"), "NOT pr.hidden"];
  const search = q.search?.trim();
  if (search) {
    params.push(likeTerm(search));
    const p = `$${params.length}`;
    // The name match is what filters; `search_text` (lower-cased "First Last" and "Last, First", trigram
    // indexed, migration 070) holds every string it can match, so testing it first adds no rows and lets a
    // selective term find its patients by index.
    where.push(`pr.search_text LIKE lower(${p})`);
    where.push(`(pr.first_name ILIKE ${p} OR pr.last_name ILIKE ${p} OR (pr.first_name || ' ' || pr.last_name) ILIKE ${p} OR (pr.last_name || ', ' || pr.first_name) ILIKE ${p})`);
  }
  if (q.locationId) {
    params.push(q.locationId);
    where.push(`pr.location_id = $${params.length}::uuid`);
  }
  return where;
}

/**
 * ADR 033: an Incomplete cycle whose partner code of the same interval or month (98977 / 98985, 98979 / 98980) is
 * not Incomplete needs no attention — the interval or month bills under the other code (a 98985 at 16 days, a
 * 98979 at 20 minutes, a 98977 whose interval billed 98985), or the other code still running carries it (98977
 * that can no longer reach 16 days while its 98985 can still reach 2).
 *
 * The start date is compared as a range (`BETWEEN x AND x`), not `=`: with only equalities the planner may turn
 * the EXISTS into a hashed subplan, which reads every cycle of the table (93,000 on the large world) on each
 * request; a correlated range keeps it a probe of the patient's cycles (rtm_cycles_patient_end) per candidate
 * (`npm run bench:rtm`, ADR 033).
 */
const SETTLED_BY_PARTNER_SQL = `NOT (c.status = 'ACTIVE_DAYS_INCOMPLETE' AND EXISTS (SELECT 1 FROM rtm_cycles o
  WHERE o.patient_record_id = c.patient_record_id AND o.start_date BETWEEN c.start_date AND c.start_date AND o.end_date = c.end_date
    AND o.status <> 'ACTIVE_DAYS_INCOMPLETE'
    AND o.code = (CASE c.code WHEN 'DEVICE_AND_DATA_TRANSMISSION' THEN 'SHORT_DEVICE_AND_DATA_TRANSMISSION'
                              WHEN 'SHORT_DEVICE_AND_DATA_TRANSMISSION' THEN 'DEVICE_AND_DATA_TRANSMISSION'
                              WHEN 'BRIEF_PATIENT_INTERACTION' THEN 'PATIENT_INTERACTION'
                              WHEN 'PATIENT_INTERACTION' THEN 'BRIEF_PATIENT_INTERACTION' END)))`;

/** The needs-attention statuses as SQL (the predicate of the partial index of migration 091). */
const AT_RISK_SQL = (c: string) => `${c}.status IN (${AT_RISK_STATUSES.map((s) => `'${s}'`).join(", ")})`;

/**
 * Conditions on the cycle (alias `c`, or `alias`): statuses, the date range (cycles overlapping start..end) and
 * needsAttention (running on `today`, the organization's, and not billable) — stored statuses and end dates, so
 * the (status, end_date, id) index and the needs-attention one (migration 091) serve them.
 */
function cycleWhere(q: RtmQuery, params: unknown[], today: string, alias = "c"): string[] {
  const where: string[] = [];
  if (q.needsAttention) {
    params.push(today);
    where.push(`${AT_RISK_SQL("c")} AND c.end_date >= $${params.length}::date AND ${SETTLED_BY_PARTNER_SQL}`);
  }
  const st = statuses(q);
  if (st) {
    // One status as an equality, so the (status, start_date, id) index serves the order.
    params.push(st.length === 1 ? st[0] : st);
    where.push(st.length === 1 ? `c.status = $${params.length}` : `c.status = ANY($${params.length}::text[])`);
  }
  if (q.start) {
    params.push(q.start);
    where.push(`c.end_date >= $${params.length}::date`);
  }
  if (q.end) {
    params.push(q.end);
    where.push(`c.start_date <= $${params.length}::date`);
  }
  return alias === "c" ? where : where.map((w) => w.replace(/\bc\./g, `${alias}.`));
}

function cycleOrder(sortBy = "START_DATE", d: "ASC" | "DESC" = "DESC"): string {
  switch (sortBy) {
    case "NAME":
      return `lower(pr.last_name) ${d}, lower(pr.first_name) ${d}, c.start_date ${d}, c.id ${d}`;
    case "END_DATE":
      return `c.end_date ${d}, c.id ${d}`;
    case "STATUS":
      return `${STATUS_ORDER} ${d}, c.start_date ${d}, c.id ${d}`;
    case "CODE":
      return `${CODE_ORDER} ${d}, c.start_date ${d}, c.id ${d}`;
    default:
      return `c.start_date ${d}, c.id ${d}`;
  }
}

/** Tables a cycle list reads: its exact count is cached while their versions are unchanged (as settling). */
const CYCLE_TABLES = SETTLE_TABLES;
const SUMMARY_TABLES = ["patient_records", "rtm_cycles", "rtm_monthly_summaries"] as const;

/** A page of the caller's cycles, the organization's ended cycles settled first. */
export async function listCycles(db: Db, caller: MemberCaller, q: RtmQuery) {
  const page = pageRequest(q, 20);
  const params: unknown[] = [];
  const where = [...patientWhere(caller, q, params), ...cycleWhere(q, params, caller.today)].join(" AND ");
  // The tables' versions are read with the page (same snapshot): a cached count is checked against them, and
  // they tell whether settling has to look again (the same tables).
  const rows = await readSettled(db, caller.organizationId, caller.today, () =>
    db.query<CycleRow & { sv: string | null }>(
      `SELECT ${CYCLE_COLUMNS}, ${SETTLE_VERSION_SQL} AS sv FROM ${CYCLE_FROM} WHERE ${where}
        ORDER BY ${cycleOrder(q.sortBy, q.orderBy)} LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    ),
  );
  const total =
    page.offset === 0 && rows.length < page.limit
      ? rows.length
      : await countCache.count(db, CYCLE_TABLES, rows[0]?.sv, `SELECT count(*) FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id WHERE ${where}`, params);
  return paged(await toRtmCycles(db, rows), total, page);
}

export type RtmMonthlySummary = Schema<"RtmMonthlySummary">;

/** First and last day of a YYYY-MM month. */
export function monthBounds(yearMonth: string): [string, string] {
  const [y, m] = yearMonth.split("-").map(Number) as [number, number];
  const first = `${yearMonth}-01`;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return [first, last];
}

interface SummaryRow {
  id: string;
  patient_record_id: string;
  year_month: string;
  status: RtmStatus;
  pdf_key: string | null;
  first_name: string;
  last_name: string;
}

/** Summary statuses in the order of the STATUS sort. */
const SUMMARY_STATUS_RANK: readonly RtmStatus[] = ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "BILLED"];

/** The month's summaries (one per patient) whose cycles ending in the month match the filters, with those cycles. */
export async function listMonth(db: Db, caller: MemberCaller, yearMonth: string, q: RtmQuery) {
  const page = pageRequest(q, 20);
  const [first, last] = monthBounds(yearMonth);
  const params: unknown[] = [yearMonth, first, last];
  const pw = patientWhere(caller, q, params);
  const cw = ["c.patient_record_id = s.patient_record_id", "c.end_date >= $2::date", "c.end_date <= $3::date", ...cycleWhere(q, params, caller.today)];
  const where = `s.year_month = $1 AND ${pw.join(" AND ")} AND EXISTS (SELECT 1 FROM rtm_cycles c WHERE ${cw.join(" AND ")})`;
  const d = q.orderBy ?? "DESC";
  const nameOrder = `lower(pr.last_name) ${d}, lower(pr.first_name) ${d}, s.id ${d}`;
  const from = `rtm_monthly_summaries s JOIN patient_records pr ON pr.id = s.patient_record_id`;
  const columns = `s.id, s.patient_record_id, s.year_month, s.status, s.pdf_key, pr.first_name, pr.last_name,
    ${CountCache.versionSql(SUMMARY_TABLES)} AS v, ${SETTLE_VERSION_SQL} AS sv`;
  let sql = `SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${nameOrder} LIMIT ${page.limit} OFFSET ${page.offset}`;
  if (q.sortBy === "STATUS") {
    // Status (IN_PROGRESS, ACTIVE_DAYS_INCOMPLETE, READY_TO_BILL, BILLED: the only four, a constraint of
    // migration 072), then name and id: each status's first rows in name order, merged, instead of ranking every
    // summary of the month. Each segment is planned on its own (name index, or the month's few rows by status).
    sql = SUMMARY_STATUS_RANK
      .map((status, rank) => `(SELECT ${columns}, ${rank} AS seg, lower(pr.last_name) AS l, lower(pr.first_name) AS f FROM ${from}
          WHERE ${where} AND s.status = '${status}' ORDER BY ${nameOrder} LIMIT ${page.offset + page.limit})`)
      .join(" UNION ALL ") + ` ORDER BY seg ${d}, l ${d}, f ${d}, id ${d} LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  const rows = await readSettled(db, caller.organizationId, caller.today, () =>
    q.sortBy === "DAYS_LEFT"
      ? readByDaysLeft(db, caller, q, { yearMonth, first, last, columns, nameOrder, page })
      : db.query<SummaryRow & { v: string | null; sv: string | null }>(sql, params),
  );
  const total =
    page.offset === 0 && rows.length < page.limit
      ? rows.length
      : await countCache.count(db, SUMMARY_TABLES, rows[0]?.v, `SELECT count(*) FROM ${from} WHERE ${where}`, params);
  const cyclesByPatient = await loadMonthCycles(db, rows.map((r) => r.patient_record_id), first, last, q, caller.today);
  const running = await loadRunningIntervals(db, rows.map((r) => r.patient_record_id), last);
  const items: RtmMonthlySummary[] = rows.map((r) => toSummary(r, cyclesByPatient.get(r.patient_record_id) ?? [], running.get(r.patient_record_id) ?? []));
  return paged(items, total, page);
}

type MonthRow = SummaryRow & { v: string | null; sv: string | null };

/**
 * A page of the month list by DAYS_LEFT: patients by the end date of their soonest-ending listed cycle that still
 * runs (the days left follow from it), ties by name and id, then those without one by name and id.
 *
 * Read from the cycles in end-date order (the needs-attention partial index of migration 091, or (end_date, id)):
 * each patient once, at that soonest cycle (no earlier listed running cycle of theirs — index probe), joined to
 * the summary and the patient. The end date is presorted, so the planner sorts only the first days' patients by
 * name (incremental sort) and stops at the page instead of ranking every summary of the month. Those without a
 * running listed cycle (only without needsAttention: its cycles all run) follow in name order.
 */
async function readByDaysLeft(
  db: Db,
  caller: MemberCaller,
  q: RtmQuery,
  m: { yearMonth: string; first: string; last: string; columns: string; nameOrder: string; page: { limit: number; offset: number } },
): Promise<MonthRow[]> {
  const d = q.orderBy ?? "DESC";
  const params: unknown[] = [m.yearMonth, m.first, m.last, caller.today];
  const pw = patientWhere(caller, q, params).join(" AND ");
  const lo = "greatest($2::date, $4::date)";
  const running = (a: string) => `${a}.end_date >= ${lo} AND ${a}.end_date <= $3::date`;
  const cf = cycleWhere(q, params, caller.today, "c");
  const cc = [running("c"), ...cf].join(" AND ");
  const ec = [running("e"), ...cycleWhere(q, params, caller.today, "e")].join(" AND ");
  const firstOfPatient = `NOT EXISTS (SELECT 1 FROM rtm_cycles e WHERE e.patient_record_id = c.patient_record_id AND ${ec}
    AND (e.end_date < c.end_date OR (e.end_date = c.end_date AND e.id < c.id)))`;
  const withRunning = `FROM rtm_cycles c
      JOIN rtm_monthly_summaries s ON s.patient_record_id = c.patient_record_id AND s.year_month = $1
      JOIN patient_records pr ON pr.id = c.patient_record_id
     WHERE ${cc} AND ${pw} AND ${firstOfPatient}`;
  const { limit, offset } = m.page;
  const rows = await db.query<MonthRow>(`SELECT ${m.columns} ${withRunning} ORDER BY c.end_date ${d}, ${m.nameOrder} LIMIT ${limit} OFFSET ${offset}`, params);
  if (q.needsAttention || rows.length === limit) return rows;
  // Past the patients with a running listed cycle: those without one, in name order (a listed cycle in the
  // month, none running).
  const before =
    rows.length > 0 || offset === 0
      ? offset + rows.length
      : Number((await db.one<{ n: string }>(`SELECT count(*) AS n ${withRunning}`, params))?.n ?? 0);
  const listed = [`c.patient_record_id = s.patient_record_id AND c.end_date >= $2::date AND c.end_date <= $3::date`, ...cf].join(" AND ");
  const rest = await db.query<MonthRow>(
    `SELECT ${m.columns} FROM rtm_monthly_summaries s JOIN patient_records pr ON pr.id = s.patient_record_id
      WHERE s.year_month = $1 AND ${pw} AND EXISTS (SELECT 1 FROM rtm_cycles c WHERE ${listed})
        AND NOT EXISTS (SELECT 1 FROM rtm_cycles e WHERE e.patient_record_id = s.patient_record_id AND ${ec})
      ORDER BY ${m.nameOrder} LIMIT ${limit - rows.length} OFFSET ${Math.max(0, offset - before)}`,
    params,
  );
  return [...rows, ...rest];
}

function toSummary(r: SummaryRow, cycles: RtmCycle[], runningIntervals: RtmRunningInterval[]): RtmMonthlySummary {
  return {
    id: r.id,
    patientRecord: { id: r.patient_record_id, firstName: r.first_name, lastName: r.last_name },
    yearMonth: r.year_month,
    status: r.status,
    cycles,
    runningIntervals,
    pdfKey: r.pdf_key,
  };
}

type RtmRunningInterval = Schema<"RtmRunningInterval">;

/**
 * The device clock across a month's end (issue 32, ADR 049): per patient, the device-supply intervals (98977 / 98985
 * share one) that started by the month's last day, end after it and still run today — their cycles are listed in the
 * month they end (and bill), their days of data so far show in this one. One query for the page's patients.
 */
async function loadRunningIntervals(db: Db, patientIds: string[], last: string): Promise<Map<string, RtmRunningInterval[]>> {
  const out = new Map<string, RtmRunningInterval[]>();
  if (patientIds.length === 0) return out;
  const rows = await db.query<CycleRow>(
    `SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM}
      WHERE c.patient_record_id = ANY($1::uuid[]) AND c.code IN ('DEVICE_AND_DATA_TRANSMISSION', 'SHORT_DEVICE_AND_DATA_TRANSMISSION')
        AND c.start_date <= $2::date AND c.end_date > $2::date AND c.end_date >= (now() AT TIME ZONE o.timezone)::date
      ORDER BY c.start_date, ${CODE_ORDER}, c.id`,
    [patientIds, last],
  );
  const seen = new Set<string>();
  for (const c of await toRtmCycles(db, rows)) {
    const key = `${c.patientRecord.id}|${c.startDate}|${c.endDate}`;
    const list = out.get(c.patientRecord.id) ?? [];
    const projection = c.projection ?? null;
    if (seen.has(key)) {
      // 98977 and 98985 share the interval: one line, with whichever projection one of them has.
      const same = list.find((i) => i.startDate === c.startDate && i.endDate === c.endDate)!;
      same.projection ??= projection;
      continue;
    }
    seen.add(key);
    list.push({ startDate: c.startDate, endDate: c.endDate, numActiveDays: c.numActiveDays, numRemainingDays: c.numRemainingDays, projection });
    out.set(c.patientRecord.id, list);
  }
  return out;
}

/** Cycles of these patients ending in the month (matching the cycle filters), by start date and code. */
async function loadMonthCycles(db: Db, patientIds: string[], first: string, last: string, q: RtmQuery, today: string): Promise<Map<string, RtmCycle[]>> {
  const out = new Map<string, RtmCycle[]>();
  if (patientIds.length === 0) return out;
  const params: unknown[] = [patientIds, first, last];
  const where = ["c.patient_record_id = ANY($1::uuid[])", "c.end_date >= $2::date", "c.end_date <= $3::date", ...cycleWhere(q, params, today)];
  const rows = await db.query<CycleRow>(
    `SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM} WHERE ${where.join(" AND ")} ORDER BY c.start_date, ${CODE_ORDER}, c.id`,
    params,
  );
  const cycles = await toRtmCycles(db, rows);
  for (const c of cycles) {
    const list = out.get(c.patientRecord.id) ?? [];
    list.push(c);
    out.set(c.patientRecord.id, list);
  }
  return out;
}

/** One summary the caller may see (404 otherwise), with all its cycles. */
export async function getVisibleSummary(db: Db, caller: Caller, id: string): Promise<RtmMonthlySummary> {
  const params: unknown[] = [id];
  const row = await db.one<SummaryRow>(
    `SELECT s.id, s.patient_record_id, s.year_month, s.status, s.pdf_key, pr.first_name, pr.last_name
       FROM rtm_monthly_summaries s JOIN patient_records pr ON pr.id = s.patient_record_id
      WHERE s.id = $1 AND ${patientScope(caller, params, "pr")} AND NOT pr.hidden`,
    params,
  );
  if (!row) throw notFound("RTM monthly summary not found");
  const [first, last] = monthBounds(row.year_month);
  const cycles = await loadMonthCycles(db, [row.patient_record_id], first, last, {}, "");
  const running = await loadRunningIntervals(db, [row.patient_record_id], last);
  return toSummary(row, cycles.get(row.patient_record_id) ?? [], running.get(row.patient_record_id) ?? []);
}

/** One cycle row the caller may see (404 otherwise). */
export async function getVisibleCycleRow(db: Db, caller: Caller, id: string): Promise<CycleRow> {
  const params: unknown[] = [id];
  const row = await db.one<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM} WHERE c.id = $1 AND ${patientScope(caller, params, "pr")} AND NOT pr.hidden`, params);
  if (!row) throw notFound("RTM cycle not found");
  return row;
}
