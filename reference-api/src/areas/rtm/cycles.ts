import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";
import { CountCache } from "../../core/count-cache.js";

export type RtmCycle = Schema<"RtmCycle">;
export type RtmEvent = Schema<"RtmEvent">;
export type RtmStatus = RtmCycle["status"];
export type RtmCode = RtmCycle["code"];

export const RTM_STATUSES: readonly RtmStatus[] = ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "BILLED"];
export const RTM_CODES: readonly RtmCode[] = ["PATIENT_SETUP", "DEVICE_AND_DATA_TRANSMISSION", "PATIENT_INTERACTION", "ADDITIONAL_PATIENT_INTERACTION"];

/** Billing (CPT) codes and their descriptions by cycle code. */
export const BILLING: Record<RtmCode, { billingCode: RtmCycle["billingCode"]; description: string }> = {
  PATIENT_SETUP: { billingCode: "98975", description: "Initial Onboarding and Education" },
  DEVICE_AND_DATA_TRANSMISSION: { billingCode: "98977", description: "Device and Data Transmission" },
  PATIENT_INTERACTION: { billingCode: "98980", description: "Care Management" },
  ADDITIONAL_PATIENT_INTERACTION: { billingCode: "98981", description: "Additional Care Management" },
};

export const STATUS_LABEL: Record<RtmStatus, string> = {
  IN_PROGRESS: "In Progress",
  ACTIVE_DAYS_INCOMPLETE: "Incomplete",
  READY_TO_BILL: "Ready to Bill",
  BILLED: "Billed",
};

/** Cycle length in days and active days needed to bill it. */
export const CYCLE_DAYS = 30;
export const REQUIRED_DAYS = 16;

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** A cycle row with what the mapping needs (see CYCLE_SELECT). */
export interface CycleRow {
  id: string;
  patient_record_id: string;
  code: RtmCode;
  status: RtmStatus;
  start_date: string;
  end_date: string;
  num_required_days: number;
  pdf_key: string | null;
  first_name: string;
  last_name: string;
  organization_id: string;
  timezone: string;
  /** Today in the organization's time zone. */
  today: string;
}

/** SELECT list of a CycleRow: `c` is rtm_cycles, `pr` its patient record, `o` the organization. */
export const CYCLE_COLUMNS = `c.id, c.patient_record_id, c.code, c.status, c.start_date::text AS start_date, c.end_date::text AS end_date,
  c.num_required_days, c.pdf_key, pr.first_name, pr.last_name, pr.organization_id, o.timezone,
  (now() AT TIME ZONE o.timezone)::date::text AS today`;
export const CYCLE_FROM = `rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id JOIN organizations o ON o.id = pr.organization_id`;

export interface CycleActivity {
  events: RtmEvent[];
  /** Unique dates (organization time zone) with a session or a PRO response. */
  activeDays: Set<string>;
  minutes: number;
}

/**
 * Events and active days of cycles, computed from the patients' sessions, PRO answers, care notes and first
 * program assignment in each cycle's dates (days in the organization's time zone). One query for all cycles.
 */
