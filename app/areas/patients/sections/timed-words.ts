/**
 * A stopped care timer's minutes in words (issue 32, ADR 044): the Add Care Note dialog and the care timer's list of
 * timed minutes not yet in a note say them alike. The minutes are the API's record of the stop; they stay there until
 * a care note takes them, so a timer stopped on a day or month a note cannot go to keeps them.
 */
import { formatInstantDay, formatTime } from "../../../domain/zoned-day";

export interface StoppedTimerFacts {
  startedAt: string;
  stoppedAt: string;
  minutes: number;
}

const minutesWord = (n: number) => `${n} ${n === 1 ? "minute" : "minutes"}`;

/** "45 minutes timed on 11/27/2026, 7:02 AM – 7:47 AM". */
export function timedWhen(t: StoppedTimerFacts, timeZone: string): string {
  return `${minutesWord(t.minutes)} timed on ${formatInstantDay(t.startedAt, timeZone)}, ${formatTime(t.startedAt, timeZone)} – ${formatTime(t.stoppedAt, timeZone)}`;
}

export const TIMED_KEPT =
  "They are kept until a care note takes them: add a note dated the day they were timed, or any other day care notes can be added to. A note that cannot be saved loses none of them.";

/** The dialog's hint at the Minutes field. */
export const timedHint = (t: StoppedTimerFacts, timeZone: string) =>
  `${timedWhen(t, timeZone)} (completed minutes, from the care timer). Saved as they are, the note is Timed; changed by hand, it is Typed. ${TIMED_KEPT}`;
