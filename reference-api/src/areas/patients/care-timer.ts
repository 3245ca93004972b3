/**
 * The care timer (ADR 033, issue 26; getCareTimer / setCareTimer / stopCareTimer): the signed-in
 * practitioner's own timer on a visible patient. Another practitioner's timer on the same patient is never
 * read or changed (the key is the caller's practitioner id); the patient must be visible to the caller
 * (organization and location boundaries, `getVisiblePatient`). The arithmetic is the shared module's
 * (app/domain/care-timer.ts).
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/db.js";
import type { Schema } from "../../core/contract.js";
import { getVisiblePatient } from "../../core/access.js";
import { requireMember } from "../../core/auth.js";
import { badRequest, notFound } from "../../core/errors.js";
import { defineHandlers } from "../../core/handlers.js";
import { completedMinutes, elapsedSeconds, pause, resume, type TimerSpans } from "../../../../app/domain/care-timer.js";

type CareTimer = Schema<"CareTimer">;

export const NO_TIMER = "No care timer is running";
export const START_IN_FUTURE = "startedAt: The start cannot be in the future";
export const START_TOO_EARLY = "startedAt: The start cannot be more than 12 hours ago";
const MAX_BACKDATE_MS = 12 * 3600_000;
/** A client's clock may run a little ahead of ours. */
const CLOCK_SKEW_MS = 60_000;

interface TimerRow {
  started_at: Date | string;
  paused_at: Date | string | null;
  paused_seconds: number;
}

const ms = (v: Date | string) => (v instanceof Date ? v.getTime() : new Date(v).getTime());
const spansOf = (r: TimerRow): TimerSpans => ({ startedAt: ms(r.started_at), pausedAt: r.paused_at === null ? null : ms(r.paused_at), pausedSeconds: Number(r.paused_seconds) });

export function toCareTimer(t: TimerSpans, now: number): CareTimer {
  const elapsed = elapsedSeconds(t, now);
  return {
    startedAt: new Date(t.startedAt).toISOString(),
    pausedAt: t.pausedAt === null ? null : new Date(t.pausedAt).toISOString(),
    pausedSeconds: t.pausedSeconds,
    elapsedSeconds: elapsed,
    minutes: completedMinutes(elapsed),
  };
}

const readTimer = async (db: Db, practitionerId: string, patientId: string, lock = false) => {
  const row = await db.one<TimerRow>(
    `SELECT started_at, paused_at, paused_seconds FROM care_timers WHERE practitioner_id = $1 AND patient_record_id = $2${lock ? " FOR UPDATE" : ""}`,
    [practitionerId, patientId],
  );
  return row ? spansOf(row) : null;
};

const writeTimer = (db: Db, practitionerId: string, patientId: string, t: TimerSpans) =>
  db.query(
    `INSERT INTO care_timers (practitioner_id, patient_record_id, started_at, paused_at, paused_seconds) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (practitioner_id, patient_record_id) DO UPDATE SET paused_at = EXCLUDED.paused_at, paused_seconds = EXCLUDED.paused_seconds`,
    [practitionerId, patientId, new Date(t.startedAt).toISOString(), t.pausedAt === null ? null : new Date(t.pausedAt).toISOString(), t.pausedSeconds],
  );

/** The start a new timer gets: now, or the client's `startedAt` within the last 12 hours. */
function startOf(given: string | undefined, now: number): number {
  if (given === undefined) return now;
  const t = new Date(given).getTime();
  if (Number.isNaN(t)) throw badRequest("startedAt: Enter a date and time");
  if (t > now + CLOCK_SKEW_MS) throw badRequest(START_IN_FUTURE);
  if (t < now - MAX_BACKDATE_MS) throw badRequest(START_TOO_EARLY);
  return Math.min(t, now);
}

type StoppedCareTimer = Schema<"StoppedCareTimer">;
/** At most this many stopped timers are listed (the newest). */
const STOPPED_LISTED = 20;
export const TIMER_NOT_FOUND = "timerId: These timed minutes are not yours to save, or a care note already took them";

