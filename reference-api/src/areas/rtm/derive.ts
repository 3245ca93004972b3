/**
 * Statuses follow the events at once (ADR 008): the hooks other areas call in the transaction of a write that
 * changes what a patient's cycles hold — a care note created, changed or deleted (patients area), the first
 * program of a patient (programs area: the episode of care opens) — and ADVANCE/REVERT of a set-up cycle
 * (98975 once per episode). Each re-derives only the cycles concerned, by the rules (rules.ts), and refreshes
 * the patient's monthly summaries when a status changed.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/db.js";
import { CYCLE_COLUMNS, CYCLE_FROM, rederiveCycles, refreshSummaries, type CycleRow, type RtmCode } from "./cycles.js";
import { addDays, CARE_MINUTES, firstPeriod, isDeviceCode, REQUIRED_DAYS } from "./rules.js";

/**
 * Serializes the writes that read and then change a patient's cycles or what they hold (care notes against a
 * concurrent ADVANCE of the cycle that would lock them, two first programs, two ADVANCEs of set-ups): a row lock
 * on the patient record until the transaction ends. A lock only: no write, so no table version moves.
 */
export async function lockPatientCycles(tx: Db, patientId: string): Promise<void> {
  await tx.query("SELECT 1 FROM patient_records WHERE id = $1 FOR UPDATE", [patientId]);
}

/**
 * After a care note of the patient was created, changed (date, minutes, interaction or attempt) or deleted: opens
 * the additional care-management cycle (98981) of a period whose 98980 cycle now holds more than 20 minutes,
 * closes (deletes) a 98981 cycle not billed whose period fell back to 20 minutes or less (it exists only above
 * 20), and re-derives the patient's not-BILLED cycles holding any of `dates` (the note's old and new date).
 */
export async function careNotesChanged(tx: Db, patientId: string, dates: string[]): Promise<void> {
  const days = [...new Set(dates)];
  const holding = "c.patient_record_id = $1 AND EXISTS (SELECT 1 FROM unnest($2::date[]) AS d(day) WHERE d.day BETWEEN c.start_date AND c.end_date)";
  // The minutes that count (rtm-2026.ts countedMinutes): an unsuccessful attempt's count for nothing.
  const periodMinutes = `(SELECT coalesce(sum(greatest(i.minutes, 0)), 0) FROM interactions i
    WHERE i.patient_record_id = c.patient_record_id AND i.date BETWEEN c.start_date AND c.end_date AND NOT i.unsuccessful_attempt)`;
  // Read first, write only when needed: a statement that writes nothing still moves the table's version.
  const closing = await tx.query<{ id: string }>(
    `SELECT c.id FROM rtm_cycles c WHERE ${holding} AND c.code = 'ADDITIONAL_PATIENT_INTERACTION' AND c.status <> 'BILLED' AND ${periodMinutes} <= ${CARE_MINUTES}`,
    [patientId, days],
  );
  if (closing.length > 0) await tx.query("DELETE FROM rtm_cycles WHERE id = ANY($1::uuid[]) AND status <> 'BILLED'", [closing.map((c) => c.id)]);
  // 98981: the same dates as the period's 98980 cycle, once its minutes pass 20 (none yet over those dates).
  const periods = await tx.query<{ start_date: string; end_date: string; num_required_days: number; episode_start: string | null }>(
    `SELECT c.start_date::text AS start_date, c.end_date::text AS end_date, c.num_required_days, c.episode_start::text AS episode_start FROM rtm_cycles c
      WHERE ${holding} AND c.code = 'PATIENT_INTERACTION' AND ${periodMinutes} > ${CARE_MINUTES}
        AND NOT EXISTS (SELECT 1 FROM rtm_cycles a WHERE a.patient_record_id = c.patient_record_id AND a.code = 'ADDITIONAL_PATIENT_INTERACTION'
                         AND a.start_date <= c.end_date AND a.end_date >= c.start_date)`,
    [patientId, days],
  );
  if (periods.length > 0) {
    await tx.query(
      `INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date, num_required_days, episode_start)
       SELECT x.id, $1, 'ADDITIONAL_PATIENT_INTERACTION', 'IN_PROGRESS', x.d0, x.d1, x.req, x.ep
         FROM unnest($2::uuid[], $3::date[], $4::date[], $5::int[], $6::date[]) AS x(id, d0, d1, req, ep)`,
      [patientId, periods.map(() => randomUUID()), periods.map((p) => p.start_date), periods.map((p) => p.end_date), periods.map((p) => p.num_required_days), periods.map((p) => p.episode_start)],
    );
  }
  const rows = await tx.query<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM} WHERE ${holding} AND c.status <> 'BILLED'`, [patientId, days]);
  const changed = await rederiveCycles(tx, rows);
  if (closing.length > 0 || periods.length > 0 || changed.length > 0) await refreshSummaries(tx, [patientId]);
}

/** The codes an episode of care opens with (98981 opens later, on minutes). */
const EPISODE_CODES: readonly RtmCode[] = ["PATIENT_SETUP", "DEVICE_AND_DATA_TRANSMISSION", "SHORT_DEVICE_AND_DATA_TRANSMISSION", "BRIEF_PATIENT_INTERACTION", "PATIENT_INTERACTION"];

/**
 * The episode of care starts with the patient's first program: when the patient has no cycle yet, opens the
 * set-up (98975) and device-supply (98977, 98985) cycles of the first 30-day interval from `today` (the
 * organization's), and the care-management cycles (98979, 98980) for the rest of the calendar month (ADR 033),
 * IN_PROGRESS by the rules, and the monthly summaries. Answers whether it opened them.
 */
export async function openEpisode(tx: Db, patientId: string, today: string): Promise<boolean> {
  await lockPatientCycles(tx, patientId);
  if (await tx.one("SELECT 1 FROM rtm_cycles WHERE patient_record_id = $1 LIMIT 1", [patientId])) return false;
  const ids = EPISODE_CODES.map(() => randomUUID());
  const periods = EPISODE_CODES.map((code) => firstPeriod(code, today));
  await tx.query(
    `INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date, num_required_days)
     SELECT x.id, $2, x.code, 'IN_PROGRESS', x.d0, x.d1, $3 FROM unnest($1::uuid[], $4::text[], $5::date[], $6::date[]) AS x(id, code, d0, d1)`,
    [ids, patientId, REQUIRED_DAYS, EPISODE_CODES, periods.map((p) => p.start), periods.map((p) => p.end)],
  );
  await rederiveCycles(tx, await tx.query<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM} WHERE c.id = ANY($1::uuid[])`, [ids]));
  await refreshSummaries(tx, [patientId]);
  return true;
}

