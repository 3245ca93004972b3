import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";
import { CountCache } from "../../core/count-cache.js";
import { claimModifiers, type Credential } from "../../../../app/domain/rtm-claim.js";
import { addDays, BILLING_CODE, countedMinutes, daysLeft, DESCRIPTION, evaluateCycle, isLiveInteraction, nextPeriod, requiredDaysOf, type BilledCode, type CycleFacts } from "./rules.js";
import { afterBillCodes, afterBillSql, type AfterBillRaw } from "./evidence.js";
import { careFacts, wouldReach, type CareEntry } from "../../../../app/domain/rtm-2026.js";

export type RtmCycle = Schema<"RtmCycle">;
export type RtmEvent = Schema<"RtmEvent">;
export type RtmStatus = RtmCycle["status"];
export type RtmCode = RtmCycle["code"];

export const RTM_STATUSES: readonly RtmStatus[] = ["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "BILLED"];
export const RTM_CODES: readonly RtmCode[] = [
  "PATIENT_SETUP",
  "DEVICE_AND_DATA_TRANSMISSION",
  "SHORT_DEVICE_AND_DATA_TRANSMISSION",
  "BRIEF_PATIENT_INTERACTION",
  "PATIENT_INTERACTION",
  "ADDITIONAL_PATIENT_INTERACTION",
];

/** Billing (CPT) codes and their descriptions by cycle code (ADR 033). */
export const BILLING = Object.fromEntries(RTM_CODES.map((c) => [c, { billingCode: BILLING_CODE[c], description: DESCRIPTION(c) }])) as Record<
  RtmCode,
  { billingCode: RtmCycle["billingCode"]; description: string }
>;

export const STATUS_LABEL: Record<RtmStatus, string> = {
  IN_PROGRESS: "In Progress",
  ACTIVE_DAYS_INCOMPLETE: "Incomplete",
  READY_TO_BILL: "Ready to Bill",
  BILLED: "Billed",
};

/** Cycle length, required active days and date helpers: the rules' (rules.ts). */
export { addDays, CYCLE_DAYS, daysBetween, REQUIRED_DAYS } from "./rules.js";

/** A cycle row with what the mapping needs (see CYCLE_COLUMNS). */
export interface CycleRow {
  id: string;
  patient_record_id: string;
  code: RtmCode;
  status: RtmStatus;
  start_date: string;
  end_date: string;
  num_required_days: number;
  pdf_key: string | null;
  /** See migration 090: the next day the daily pass looks at the cycle. */
  next_check_on: string | null;
  first_name: string;
  last_name: string;
  organization_id: string;
  timezone: string;
  /** Today in the organization's time zone. */
  today: string;
  /** The episode of care it belongs to (migration 154): its first day, or null for the patient's first episode. */
  episode_start?: string | null;
  /** That episode's first day (the first episode's: its earliest cycle's start), as the contract reports it. */
  episode_first_day?: string;
}

/** SELECT list of a CycleRow: `c` is rtm_cycles, `pr` its patient record, `o` the organization. */
export const CYCLE_COLUMNS = `c.id, c.patient_record_id, c.code, c.status, c.start_date::text AS start_date, c.end_date::text AS end_date,
  c.num_required_days, c.pdf_key, c.next_check_on::text AS next_check_on, pr.first_name, pr.last_name, pr.organization_id, o.timezone,
  (now() AT TIME ZONE o.timezone)::date::text AS today, c.episode_start::text AS episode_start,
  coalesce(c.episode_start, (SELECT min(e.start_date) FROM rtm_cycles e WHERE e.patient_record_id = c.patient_record_id AND e.episode_start IS NULL))::text AS episode_first_day`;
export const CYCLE_FROM = `rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id JOIN organizations o ON o.id = pr.organization_id`;

export interface CycleActivity {
  events: RtmEvent[];
  /** Unique dates (organization time zone) with a session or a PRO response. */
  activeDays: Set<string>;
  minutes: number;
  /** A care note of the cycle is the live interaction: a two-way phone or video call (rtm-2026.ts isLiveInteraction, ADR 033). */
  interactive: boolean;
  /** The patient's other BILLED cycles (conflicts and 98975 once per episode, ADR 033). */
  billed: BilledCode[];
  /** Counted minutes of the care notes that are this cycle's evidence (it was billed on them, ADR 043). */
  evidenceMinutes: number;
  /** The care notes documented after the month's care-management bill (ADR 043): their counted minutes and the bill. */
  after: { minutes: number; bill: AfterBillRaw } | null;
  /** Every care note of the cycle's dates, as the rules count them (what the month would reach). */
  notes: CareEntry[];
}

type ActivityInput = Pick<CycleRow, "id" | "patient_record_id" | "code" | "start_date" | "end_date" | "timezone">;

/**
 * Events and active days of cycles, computed from the patients' sessions, PRO answers, care notes and first
 * program assignment in each cycle's dates (days in the organization's time zone), and for set-up cycles
 * whether another set-up of the patient was billed (98975 once per episode of care). One query for all cycles.
 */
export async function loadActivity(db: Db, cycles: ActivityInput[]): Promise<Map<string, CycleActivity>> {
  const out = new Map<string, CycleActivity>(cycles.map((c) => [c.id, { events: [], activeDays: new Set(), minutes: 0, interactive: false, billed: [], evidenceMinutes: 0, after: null, notes: [] }]));
  if (cycles.length === 0) return out;
  type Row = {
    cycle_id: string; id: string; type: RtmEvent["type"] | "BILLED"; at: Date | string; minutes: number | null; pit: string | null; day: string;
    b_code: RtmCode | null; b_start: string | null; b_end: string | null; b_by: string | null; b_episode?: string | null;
    live_method: "PHONE" | "VIDEO" | null; live_two_way: boolean | null; source: "TIMED" | "TYPED" | null; attempt: boolean | null;
    practitioner: { id: string; firstName: string; lastName: string; npi: string | null; credential: Credential | null } | null;
    ev_self: boolean | null; after_bill: AfterBillRaw | null;
  };
  const rows = await db.query<Row>(
    `WITH c AS (
       SELECT x.cycle_id, x.patient_id, x.code, x.d0, x.d1, x.tz,
              (x.d0::timestamp AT TIME ZONE x.tz) AS t0, ((x.d1 + 1)::timestamp AT TIME ZONE x.tz) AS t1
         FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::date[], $5::text[], $6::text[]) AS x(cycle_id, patient_id, d0, d1, tz, code)
     )
     SELECT c.cycle_id, hs.id, CASE WHEN hs.is_self_reported THEN 'SELF_REPORTED_HEP_SESSION' ELSE 'HEP_SESSION' END AS type,
            hs.date AS at, NULL::int AS minutes, NULL::text AS pit, (hs.date AT TIME ZONE c.tz)::date::text AS day,
            NULL::text AS b_code, NULL::text AS b_start, NULL::text AS b_end, NULL::text AS b_by, NULL::text AS live_method, NULL::boolean AS live_two_way,
            NULL::text AS source, NULL::boolean AS attempt, NULL::json AS practitioner, NULL::boolean AS ev_self, NULL::json AS after_bill, NULL::text AS b_episode
       FROM c JOIN health_sessions hs ON hs.patient_record_id = c.patient_id AND hs.date >= c.t0 AND hs.date < c.t1
     UNION ALL
     SELECT c.cycle_id, pa.id, 'PRO_RESPONSE', pa.date_time, NULL, NULL, (pa.date_time AT TIME ZONE c.tz)::date::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM c JOIN pro_questions pq ON pq.patient_record_id = c.patient_id
              JOIN pro_answers pa ON pa.pro_question_id = pq.id AND pa.date_time >= c.t0 AND pa.date_time < c.t1
     UNION ALL
     SELECT c.cycle_id, i.id, 'PATIENT_INTERACTION', (i.date::timestamp AT TIME ZONE c.tz), i.minutes, i.interaction_type, i.date::text, NULL, NULL, NULL, NULL,
            i.live_method, i.live_two_way, i.source, i.unsuccessful_attempt,
            (SELECT json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'npi', p.npi, 'credential', p.credential) FROM practitioners p WHERE p.id = i.practitioner_id),
            EXISTS (SELECT 1 FROM rtm_cycle_evidence e WHERE e.cycle_id = c.cycle_id AND e.interaction_id = i.id), ${afterBillSql("i", "c.tz")}, NULL
       FROM c JOIN interactions i ON i.patient_record_id = c.patient_id AND i.date >= c.d0 AND i.date <= c.d1
     UNION ALL
     SELECT c.cycle_id, ha.id, 'INITIAL_HEP_ASSIGNMENT', ha.assigned_at, NULL, NULL, (ha.assigned_at AT TIME ZONE c.tz)::date::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM c JOIN LATERAL (SELECT a.id, a.assigned_at FROM hep_assignments a WHERE a.patient_record_id = c.patient_id
                             ORDER BY a.assigned_at, a.id LIMIT 1) ha ON ha.assigned_at >= c.t0 AND ha.assigned_at < c.t1
     UNION ALL
     SELECT c.cycle_id, b.id, 'BILLED', coalesce(b.billed_at, b.updated_at), NULL, NULL, (coalesce(b.billed_at, b.updated_at) AT TIME ZONE c.tz)::date::text,
            b.code, b.start_date::text, b.end_date::text, b.rendering_practitioner_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, b.episode_start::text
       FROM c JOIN rtm_cycles b ON b.patient_record_id = c.patient_id AND b.status = 'BILLED' AND b.id <> c.cycle_id
     ORDER BY 1, 4, 2`,
    [cycles.map((c) => c.id), cycles.map((c) => c.patient_record_id), cycles.map((c) => c.start_date), cycles.map((c) => c.end_date), cycles.map((c) => c.timezone), cycles.map((c) => c.code)],
  );
  for (const r of rows) {
    const a = out.get(r.cycle_id)!;
    if (r.type === "BILLED") {
      a.billed.push({ code: BILLING_CODE[r.b_code!], start: r.b_start!, end: r.b_end!, episode: r.b_episode ?? null, practitionerId: r.b_by, billedOn: r.day });
      continue;
    }
    const interactive = r.pit === "PATIENT_INTERACTIVE_COMMUNICATION";
    const note = r.type === "PATIENT_INTERACTION";
    const liveInteraction = note && r.live_method !== null ? { method: r.live_method, twoWay: r.live_two_way === true } : null;
    a.events.push({
      id: r.id,
      type: r.type,
      dateTime: new Date(r.at).toISOString(),
      minutes: note ? Math.max(0, Number(r.minutes ?? 0)) : null,
      patientInteractionType: interactive ? "PATIENT_INTERACTIVE_COMMUNICATION" : null,
      // The care note's facts, as the note reports them (the audit packet's evidence, ADR 033); an attempt is listed, flagged.
      source: note ? (r.source === "TIMED" ? "TIMED" : "TYPED") : null,
      liveInteraction,
      unsuccessfulAttempt: note && r.attempt === true,
      practitioner: note ? r.practitioner : null,
      afterBill: note && r.after_bill !== null,
    });
    if (r.type === "HEP_SESSION" || r.type === "SELF_REPORTED_HEP_SESSION" || r.type === "PRO_RESPONSE") a.activeDays.add(r.day);
    if (note) {
      // What a note counts for is the rules module's: an unsuccessful attempt counts for nothing (no minutes, never the live interaction).
      const entry = { minutes: Number(r.minutes ?? 0), liveInteraction, unsuccessfulAttempt: r.attempt === true };
      a.minutes += countedMinutes(entry);
      if (isLiveInteraction(entry)) a.interactive = true;
      a.notes.push(entry);
      if (r.ev_self) a.evidenceMinutes += countedMinutes(entry);
      if (r.after_bill) {
        const prev = a.after;
        a.after = { minutes: (prev?.minutes ?? 0) + countedMinutes(entry), bill: prev && prev.bill.on > r.after_bill.on ? prev.bill : r.after_bill };
      }
    }
  }
  return out;
}

/** Calendar days left in the cycle, today included (0 once it has ended). */
export function remainingDays(c: Pick<CycleRow, "start_date" | "end_date" | "today">): number {
  return daysLeft(c.start_date, c.end_date, c.today);
}

/** What the rules (rules.ts) take, from a cycle row and its activity. */
export function factsOf(r: Pick<CycleRow, "code" | "start_date" | "end_date" | "today" | "episode_start">, a: CycleActivity | undefined): CycleFacts {
  return {
    episode: r.episode_start ?? null,
    code: r.code,
    startDate: r.start_date,
    endDate: r.end_date,
    today: r.today,
    activeDays: a?.activeDays.size ?? 0,
    activeToday: a?.activeDays.has(r.today) ?? false,
    minutes: a?.minutes ?? 0,
    interactive: a?.interactive ?? false,
    billed: a?.billed ?? [],
  };
}

/** The status a cycle that is not BILLED has by the rules (rules.ts) from its activity. */
export function derivedStatus(r: Pick<CycleRow, "code" | "start_date" | "end_date" | "today">, a: CycleActivity | undefined): Exclude<RtmStatus, "BILLED"> {
  return evaluateCycle(factsOf(r, a)).status;
}

/**
 * Codes that repeat while the patient is in care — the device codes every 30 days, care management every calendar
 * month (ADR 033); the set-up is once, 98981 opens on minutes.
 */
const MANAGEMENT: ReadonlySet<RtmCode> = new Set(["BRIEF_PATIENT_INTERACTION", "PATIENT_INTERACTION", "ADDITIONAL_PATIENT_INTERACTION"]);

export const RECURRING: ReadonlySet<RtmCode> = new Set(["DEVICE_AND_DATA_TRANSMISSION", "SHORT_DEVICE_AND_DATA_TRANSMISSION", "BRIEF_PATIENT_INTERACTION", "PATIENT_INTERACTION"]);

/**
 * next_check_on (migration 090) of a running cycle with this status: the day an IN_PROGRESS cycle changes with
 * the date alone (rules' recheckOn), else the day after the end of a recurring code (its next cycle opens).
 * Null for an ended cycle: the daily pass settles it once and clears the day.
 */
export function nextCheckOn(r: Pick<CycleRow, "code" | "end_date" | "today">, status: RtmStatus, recheckOn: string | null): string | null {
  if (r.today > r.end_date) return null;
  if (status === "IN_PROGRESS") return recheckOn;
  return RECURRING.has(r.code) ? addDays(r.end_date, 1) : null;
}

/** What a claim line names besides the code (issue 32, ADR 044): who it is billed under, who marked it billed and when. */
export interface CycleClaim {
  renderingPractitioner: RtmCycle["renderingPractitioner"];
  billedAt: string | null;
  billedBy: RtmCycle["billedBy"];
}

const NO_CLAIM: CycleClaim = { renderingPractitioner: null, billedAt: null, billedBy: null };

/**
 * The cycles' claim facts, one query: a BILLED cycle's rendering practitioner as recorded when it was billed, any
 * other's the patient's billing practitioner now (the one chosen, else the primary provider).
 */
export async function loadClaims(db: Db, ids: string[]): Promise<Map<string, CycleClaim>> {
  if (ids.length === 0) return new Map();
  const person = (p: string) => `json_build_object('id', ${p}.id, 'firstName', ${p}.first_name, 'lastName', ${p}.last_name, 'npi', ${p}.npi, 'credential', ${p}.credential)`;
  const rows = await db.query<{ id: string; rendering: CycleClaim["renderingPractitioner"]; billed_at: Date | string | null; billed_by: CycleClaim["billedBy"] }>(
    `SELECT c.id, c.billed_at,
            (SELECT ${person("rp")} FROM practitioners rp
              WHERE rp.id = CASE WHEN c.status = 'BILLED' THEN c.rendering_practitioner_id ELSE coalesce(pr.rtm_billing_practitioner_id, pr.practitioner_id) END) AS rendering,
            (SELECT json_build_object('id', bp.id, 'firstName', bp.first_name, 'lastName', bp.last_name) FROM practitioners bp
              WHERE bp.id = c.billed_by AND c.status = 'BILLED') AS billed_by
       FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { renderingPractitioner: r.rendering, billedBy: r.billed_by, billedAt: r.billed_at === null ? null : new Date(r.billed_at).toISOString() }]));
}

/** The claim line's modifiers (rtm-claim.ts): GP; CQ when PTAs wrote more than 10 % of a care-management code's counted minutes. */
function modifiersOf(code: RtmCode, a: CycleActivity | undefined): RtmCycle["modifiers"] {
  const entries = (a?.events ?? [])
    .filter((e) => e.type === "PATIENT_INTERACTION" && !e.unsuccessfulAttempt)
    .map((e) => ({ minutes: e.minutes ?? 0, credential: e.practitioner?.credential ?? null }));
  return claimModifiers(BILLING[code].billingCode, { entries });
}

export function toRtmCycle(r: CycleRow, a: CycleActivity | undefined, claim: CycleClaim = NO_CLAIM): RtmCycle {
  // needs follows the rules; a cycle that is READY_TO_BILL or BILLED needs nothing (whatever brought it there).
  const v = evaluateCycle(factsOf(r, a));
  const needs = r.status === "READY_TO_BILL" || r.status === "BILLED" ? null : v.needs;
  // A billed care-management cycle reports what it was billed on; time documented after the bill apart (ADR 043).
  const billedCare = r.status === "BILLED" && MANAGEMENT.has(r.code);
  const afterBill =
    billedCare && a?.after
      ? { minutes: a.after.minutes, codes: afterBillCodes(a.after.bill), billedOn: a.after.bill.on, wouldReach: wouldReach(afterBillCodes(a.after.bill), careFacts(a.notes)) }
      : null;
  return {
    id: r.id,
    code: r.code,
    billingCode: BILLING[r.code].billingCode,
    status: r.status,
    startDate: r.start_date,
    endDate: r.end_date,
    numActiveDays: a?.activeDays.size ?? 0,
    numRequiredDays: requiredDaysOf(r.code, r.num_required_days),
    numRemainingDays: remainingDays(r),
    interactionMinutes: billedCare ? (a?.evidenceMinutes ?? 0) : (a?.minutes ?? 0),
    events: a?.events ?? [],
    needs,
    units: v.units,
    liveInteraction: a?.interactive ?? false,
    projection: r.status === "BILLED" ? null : v.projection,
    billNow: r.status === "IN_PROGRESS" ? v.billNow : null,
    afterBill,
    patientRecord: { id: r.patient_record_id, firstName: r.first_name, lastName: r.last_name },
    episodeStart: r.episode_first_day ?? r.start_date,
    pdfKey: r.pdf_key,
    renderingPractitioner: claim.renderingPractitioner,
    billedAt: r.status === "BILLED" ? claim.billedAt : null,
    billedBy: claim.billedBy,
    modifiers: modifiersOf(r.code, a),
  };
}

/** Maps rows (in order) to cycles with their computed activity. */
export async function toRtmCycles(db: Db, rows: CycleRow[]): Promise<RtmCycle[]> {
  const activity = await loadActivity(db, rows);
  const claims = await loadClaims(db, rows.map((r) => r.id));
  return rows.map((r) => toRtmCycle(r, activity.get(r.id), claims.get(r.id)));
}

interface CycleWrite {
  id: string;
  /** The new status (never written over BILLED); null keeps it. */
  status: RtmStatus | null;
  nextCheckOn: string | null;
}

/** Writes statuses and next_check_on in one statement; a BILLED cycle keeps its status (ADVANCE may have won). */
async function writeCycles(db: Db, writes: CycleWrite[]): Promise<void> {
  if (writes.length === 0) return;
  await db.query(
    `UPDATE rtm_cycles c SET status = CASE WHEN c.status = 'BILLED' OR x.status IS NULL THEN c.status ELSE x.status END,
            next_check_on = x.check_on, updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::date[]) AS x(id, status, check_on)
      WHERE c.id = x.id`,
    [writes.map((w) => w.id), writes.map((w) => w.status), writes.map((w) => w.nextCheckOn)],
  );
}

/**
 * Re-derives, by the rules, the statuses of these cycles that are not BILLED from their events (one activity
 * query) and writes those that changed (one statement; nothing when none did). A running cycle's
 * next_check_on follows its new status; an ended cycle's is kept (the daily pass still has to settle it).
 * Answers the ids whose status changed.
 */
export async function rederiveCycles(db: Db, rows: CycleRow[]): Promise<string[]> {
  const open = rows.filter((r) => r.status !== "BILLED");
  if (open.length === 0) return [];
  const activity = await loadActivity(db, open);
  const writes: CycleWrite[] = [];
  const changed: string[] = [];
  for (const r of open) {
    const v = evaluateCycle(factsOf(r, activity.get(r.id)));
    const check = r.today > r.end_date ? r.next_check_on : nextCheckOn(r, v.status, v.recheckOn);
    if (v.status === r.status && check === r.next_check_on) continue;
    if (v.status !== r.status) changed.push(r.id);
    writes.push({ id: r.id, status: v.status, nextCheckOn: check });
  }
  await writeCycles(db, writes);
  return changed;
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
 * cycles settled for today first (settleCycles). Usually no extra query at all: when the version read with the
 * page and today's date match the last check that found nothing to do, the page stands. Otherwise the (cheap)
 * lookup runs; the page is read again only if it settled something or something was written meanwhile.
 */
export async function readSettled<T extends { sv: string | null }>(db: Db, organizationId: string, today: string | undefined, read: () => Promise<T[]>): Promise<T[]> {
  today ??= await orgToday(db, organizationId);
  let settledAt = settledAtByDb.get(db);
  if (!settledAt) settledAtByDb.set(db, (settledAt = new Map()));
  const rows = await read();
  const sv = rows[0]?.sv ?? null;
  if (sv !== null && settledAt.get(organizationId) === `${today}|${sv}`) return rows;
  const { settled, version } = await settleCycles(db, organizationId, today);
  if (!settled && sv !== null && version === sv) {
    settledAt.set(organizationId, `${today}|${sv}`);
    return rows;
  }
  return read();
}

/**
 * The daily pass of an organization (once per day and version of SETTLE_TABLES, through readSettled): the
 * cycles whose next_check_on has come (migration 090) — running IN_PROGRESS cycles that can no longer reach
 * their active days with today's date, and cycles that ended — plus cycles that ended IN_PROGRESS without a
 * next_check_on (written before it existed). Running ones are re-derived by the rules; ended ones get their
 * final status by the rules (BILLED stays) and, for a recurring code of a patient still in care (Health, not
 * discharged, not hidden), the next cycles back to back up to the one running today. Cheap when nothing is
 * due (every list call but the first after the day moved on or a write): two index lookups bounded by the
 * organization's today that find nothing; nothing is written. Answers whether it wrote anything and, when not,
 * the version of SETTLE_TABLES read with the lookup.
 */
export async function settleCycles(db: Db, organizationId: string, today?: string): Promise<{ settled: boolean; version: string | null }> {
  // `today` is the organization's today (the caller's, read with it); as a value it bounds the index scans.
  today ??= await orgToday(db, organizationId);
  if (!today) return { settled: false, version: null };
  const DUE = `c.next_check_on <= $2::date AND pr.organization_id = $1`;
  const ENDED = `c.status = 'IN_PROGRESS' AND c.end_date < $2::date AND c.next_check_on IS NULL AND pr.organization_id = $1`;
  // Ordered by the indexed date so the plan reads the index and stops at the first row (as EXISTS, the planner
  // may scan the table: it cannot know that so few rows are due).
  const check = await db.one<{ due: number | null; ended: number | null; v: string | null }>(
    `SELECT (SELECT 1 FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id WHERE ${DUE} ORDER BY c.next_check_on LIMIT 1) AS due,
            (SELECT 1 FROM rtm_cycles c JOIN patient_records pr ON pr.id = c.patient_record_id WHERE ${ENDED} ORDER BY c.end_date LIMIT 1) AS ended,
            ${SETTLE_VERSION_SQL} AS v`,
    [organizationId, today],
  );
  if (!check?.due && !check?.ended) return { settled: false, version: check?.v ?? null };
  await db.tx(async (tx) => {
    const rows = await tx.query<CycleRow & { in_care: boolean; has_next: boolean }>(
      `SELECT ${CYCLE_COLUMNS},
              ('HEALTH' = ANY(pr.products) AND NOT pr.hidden AND (pr.discharge_date IS NULL OR pr.discharge_date >= (now() AT TIME ZONE o.timezone)::date)) AS in_care,
              EXISTS (SELECT 1 FROM rtm_cycles n WHERE n.patient_record_id = c.patient_record_id AND n.code = c.code AND n.start_date > c.end_date) AS has_next
         FROM ${CYCLE_FROM}
        WHERE (${DUE}) OR (${ENDED})`,
      [organizationId, today],
    );
    if (rows.length === 0) return;
    const activity = await loadActivity(tx, rows);
    const writes: CycleWrite[] = [];
    const next: CycleRow[] = [];
    for (const c of rows) {
      const v = evaluateCycle(factsOf(c, activity.get(c.id)));
      const status = c.status === "BILLED" ? null : v.status;
      writes.push({ id: c.id, status, nextCheckOn: nextCheckOn(c, status ?? c.status, v.recheckOn) });
      if (c.today <= c.end_date || !c.in_care || c.has_next || !RECURRING.has(c.code)) continue;
      // Next cycles of the same code, back to back (30 days, or calendar months), until the one that covers today.
      for (let p = nextPeriod(c.code, c.end_date); p.start <= c.today; p = nextPeriod(c.code, p.end)) {
        next.push({ ...c, id: "", start_date: p.start, end_date: p.end, status: "IN_PROGRESS", pdf_key: null, next_check_on: null });
      }
    }
    // One statement for all of them; the id is derived from (patient, code, start) so a concurrent pass adds none twice.
    const inserted = next.length === 0 ? [] : await tx.query<{ id: string; patient_record_id: string; code: RtmCode; start_date: string }>(
      `INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date, num_required_days, episode_start)
       SELECT md5(x.p::text || x.code || x.d0::text)::uuid, x.p, x.code, 'IN_PROGRESS', x.d0, x.d1, x.req, x.ep
         FROM unnest($1::uuid[], $2::text[], $3::date[], $4::date[], $5::int[], $6::date[]) AS x(p, code, d0, d1, req, ep)
       ON CONFLICT (id) DO NOTHING RETURNING id, patient_record_id, code, start_date::text AS start_date`,
      // The next period belongs to its predecessor's episode of care (ADR 049).
      [next.map((n) => n.patient_record_id), next.map((n) => n.code), next.map((n) => n.start_date), next.map((n) => n.end_date), next.map((n) => n.num_required_days), next.map((n) => n.episode_start ?? null)],
    );
    const key = (r: { patient_record_id: string; code: string; start_date: string }) => `${r.patient_record_id}|${r.code}|${r.start_date}`;
    const ids = new Map(inserted.map((r) => [key(r), r.id]));
    const created = next.filter((n) => ids.has(key(n))).map((n) => ({ ...n, id: ids.get(key(n))! }));
    await writeCycles(tx, writes);
    // The new cycles' statuses and days by the rules (they may already hold events).
    const act = await loadActivity(tx, created);
    await writeCycles(
      tx,
      created.map((n) => {
        const v = evaluateCycle(factsOf(n, act.get(n.id)));
        return { id: n.id, status: v.status, nextCheckOn: nextCheckOn(n, v.status, v.recheckOn) };
      }),
    );
    await refreshSummaries(tx, [...new Set(rows.map((c) => c.patient_record_id))]);
  });
  return { settled: true, version: null };
}