export async function loadActivity(db: Db, cycles: Pick<CycleRow, "id" | "patient_record_id" | "start_date" | "end_date" | "timezone">[]): Promise<Map<string, CycleActivity>> {
  const out = new Map<string, CycleActivity>(cycles.map((c) => [c.id, { events: [], activeDays: new Set(), minutes: 0 }]));
  if (cycles.length === 0) return out;
  const rows = await db.query<{ cycle_id: string; id: string; type: RtmEvent["type"]; at: Date | string; minutes: number | null; pit: string | null; day: string }>(
    `WITH c AS (
       SELECT x.cycle_id, x.patient_id, x.d0, x.d1, x.tz,
              (x.d0::timestamp AT TIME ZONE x.tz) AS t0, ((x.d1 + 1)::timestamp AT TIME ZONE x.tz) AS t1
         FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::date[], $5::text[]) AS x(cycle_id, patient_id, d0, d1, tz)
     )
     SELECT c.cycle_id, hs.id, CASE WHEN hs.is_self_reported THEN 'SELF_REPORTED_HEP_SESSION' ELSE 'HEP_SESSION' END AS type,
            hs.date AS at, NULL::int AS minutes, NULL::text AS pit, (hs.date AT TIME ZONE c.tz)::date::text AS day
       FROM c JOIN health_sessions hs ON hs.patient_record_id = c.patient_id AND hs.date >= c.t0 AND hs.date < c.t1
     UNION ALL
     SELECT c.cycle_id, pa.id, 'PRO_RESPONSE', pa.date_time, NULL, NULL, (pa.date_time AT TIME ZONE c.tz)::date::text
       FROM c JOIN pro_questions pq ON pq.patient_record_id = c.patient_id
              JOIN pro_answers pa ON pa.pro_question_id = pq.id AND pa.date_time >= c.t0 AND pa.date_time < c.t1
     UNION ALL
     SELECT c.cycle_id, i.id, 'PATIENT_INTERACTION', (i.date::timestamp AT TIME ZONE c.tz), i.minutes, i.interaction_type, i.date::text
       FROM c JOIN interactions i ON i.patient_record_id = c.patient_id AND i.date >= c.d0 AND i.date <= c.d1
     UNION ALL
     SELECT c.cycle_id, ha.id, 'INITIAL_HEP_ASSIGNMENT', ha.assigned_at, NULL, NULL, (ha.assigned_at AT TIME ZONE c.tz)::date::text
       FROM c JOIN LATERAL (SELECT a.id, a.assigned_at FROM hep_assignments a WHERE a.patient_record_id = c.patient_id
                             ORDER BY a.assigned_at, a.id LIMIT 1) ha ON ha.assigned_at >= c.t0 AND ha.assigned_at < c.t1
     ORDER BY 1, 4, 2`,
    [cycles.map((c) => c.id), cycles.map((c) => c.patient_record_id), cycles.map((c) => c.start_date), cycles.map((c) => c.end_date), cycles.map((c) => c.timezone)],
  );
  for (const r of rows) {
    const a = out.get(r.cycle_id)!;
    a.events.push({
      id: r.id,
      type: r.type,
      dateTime: new Date(r.at).toISOString(),
      minutes: r.type === "PATIENT_INTERACTION" ? Math.max(0, Number(r.minutes ?? 0)) : null,
      patientInteractionType: r.pit === "PATIENT_INTERACTIVE_COMMUNICATION" ? "PATIENT_INTERACTIVE_COMMUNICATION" : null,
    });
    if (r.type === "HEP_SESSION" || r.type === "SELF_REPORTED_HEP_SESSION" || r.type === "PRO_RESPONSE") a.activeDays.add(r.day);
    if (r.type === "PATIENT_INTERACTION") a.minutes += Math.max(0, Number(r.minutes ?? 0));
  }
  return out;
}

/** Calendar days left in the cycle, today included (0 once it has ended). */
export function remainingDays(c: Pick<CycleRow, "start_date" | "end_date" | "today">): number {
  if (c.today > c.end_date) return 0;
  const from = c.today < c.start_date ? c.start_date : c.today;
  return daysBetween(from, c.end_date) + 1;
}

/**
 * The status a not-yet-billed cycle should have from its activity: READY_TO_BILL once it has its required
 * active days; while it runs IN_PROGRESS if it can still reach them, else ACTIVE_DAYS_INCOMPLETE; after its end
 * without them ACTIVE_DAYS_INCOMPLETE.
 */
export function derivedStatus(activeDays: number, required: number, remaining: number): RtmStatus {
  if (activeDays >= required) return "READY_TO_BILL";
  if (remaining > 0 && activeDays + remaining >= required) return "IN_PROGRESS";
  return "ACTIVE_DAYS_INCOMPLETE";
}

export function toRtmCycle(r: CycleRow, a: CycleActivity | undefined): RtmCycle {
  return {
    id: r.id,
    code: r.code,
    billingCode: BILLING[r.code].billingCode,
    status: r.status,
    startDate: r.start_date,
    endDate: r.end_date,
    numActiveDays: a?.activeDays.size ?? 0,
    numRequiredDays: r.num_required_days,
    numRemainingDays: remainingDays(r),
    interactionMinutes: a?.minutes ?? 0,
    events: a?.events ?? [],
    needs: null,
    patientRecord: { id: r.patient_record_id, firstName: r.first_name, lastName: r.last_name },
    pdfKey: r.pdf_key,
  };
}

