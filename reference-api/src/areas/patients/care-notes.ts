import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";
import { afterBillCodes, afterBillSql, frozenSql, monthsWouldReach, type AfterBillRaw } from "../rtm/evidence.js";

export type CareNote = Schema<"CareNote">;

/**
 * The RTM cycle status of a care note (alias `i`): BILLED exactly when the note is the evidence of a billed code
 * (ADR 043, migration 150: it is frozen); otherwise the status of a cycle not billed whose [start_date, end_date]
 * holds its date — the care-management codes first, the one ready to bill first (98979 or 98980 of one month, ADR
 * 033: at most one of them is) — or null. Billing never blocks documentation: a note dated in a billed month after
 * the bill is not frozen (it reports `afterBill`).
 */
export const noteCycleStatusSql = (note: string) => `(CASE WHEN ${frozenSql(note)} THEN 'BILLED' ELSE (SELECT c_.status FROM rtm_cycles c_
  WHERE c_.patient_record_id = ${note}.patient_record_id AND ${note}.date BETWEEN c_.start_date AND c_.end_date AND c_.status <> 'BILLED'
  ORDER BY (c_.code IN ('BRIEF_PATIENT_INTERACTION', 'PATIENT_INTERACTION', 'ADDITIONAL_PATIENT_INTERACTION')) DESC,
    (c_.status = 'READY_TO_BILL') DESC, (c_.status = 'IN_PROGRESS') DESC, c_.start_date DESC, c_.id
  LIMIT 1) END)`;

interface CareNoteRow {
  id: string;
  date: string;
  minutes: number;
  notes: string;
  interaction_type: string | null;
  is_patient_interaction: boolean;
  live_method: string | null;
  live_two_way: boolean | null;
  unsuccessful_attempt: boolean;
  rtm_cycle_status: string | null;
  practitioner: { id: string; firstName: string; lastName: string } | null;
  source: string;
  after_bill: AfterBillRaw | null;
}

const careNoteSelect = `i.id, i.date::text AS date, i.minutes, i.notes, i.interaction_type, i.is_patient_interaction, i.live_method, i.live_two_way, i.unsuccessful_attempt, i.source,
  ${noteCycleStatusSql("i")} AS rtm_cycle_status,
  ${afterBillSql("i", "(SELECT o.timezone FROM patient_records pr JOIN organizations o ON o.id = pr.organization_id WHERE pr.id = i.patient_record_id)")} AS after_bill,
  (SELECT json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name) FROM practitioners p WHERE p.id = i.practitioner_id) AS practitioner`;

const STATUSES = new Set(["IN_PROGRESS", "ACTIVE_DAYS_INCOMPLETE", "READY_TO_BILL", "BILLED"]);

function toCareNote(r: CareNoteRow, reach: Map<string, string | null>): CareNote {
  return {
    id: r.id,
    date: r.date,
    minutes: Number(r.minutes),
    notes: r.notes,
    interactionType: r.interaction_type === "PATIENT_INTERACTIVE_COMMUNICATION" ? "PATIENT_INTERACTIVE_COMMUNICATION" : null,
    isPatientInteraction: r.is_patient_interaction,
    liveInteraction: r.live_method === "PHONE" || r.live_method === "VIDEO" ? { method: r.live_method, twoWay: r.live_two_way === true } : null,
    unsuccessfulAttempt: r.unsuccessful_attempt === true,
    rtmCycleStatus: r.rtm_cycle_status && STATUSES.has(r.rtm_cycle_status) ? (r.rtm_cycle_status as CareNote["rtmCycleStatus"]) : null,
    practitioner: r.practitioner,
    source: r.source === "TIMED" ? "TIMED" : "TYPED",
    afterBill: r.after_bill ? { codes: afterBillCodes(r.after_bill), billedOn: r.after_bill.on, wouldReach: reach.get(r.date.slice(0, 7)) ?? null } : null,
  };
}

/** The notes with what their months would reach where they were documented after a bill (ADR 043). */
async function toCareNotes(db: Db, patientId: string, rows: CareNoteRow[]): Promise<CareNote[]> {
  const months = new Map(rows.filter((r) => r.after_bill).map((r) => [r.date.slice(0, 7), afterBillCodes(r.after_bill!)]));
  const reach = await monthsWouldReach(db, patientId, months);
  return rows.map((r) => toCareNote(r, reach));
}

export async function listCareNotesOf(db: Db, patientId: string, start?: string, end?: string): Promise<CareNote[]> {
  const rows = await db.query<CareNoteRow>(
    `SELECT ${careNoteSelect} FROM interactions i
      WHERE i.patient_record_id = $1 AND ($2::date IS NULL OR i.date >= $2::date) AND ($3::date IS NULL OR i.date <= $3::date)
      ORDER BY i.date DESC, i.created_at DESC, i.id`,
    [patientId, start ?? null, end ?? null],
  );
  return toCareNotes(db, patientId, rows);
}

export async function getCareNote(db: Db, patientId: string, noteId: string): Promise<CareNote | undefined> {
  const row = await db.one<CareNoteRow>(`SELECT ${careNoteSelect} FROM interactions i WHERE i.id = $1 AND i.patient_record_id = $2`, [noteId, patientId]);
  return row ? (await toCareNotes(db, patientId, [row]))[0] : undefined;
}

/** Length as the product counts it: a line break counts as two characters. */
export function noteLength(notes: string): number {
  const lf = notes.replace(/\r\n/g, "\n");
  return lf.length + (lf.match(/\n/g)?.length ?? 0);
}

