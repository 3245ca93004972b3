import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";

export type CareNote = Schema<"CareNote">;

/**
 * The RTM cycle status of a patient's date: the status of the cycle whose [start_date, end_date] holds it.
 * Several cycles (codes) can hold a date; BILLED wins (it locks the note), then the care-management codes, the
 * one ready to bill first (98979 or 98980 of one month, ADR 033: at most one of them is).
 */
export const cycleStatusSql = (patientExpr: string, dateExpr: string) => `(SELECT c_.status FROM rtm_cycles c_
  WHERE c_.patient_record_id = ${patientExpr} AND ${dateExpr} BETWEEN c_.start_date AND c_.end_date
  ORDER BY (c_.status = 'BILLED') DESC, (c_.code IN ('BRIEF_PATIENT_INTERACTION', 'PATIENT_INTERACTION', 'ADDITIONAL_PATIENT_INTERACTION')) DESC,
    (c_.status = 'READY_TO_BILL') DESC, c_.start_date DESC, c_.id
  LIMIT 1)`;

interface CareNoteRow {
  id: string;
  date: string;
  minutes: number;
  notes: string;
  interaction_type: string | null;
  is_patient_interaction: boolean;
  rtm_cycle_status: string | null;
  practitioner: { id: string; firstName: string; lastName: string } | null;
  source: string;
}

const careNoteSelect = `i.id, i.date::text AS date, i.minutes, i.notes, i.interaction_type, i.is_patient_interaction, i.source,
  ${cycleStatusSql("i.patient_record_id", "i.date")} AS rtm_cycle_status,
  (SELECT json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name) FROM practitioners p WHERE p.id = i.practitioner_id) AS practitioner`;

const STATUSES = new Set(["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "BILLED"]);

function toCareNote(r: CareNoteRow): CareNote {
  return {
    id: r.id,
    date: r.date,
    minutes: Number(r.minutes),
    notes: r.notes,
    interactionType: r.interaction_type === "PATIENT_INTERACTIVE_COMMUNICATION" ? "PATIENT_INTERACTIVE_COMMUNICATION" : null,
    isPatientInteraction: r.is_patient_interaction,
    rtmCycleStatus: r.rtm_cycle_status && STATUSES.has(r.rtm_cycle_status) ? (r.rtm_cycle_status as CareNote["rtmCycleStatus"]) : null,
    practitioner: r.practitioner,
    source: r.source === "TIMED" ? "TIMED" : "TYPED",
  };
}

export async function listCareNotesOf(db: Db, patientId: string, start?: string, end?: string): Promise<CareNote[]> {
  const rows = await db.query<CareNoteRow>(
    `SELECT ${careNoteSelect} FROM interactions i
      WHERE i.patient_record_id = $1 AND ($2::date IS NULL OR i.date >= $2::date) AND ($3::date IS NULL OR i.date <= $3::date)
      ORDER BY i.date DESC, i.created_at DESC, i.id`,
    [patientId, start ?? null, end ?? null],
  );
  return rows.map(toCareNote);
}

export async function getCareNote(db: Db, patientId: string, noteId: string): Promise<CareNote | undefined> {
  const row = await db.one<CareNoteRow>(`SELECT ${careNoteSelect} FROM interactions i WHERE i.id = $1 AND i.patient_record_id = $2`, [noteId, patientId]);
  return row ? toCareNote(row) : undefined;
}

export async function cycleStatusOn(db: Db, patientId: string, date: string): Promise<string | null> {
  const row = await db.one<{ s: string | null }>(`SELECT ${cycleStatusSql("$1::uuid", "$2::date")} AS s`, [patientId, date]);
  return row?.s ?? null;
}

/** Length as the product counts it: a line break counts as two characters. */
export function noteLength(notes: string): number {
  const lf = notes.replace(/\r\n/g, "\n");
  return lf.length + (lf.match(/\n/g)?.length ?? 0);
}