/** Maps rows (in order) to cycles with their computed activity. */
export async function toRtmCycles(db: Db, rows: CycleRow[]): Promise<RtmCycle[]> {
  const activity = await loadActivity(db, rows);
  return rows.map((r) => toRtmCycle(r, activity.get(r.id)));
}

/**
 * SQL of a monthly summary's status from its cycles (alias `c`), for use in an aggregate: READY_TO_BILL while
 * a cycle waits to be billed, else IN_PROGRESS while one runs, else BILLED when one was billed (nothing left
 * to bill), else ACTIVE_DAYS_INCOMPLETE.
 */
export const SUMMARY_STATUS_SQL = `CASE WHEN bool_or(c.status = 'READY_TO_BILL') THEN 'READY_TO_BILL'
  WHEN bool_or(c.status = 'IN_PROGRESS') THEN 'IN_PROGRESS'
  WHEN bool_or(c.status = 'BILLED') THEN 'BILLED'
  ELSE 'ACTIVE_DAYS_INCOMPLETE' END`;

/**
 * Makes sure every (patient, month of a cycle's end) has a monthly summary and that each summary's status
 * follows its cycles. Limited to the given patients.
 */
export async function refreshSummaries(db: Db, patientIds: string[]): Promise<void> {
  if (patientIds.length === 0) return;
  await db.query(
    `INSERT INTO rtm_monthly_summaries (id, patient_record_id, year_month, status)
     SELECT md5(c.patient_record_id::text || to_char(c.end_date, 'YYYY-MM'))::uuid, c.patient_record_id, to_char(c.end_date, 'YYYY-MM'), ${SUMMARY_STATUS_SQL}
       FROM rtm_cycles c WHERE c.patient_record_id = ANY($1::uuid[])
      GROUP BY c.patient_record_id, to_char(c.end_date, 'YYYY-MM')
     ON CONFLICT (patient_record_id, year_month) DO UPDATE SET status = EXCLUDED.status
       WHERE rtm_monthly_summaries.status IS DISTINCT FROM EXCLUDED.status`,
    [patientIds],
  );
}

/** Codes that repeat every cycle (the one-off setup code does not). */
const RECURRING: ReadonlySet<RtmCode> = new Set(["DEVICE_AND_DATA_TRANSMISSION", "PATIENT_INTERACTION", "ADDITIONAL_PATIENT_INTERACTION"]);

/** Tables whose writes can change which of an organization's cycles await settling (see readSettled). */
export const SETTLE_TABLES = ["patient_records", "rtm_cycles"] as const;
/** SQL of the version of SETTLE_TABLES: list queries select it as `sv` (see readSettled). */
export const SETTLE_VERSION_SQL = CountCache.versionSql(SETTLE_TABLES);

/** Today (YYYY-MM-DD) in the organization's time zone. */
async function orgToday(db: Db, organizationId: string): Promise<string | undefined> {
  return (await db.one<{ today: string }>("SELECT ((now() AT TIME ZONE timezone)::date)::text AS today FROM organizations WHERE id = $1", [organizationId]))?.today;
}

/**
 * Per organization, "<today>|<version of SETTLE_TABLES>" at which nothing was left to settle. Only a write to
 * those tables (a new version) or a new day can make a cycle await settling, so while both match the lookup
 * is skipped. Versions are read from the database, so this holds across processes (kept per database).
 */
const settledAtByDb = new WeakMap<Db, Map<string, string>>();

/**
 * Reads a list (`read` selects SETTLE_VERSION_SQL as `sv` with its rows, same snapshot) with the organization's
 * ended cycles settled first. Usually no extra query at all: when the version read with the page and today's
 * date match the last check that found nothing to settle, the page stands. Otherwise the (cheap) lookup runs;
 * the page is read again only if it settled something or something was written meanwhile.
 */
export async function readSettled<T extends { sv: string | null }>(db: Db, organizationId: string, today: string | undefined, read: () => Promise<T[]>): Promise<T[]> {
  today ??= await orgToday(db, organizationId);
  let settledAt = settledAtByDb.get(db);
  if (!settledAt) settledAtByDb.set(db, (settledAt = new Map()));
  const rows = await read();
  const sv = rows[0]?.sv ?? null;
  if (sv !== null && settledAt.get(organizationId) === `${today}|${sv}`) return rows;
  const { settled, version } = await settleEndedCycles(db, organizationId, today);
  if (!settled && sv !== null && version === sv) {
    settledAt.set(organizationId, `${today}|${sv}`);
    return rows;
  }
  return read();
}

