/**
 * Care notes (000 §3 Care note, §4): a note the API reports BILLED — the evidence of a billed care-management code
 * (ADR 043) — is locked: it cannot be deleted, and its date, minutes and interaction cannot change (only its text
 * can). A note documented after its month's bill is not; it says so (`afterBillNoteText`). What a note's call is, in
 * words (ADR 033); what it counts for is the rules module's (app/domain/rtm-2026.ts), the API decides billing.
 */
import type { Schema } from "../../../api/schemas";
import { afterBillText, callLabel, countedMinutes, UNRECORDED_LABEL } from "../../../domain/rtm-2026";

export type CareNote = Schema<"CareNote">;

export const isLocked = (note: Pick<CareNote, "rtmCycleStatus">) => note.rtmCycleStatus === "BILLED";

/**
 * A note documented after its month's bill (ADR 043): "After 98979 was billed on Nov 12 — not part of it; the month
 * would reach 98980".
 */
export function afterBillNoteText(a: NonNullable<CareNote["afterBill"]>): string {
  const head = `${afterBillText(a.codes, a.billedOn)} — not part of it`;
  return a.wouldReach ? `${head}; the month would reach ${a.wouldReach}` : head;
}

/** Notes dated within [start, end] (days, inclusive), in the order given. */
export const notesInRange = <T extends Pick<CareNote, "date">>(notes: readonly T[], range: { start: string; end: string }) =>
  notes.filter((n) => n.date >= range.start && n.date <= range.end);

/**
 * The note's interaction as the list and the locked dialog show it: "Video call, two-way", "Phone call, one-way",
 * "Unsuccessful attempt (phone call)", an older interactive note whose method was not recorded, or null (none).
 * The words are the rules module's, shared with the audit packet, the cycle PDFs, the copy text and the CSV.
 */
export const interactionLabel = (note: Pick<CareNote, "isPatientInteraction" | "liveInteraction" | "unsuccessfulAttempt" | "minutes">): string | null =>
  callLabel({ liveInteraction: note.liveInteraction, unsuccessfulAttempt: note.unsuccessfulAttempt, interactive: note.isPatientInteraction, minutes: note.minutes });
export { UNRECORDED_LABEL };

/** The notes' count and minutes as the section's summary says them: unsuccessful attempts apart, their minutes not counted. */
export function notesSummary(notes: readonly Pick<CareNote, "minutes" | "liveInteraction" | "unsuccessfulAttempt">[]): string | null {
  if (notes.length === 0) return null;
  const attempts = notes.filter((n) => n.unsuccessfulAttempt).length;
  const counted = notes.length - attempts;
  const minutes = notes.reduce((m, n) => m + countedMinutes(n), 0);
  const main = `${counted} ${counted === 1 ? "note" : "notes"}, ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return attempts > 0 ? `${main}; ${attempts} unsuccessful ${attempts === 1 ? "attempt" : "attempts"} (not counted)` : main;
}