/** What a care note records of its interaction, as stored (interactions: migrations 002 and 137). */
export interface NoteInteraction {
  /** The spec's interactionType and isPatientInteraction (they go together). */
  type: "PATIENT_INTERACTIVE_COMMUNICATION" | null;
  flag: boolean;
  /** The call (null: none, or an older note whose method was not recorded). */
  live: { method: "PHONE" | "VIDEO"; twoWay: boolean } | null;
  attempt: boolean;
}

export const NO_INTERACTION: NoteInteraction = { type: null, flag: false, live: null, attempt: false };

export const noteInteractionOf = (n: Pick<CareNote, "interactionType" | "isPatientInteraction" | "liveInteraction" | "unsuccessfulAttempt">): NoteInteraction => ({
  type: n.interactionType,
  flag: n.isPatientInteraction,
  live: n.liveInteraction,
  attempt: n.unsuccessfulAttempt,
});

export const sameInteraction = (a: NoteInteraction, b: NoteInteraction) =>
  a.flag === b.flag && a.type === b.type && a.attempt === b.attempt && a.live?.method === b.live?.method && a.live?.twoWay === b.live?.twoWay;

type InteractionInput = Partial<Pick<Schema<"CareNoteCreate">, "interactionType" | "isPatientInteraction" | "liveInteraction" | "unsuccessfulAttempt">>;

/** A 400's message, field first (the handlers throw it as a bad request). */
export class InteractionError extends Error {}

/**
 * The interaction a create (no `current`) or an update stores (ADR 033). The spec's interactionType and
 * isPatientInteraction go together (either decides the other). The call (`liveInteraction`) and
 * `unsuccessfulAttempt` are the contract addition: when either is given, the spec's flag follows — true exactly
 * for a two-way call that is not an attempt — and must agree when given too. The spec's flag alone (older clients):
 * false clears the call; true keeps a two-way call as it is, else records an interactive communication whose
 * method is not recorded (it does not count as the live interaction). An unsuccessful attempt records how the
 * patient was tried and is never two-way, nor a patient interaction. A note of 0 minutes is no patient interaction
 * (issue 32: a 0-minute two-way call never counted as the live interaction, isLiveInteraction, but its flag said
 * true): the call is kept as recorded, the flag is false — and a body that says true with 0 minutes is refused.
 */
export function resolveInteraction(b: InteractionInput, current: NoteInteraction = NO_INTERACTION, minutes?: number): NoteInteraction {
  const resolved = resolveCall(b, current, minutes !== undefined && minutes < 1);
  if (minutes === undefined) return resolved;
  // A two-way call kept while its minutes went from 0 to more is the interaction again.
  if (minutes >= 1) return resolved.live?.twoWay && !resolved.attempt && !resolved.flag ? { ...resolved, type: "PATIENT_INTERACTIVE_COMMUNICATION", flag: true } : resolved;
  if (!resolved.flag) return resolved;
  if (b.isPatientInteraction === true || (b.interactionType !== undefined && b.interactionType !== null)) throw new InteractionError(ZERO_MINUTE_INTERACTION);
  return { ...resolved, type: null, flag: false };
}

/** The 400's message when a body marks a 0-minute note a patient interaction. */
export const ZERO_MINUTE_INTERACTION = "isPatientInteraction: a note of 0 minutes is not a patient interaction (enter its minutes, at least 1)";

/** The interaction by the body's call and flags; `zero`: the note has 0 minutes (its flag may say false with a two-way call). */
function resolveCall(b: InteractionInput, current: NoteInteraction, zero: boolean): NoteInteraction {
  let flag: boolean | undefined;
  if (b.interactionType !== undefined && b.isPatientInteraction !== undefined) {
    if ((b.interactionType !== null) !== b.isPatientInteraction) {
      throw new InteractionError("interactionType: must be PATIENT_INTERACTIVE_COMMUNICATION exactly when isPatientInteraction is true");
    }
    flag = b.isPatientInteraction;
  } else if (b.interactionType !== undefined) flag = b.interactionType !== null;
  else if (b.isPatientInteraction !== undefined) flag = b.isPatientInteraction;

  const callGiven = b.liveInteraction !== undefined || b.unsuccessfulAttempt !== undefined;
  let live = b.liveInteraction !== undefined ? b.liveInteraction : current.live;
  let attempt = b.unsuccessfulAttempt ?? current.attempt;
  if (!callGiven) {
    if (flag === undefined) return current;
    // The spec's flag alone.
    const twoWayCall = live !== null && live.twoWay && !attempt;
    if (flag && twoWayCall) return { ...current, type: "PATIENT_INTERACTIVE_COMMUNICATION", flag: true };
    if (flag) return { type: "PATIENT_INTERACTIVE_COMMUNICATION", flag: true, live: null, attempt: false };
    return { type: null, flag: false, live: live !== null && live.twoWay ? null : live, attempt };
  }
  if (attempt) {
    if (live === null) throw new InteractionError("liveInteraction: an unsuccessful attempt records how the patient was tried (PHONE or VIDEO)");
    if (live.twoWay || flag === true) throw new InteractionError("unsuccessfulAttempt: an unsuccessful attempt is never a two-way interaction");
  }
  const twoWay = live !== null && live.twoWay && !attempt;
  if (flag !== undefined && flag !== twoWay && !(zero && flag === false)) {
    // Keeping an older note's interactive flag while its call is not recorded (the portal resends it as it was).
    const unrecorded = flag && live === null && !attempt;
    if (!unrecorded) throw new InteractionError("isPatientInteraction: must be true exactly when liveInteraction is two-way");
    return { type: "PATIENT_INTERACTIVE_COMMUNICATION", flag: true, live: null, attempt: false };
  }
  if (live !== null) live = { method: live.method, twoWay: live.twoWay };
  attempt = attempt === true;
  return { type: twoWay ? "PATIENT_INTERACTIVE_COMMUNICATION" : null, flag: twoWay, live, attempt };
}