const stoppedOf = (r: { id: string; started_at: Date | string; stopped_at: Date | string; minutes: number }): StoppedCareTimer => ({
  id: r.id,
  startedAt: new Date(r.started_at).toISOString(),
  stoppedAt: new Date(r.stopped_at).toISOString(),
  minutes: Number(r.minutes),
});

/** The caller's stopped timers on the patient whose minutes no care note has taken yet, newest first. */
async function listStopped(db: Db, practitionerId: string, patientId: string): Promise<StoppedCareTimer[]> {
  const rows = await db.query<{ id: string; started_at: Date | string; stopped_at: Date | string; minutes: number }>(
    `SELECT id, started_at, stopped_at, minutes FROM care_timer_stops
      WHERE practitioner_id = $1 AND patient_record_id = $2 AND used_at IS NULL ORDER BY stopped_at DESC, id LIMIT ${STOPPED_LISTED}`,
    [practitionerId, patientId],
  );
  return rows.map(stoppedOf);
}

/**
 * A care note takes a stopped timer's minutes (issue 32, ADR 044): the caller's own, on this patient, not taken
 * yet — else 400 at `timerId`. Answers the note's source: TIMED when its minutes are the timer's, TYPED when they
 * were changed. Either way the record is used up (in the note's transaction).
 */
export async function takeStoppedTimer(tx: Db, practitionerId: string, patientId: string, timerId: string, minutes: number, noteId: string): Promise<"TIMED" | "TYPED"> {
  const row = await tx.one<{ minutes: number }>(
    `UPDATE care_timer_stops SET used_at = now(), interaction_id = $4
      WHERE id = $1 AND practitioner_id = $2 AND patient_record_id = $3 AND used_at IS NULL RETURNING minutes`,
    [timerId, practitionerId, patientId, noteId],
  );
  if (!row) throw badRequest(TIMER_NOT_FOUND);
  return Number(row.minutes) === minutes ? "TIMED" : "TYPED";
}

export const handlers = defineHandlers({
  async getCareTimer(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const t = await readTimer(ctx.db, m.practitionerId, row.id);
    return { timer: t ? toCareTimer(t, Date.now()) : null, stopped: await listStopped(ctx.db, m.practitionerId, row.id) };
  },

  async setCareTimer(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    const b = ctx.body;
    return ctx.db.tx(async (tx) => {
      const now = Date.now();
      const current = await readTimer(tx, m.practitionerId, row.id, true);
      const base: TimerSpans = current ?? { startedAt: startOf(b.startedAt, now), pausedAt: null, pausedSeconds: 0 };
      const next = b.state === "PAUSED" ? pause(base, now) : resume(base, now);
      if (!current || next !== current) await writeTimer(tx, m.practitionerId, row.id, next);
      // What is stored (two first starts at once: the first start stands).
      return toCareTimer((await readTimer(tx, m.practitionerId, row.id)) ?? next, now);
    });
  },

  async stopCareTimer(ctx) {
    const m = requireMember(ctx.caller);
    const row = await getVisiblePatient(ctx.db, m, ctx.params.id);
    return ctx.db.tx(async (tx) => {
      const now = Date.now();
      const current = await readTimer(tx, m.practitionerId, row.id, true);
      if (!current) throw notFound(NO_TIMER);
      await tx.query("DELETE FROM care_timers WHERE practitioner_id = $1 AND patient_record_id = $2", [m.practitionerId, row.id]);
      // The record of its minutes stays until a care note takes them (issue 32): only a note made from it is TIMED.
      const stopped = toCareTimer(current, now);
      const at = current.pausedAt ?? now;
      const stop = { id: randomUUID(), started_at: stopped.startedAt, stopped_at: new Date(Math.max(at, current.startedAt)).toISOString(), minutes: stopped.minutes };
      await tx.query(
        "INSERT INTO care_timer_stops (id, practitioner_id, patient_record_id, started_at, stopped_at, minutes) VALUES ($1, $2, $3, $4, $5, $6)",
        [stop.id, m.practitionerId, row.id, stop.started_at, stop.stopped_at, stop.minutes],
      );
      return stoppedOf(stop);
    });
  },
});
