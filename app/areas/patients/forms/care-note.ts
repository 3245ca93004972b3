/**
 * The care-note dialogs' form (spec 000 §5 Care note, §9): date required and not in the future, minutes
 * required and at least 0 (the API's maximum is 1440), notes required and at most 500 characters with a line
 * break counting as two; the patient interactive communication — its call (none, phone or video) and how it went
 * (two-way, one-way, an unsuccessful attempt: ADR 033), two radio groups that need no JavaScript. Defaults: no
 * minutes (issue 32: 20 was exactly 98980's threshold), today, no call. A note in a billed cycle can only have its notes changed (`careNoteTextSchema`).
 * Messages verbatim where the spec has them.
 */
import * as z from "zod";
import { missing, wholeNumberField, whenValid } from "../../../forms/fields";
import { countedLength, normalizeLineBreaks } from "../../../domain/text-length";
import { DATE_BOUND_MESSAGES, recordDayProblem } from "../../../domain/date-bounds";
import { ATTEMPT_NEEDS_METHOD, CARE_NOTE_MAX, interactionOf, LIVE_METHOD_INVALID, LIVE_METHOD_VALUES, LIVE_OUTCOME_INVALID, LIVE_OUTCOME_VALUES, MAX_MINUTES } from "./care-note-values";

export * from "./care-note-values";

export const DATE_REQUIRED = "Date is required";
export const DATE_IN_FUTURE = "Date cannot be in the future.";
export const MINUTES_REQUIRED = "Minutes are required";
export const MINUTES_TOO_MANY = "Minutes cannot be more than 1440.";
/** Ours (the spec words only the required and minimum message): what was typed is not a whole number. */
export const MINUTES_NOT_WHOLE = "Enter the minutes as a whole number.";
export const NOTES_REQUIRED = "Notes are required";
export const NOTES_TOO_LONG = "Max Character Limit is 500";

/** 'YYYY-MM-DD' naming a real day. */
function isCalendarDay(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

const notesField = z
  .string({ error: missing(NOTES_REQUIRED) })
  .transform(normalizeLineBreaks)
  .refine((v) => v.trim().length > 0, { error: NOTES_REQUIRED })
  .refine((v) => countedLength(v) <= CARE_NOTE_MAX, { error: NOTES_TOO_LONG });

/** The whole note. `today` is the organization's day ('YYYY-MM-DD'): later dates are refused. */
export const careNoteSchema = (today: string) =>
  z.object({
    date: z
      .string({ error: missing(DATE_REQUIRED) })
      .refine(isCalendarDay, { error: DATE_REQUIRED, abort: true })
      .refine((d) => d <= today, { error: DATE_IN_FUTURE, abort: true })
      .refine((d) => recordDayProblem(d, "Date") === null, { error: DATE_BOUND_MESSAGES.recordTooEarly("Date") }),
    minutes: wholeNumberField({ required: MINUTES_REQUIRED, invalid: MINUTES_NOT_WHOLE, min: 0, belowMin: MINUTES_REQUIRED, max: MAX_MINUTES, aboveMax: MINUTES_TOO_MANY }),
    notes: notesField,
    liveMethod: z.enum(LIVE_METHOD_VALUES, { error: LIVE_METHOD_INVALID }).default("NONE"),
    liveOutcome: z.enum(LIVE_OUTCOME_VALUES, { error: LIVE_OUTCOME_INVALID }).default("TWO_WAY"),
  })
    // An unsuccessful attempt says how the patient was tried (the radios cannot be cleared without JavaScript: a
    // two-way or one-way outcome without a call is simply not read).
    .refine((v) => !(v.liveOutcome === "UNSUCCESSFUL" && (v.liveMethod === "NONE" || v.liveMethod === "UNRECORDED")), { error: ATTEMPT_NEEDS_METHOD, path: ["liveMethod"], when: whenValid("liveMethod", "liveOutcome") })
    .transform(({ liveMethod, liveOutcome, ...note }) => ({ ...note, ...interactionOf(liveMethod, liveOutcome, note.minutes) }));

/** A note in a billed cycle: only its notes. */
export const careNoteTextSchema = z.object({ notes: notesField });

export type CareNoteInput = z.infer<ReturnType<typeof careNoteSchema>>;
export type CareNoteTextInput = z.infer<typeof careNoteTextSchema>;
