/**
 * Care notes (000 §3 Care note, §4): a note whose date lies in a BILLED RTM cycle is locked — it cannot be
 * deleted, and its date, minutes and patient-interaction flag cannot change (only its text can).
 */
import type { Schema } from "../../../api/schemas";

export type CareNote = Schema<"CareNote">;

export const isLocked = (note: Pick<CareNote, "rtmCycleStatus">) => note.rtmCycleStatus === "BILLED";

/** Notes dated within [start, end] (days, inclusive), in the order given. */
export const notesInRange = <T extends Pick<CareNote, "date">>(notes: readonly T[], range: { start: string; end: string }) =>
  notes.filter((n) => n.date >= range.start && n.date <= range.end);