/**
 * A new plan of care after a discharge starts a new episode of care (issue 32, ADR 049) for a patient who had one
 * (the first program opens the first, openEpisode): from `start`, the new plan's first day, a new set-up (98975: once
 * per episode, so billable again), the device intervals (98977, 98985) — from `start`, or the day after the
 * patient's last interval when that one still runs then (a device's 30 days are billed once) — and the
 * care-management months (98979, 98980) unless the patient's cycles already cover that month (a calendar month is
 * one whatever the episode). Each cycle records the episode (`episode_start`, migration 154); the daily pass
 * carries it to the next periods. Answers whether it opened an episode.
 */
export async function openReadmission(tx: Db, patientId: string, start: string): Promise<boolean> {
  await lockPatientCycles(tx, patientId);
  const last = await tx.query<{ code: RtmCode; end_date: string }>(
    "SELECT code, max(end_date)::text AS end_date FROM rtm_cycles WHERE patient_record_id = $1 GROUP BY code",
    [patientId],
  );
  if (last.length === 0) return false;
  const lastEnd = new Map(last.map((r) => [r.code, r.end_date]));
  const opened: { code: RtmCode; start: string; end: string }[] = [];
  for (const code of EPISODE_CODES) {
    const end = lastEnd.get(code);
    if (code === "PATIENT_SETUP" || end === undefined || end < start) opened.push({ code, ...firstPeriod(code, start) });
    else if (isDeviceCode(code)) opened.push({ code, ...firstPeriod(code, addDays(end, 1)) });
  }
  const ids = opened.map(() => randomUUID());
  await tx.query(
    // Due for the daily pass from the start (next_check_on, migration 090): a plan back-dated past a period's end
    // settles that period and opens the next ones up to today (a running one's day is the rules', rederiveCycles).
    `INSERT INTO rtm_cycles (id, patient_record_id, code, status, start_date, end_date, num_required_days, episode_start, next_check_on)
     SELECT x.id, $2, x.code, 'IN_PROGRESS', x.d0, x.d1, $3, $7, $7 FROM unnest($1::uuid[], $4::text[], $5::date[], $6::date[]) AS x(id, code, d0, d1)`,
    [ids, patientId, REQUIRED_DAYS, opened.map((o) => o.code), opened.map((o) => o.start), opened.map((o) => o.end), start],
  );
  await rederiveCycles(tx, await tx.query<CycleRow>(`SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM} WHERE c.id = ANY($1::uuid[])`, [ids]));
  await refreshSummaries(tx, [patientId]);
  return true;
}

/**
 * After a cycle of the patient was billed or reverted: the patient's other cycles not BILLED that it can
 * conflict with are re-derived (ADR 033 — the other device-supply code of the interval, the other care-management
 * base code of the month, device supply within 30 days, 98975 once per episode): refused while it is billed,
 * billable again after its REVERT.
 */
export async function billingChanged(tx: Db, patientId: string, cycleId: string): Promise<void> {
  const others = await tx.query<CycleRow>(
    `SELECT ${CYCLE_COLUMNS} FROM ${CYCLE_FROM}, rtm_cycles b
      WHERE b.id = $2 AND c.patient_record_id = $1 AND c.id <> $2 AND c.status <> 'BILLED'
        AND (c.code = 'PATIENT_SETUP' OR (c.start_date <= b.end_date + 30 AND b.start_date <= c.end_date + 30))`,
    [patientId, cycleId],
  );
  await rederiveCycles(tx, others);
}