/**
 * Settles the organization's cycles that ended while IN_PROGRESS (READY_TO_BILL with their required active
 * days, else ACTIVE_DAYS_INCOMPLETE) and starts the next cycle of a recurring code for patients still in care
 * (Health, not discharged, not hidden), up to the one running today. Cheap when nothing has ended (every
 * list call but the first after a cycle ends): one small lookup on the (status, end_date) index bounded by
 * the organization's today, which finds nothing; nothing is written. Answers whether it settled anything and,
 * when not, the version of SETTLE_TABLES read with the lookup.
 */
export async function settleEndedCycles(db: Db, organizationId: string, today?: string): Promise<{ settled: boolean; version: string | null }> {
  // `today` is the organization's today (the caller's, read with it); as a value it bounds the index scan.
  today ??= await orgToday(db, organizationId);
  if (!today) return { settled: false, version: null };
  const ENDED = `c.status = 'IN_PROGRESS' AND c.end_date < $2::date AND pr.organization_id = $1`;
  // Ordered by end date so the plan reads the index and stops at the first row (as EXISTS, the planner may
  // scan the table: it cannot know that running cycles all end after today).
  const check = await db.one<{ pending: number | null; v: string | null }>(
    `SELECT (SELECT 1 FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id WHERE ${ENDED} ORDER BY c.end_date LIMIT 1) AS pending,
            ${SETTLE_VERSION_SQL} AS v`,
    [organizationId, today],
  );
  if (!check?.pending) return { settled: false, version: check?.v ?? null };
  const ended = await db.query<CycleRow & { in_care: boolean; has_next: boolean }>(
    `SELECT ${CYCLE_COLUMNS},
            ('HEALTH' = ANY(pr.products) AND NOT pr.hidden AND (pr.discharge_date IS NULL OR pr.discharge_date >= (now() AT TIME ZONE o.timezone)::date)) AS in_care,
            EXISTS (SELECT 1 FROM rtm_cycles n WHERE n.patient_record_id = c.patient_record_id AND n.code = c.code AND n.start_date > c.end_date) AS has_next
       FROM ${CYCLE_FROM}
      WHERE ${ENDED}`,
    [organizationId, today],
  );
  if (ended.length === 0) return { settled: false, version: null };
  await db.tx(async (tx) => {
    const activity = await loadActivity(tx, ended);
    for (const c of ended) {
      const status = derivedStatus(activity.get(c.id)!.activeDays.size, c.num_required_days, 0);
      await tx.query(`UPDATE rtm_cycles SET status = $2, updated_at = now() WHERE id = $1 AND status = 'IN_PROGRESS'`, [c.id, status]);
      if (!c.in_care || c.has_next || !RECURRING.has(c.code)) continue;
      // Next cycles of the same code, back to back, until the one that covers today.
      let start = addDays(c.end_date, 1);
      const created: CycleRow[] = [];
      while (start <= c.today) {
        const end = addDays(start, CYCLE_DAYS - 1);
        const row = await tx.one<{ id: string }>(
          `INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date, num_required_days)
           VALUES (md5($1::uuid::text || $2::text || $3::date::text)::uuid, $1::uuid, $2::text, 'IN_PROGRESS', $3::date, $4::date, $5::int)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [c.patient_record_id, c.code, start, end, c.num_required_days],
        );
        if (row) created.push({ ...c, id: row.id, start_date: start, end_date: end, status: "IN_PROGRESS", pdf_key: null });
        start = addDays(end, 1);
      }
      const act = await loadActivity(tx, created);
      for (const n of created) {
        const s = derivedStatus(act.get(n.id)!.activeDays.size, n.num_required_days, remainingDays(n));
        if (s !== "IN_PROGRESS") await tx.query(`UPDATE rtm_cycles SET status = $2 WHERE id = $1`, [n.id, s]);
      }
    }
    await refreshSummaries(tx, [...new Set(ended.map((c) => c.patient_record_id))]);
  });
  return { settled: true, version: null };
}
