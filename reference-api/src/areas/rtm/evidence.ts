/**
 * The evidence of a billed care-management code (ADR 043, migration 150): the care notes a 98979, 98980 or 98981
 * cycle was billed on. ADVANCE records them, REVERT drops them. Only they are frozen; a note dated in a billed
 * month that is not its evidence was documented after the bill (it never blocks documentation).
 */
import type { Db } from "../../db/db.js";
import { BILLING_CODE, type RtmCode } from "./rules.js";
import { billedLabel, careFacts, wouldReach, type RtmBillingCode } from "../../../../app/domain/rtm-2026.js";

export const MANAGEMENT_CODES_SQL = "('BRIEF_PATIENT_INTERACTION', 'PATIENT_INTERACTION', 'ADDITIONAL_PATIENT_INTERACTION')";

/** SQL: the care note `note` (an `interactions` alias) is the evidence of a billed code, so it is frozen. */
export const frozenSql = (note: string) =>
  `EXISTS (SELECT 1 FROM rtm_cycle_evidence e_ JOIN rtm_cycles eb_ ON eb_.id = e_.cycle_id AND eb_.status = 'BILLED' WHERE e_.interaction_id = ${note}.id)`;

/**
 * SQL: for a note `note` documented after its month's care-management bill (dated in a BILLED 98979–98981 cycle
 * whose evidence it is not), json `{ codes: [cycle codes], on: 'YYYY-MM-DD' }` (the latest bill's day in `tz`);
 * else null.
 */
export const afterBillSql = (note: string, tz: string) => `(CASE WHEN NOT ${frozenSql(note)} THEN (
    SELECT json_build_object('codes', json_agg(ab_.code ORDER BY ab_.code), 'on', max((coalesce(ab_.billed_at, ab_.updated_at) AT TIME ZONE ${tz})::date)::text)
      FROM rtm_cycles ab_ WHERE ab_.patient_record_id = ${note}.patient_record_id AND ab_.status = 'BILLED' AND ab_.code IN ${MANAGEMENT_CODES_SQL}
       AND ${note}.date BETWEEN ab_.start_date AND ab_.end_date
    HAVING count(*) > 0) END)`;

export interface AfterBillRaw {
  codes: RtmCode[];
  on: string;
}

/** The billing codes of an after-bill json (`afterBillSql`). */
export const afterBillCodes = (a: AfterBillRaw) => [...new Set(a.codes.map((c) => BILLING_CODE[c]))].sort() as ("98979" | "98980" | "98981")[];

/** Records the notes dated in these (just billed) care-management cycles as their evidence. */
export async function recordEvidence(db: Db, cycleIds: string[]): Promise<void> {
  if (cycleIds.length === 0) return;
  await db.query(
    `INSERT INTO rtm_cycle_evidence (cycle_id, interaction_id)
     SELECT c.id, i.id FROM rtm_cycles c JOIN interactions i ON i.patient_record_id = c.patient_record_id AND i.date BETWEEN c.start_date AND c.end_date
      WHERE c.id = ANY($1::uuid[]) AND c.status = 'BILLED' AND c.code IN ${MANAGEMENT_CODES_SQL}
     ON CONFLICT DO NOTHING`,
    [cycleIds],
  );
}

/** Drops a reverted cycle's evidence: its notes are no longer frozen by it. */
export async function dropEvidence(db: Db, cycleId: string): Promise<void> {
  await db.query("DELETE FROM rtm_cycle_evidence WHERE cycle_id = $1", [cycleId]);
}

/**
 * What each month (YYYY-MM) of a patient would reach if its after-bill time counted (`wouldReach`), given what was
 * billed in it: one query for the months asked.
 */
export async function monthsWouldReach(db: Db, patientId: string, months: Map<string, RtmBillingCode[]>): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (months.size === 0) return out;
  const rows = await db.query<{ m: string; minutes: number; live_method: string | null; live_two_way: boolean | null; unsuccessful_attempt: boolean }>(
    `SELECT to_char(i.date, 'YYYY-MM') AS m, i.minutes, i.live_method, i.live_two_way, i.unsuccessful_attempt FROM interactions i
      WHERE i.patient_record_id = $1 AND to_char(i.date, 'YYYY-MM') = ANY($2::text[])`,
    [patientId, [...months.keys()]],
  );
  for (const [m, billed] of months) {
    const notes = rows
      .filter((r) => r.m === m)
      .map((r) => ({ minutes: Number(r.minutes), liveInteraction: r.live_method ? { method: r.live_method, twoWay: r.live_two_way === true } : null, unsuccessfulAttempt: r.unsuccessful_attempt }));
    out.set(m, wouldReach(billed, careFacts(notes)));
  }
  return out;
}

export { billedLabel };
