/**
 * The plausible bounds of every date a user types (issue 34: care notes dated 1900-01-01 and dates of birth in 1800
 * were accepted, then hidden by the default range). One definition for the portal's forms (their messages at the
 * field, the inputs' `min`/`max`) and the reference API's checks (the same words after the field name), so a forged
 * post is refused as the form would refuse it:
 *
 *   birthDayProblem("1800-05-01", today)            // 'Date of birth must be on or after 01/01/1900.'
 *   recordDayProblem("1900-01-01", "Date")          // 'Date must be on or after 01/01/2000.'
 *
 * - A date of birth: from 1900-01-01 (nobody alive is older) to today.
 * - A day of the product's records (care notes, plans of care, report days): from 2000-01-01 to today — earlier days
 *   hold no data of this product; the future is each field's own rule (a plan's end may lie ahead).
 * Not in the spec (000 §5 says only "dob … not in the future", "date … not in the future"): ours. Pure, no imports:
 * the browser, the server and reference-api (`.js` import) share it.
 */

export const EARLIEST_BIRTH_DAY = "1900-01-01";
export const EARLIEST_RECORD_DAY = "2000-01-01";

/** 'YYYY-MM-DD' → 'MM/DD/YYYY' (the product's date format). */
const shown = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

export const DATE_BOUND_MESSAGES = {
  birthInvalid: "Date of birth must be a valid date.",
  birthInFuture: "Date of birth cannot be in the future.",
  birthTooEarly: `Date of birth must be on or after ${shown(EARLIEST_BIRTH_DAY)}.`,
  /** `label` names the field as its label says ('Date', 'Start date', 'Report date'). */
  recordTooEarly: (label: string) => `${label} must be on or after ${shown(EARLIEST_RECORD_DAY)}.`,
} as const;

/** A real calendar day written YYYY-MM-DD (any year). */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d); // not Date.UTC: it reads years 0–99 as 1900–1999
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** What is wrong with a date of birth (YYYY-MM-DD; `today` the organization's day), or null. */
export function birthDayProblem(day: string, today: string): string | null {
  if (!isCalendarDay(day)) return DATE_BOUND_MESSAGES.birthInvalid;
  if (day > today) return DATE_BOUND_MESSAGES.birthInFuture;
  if (day < EARLIEST_BIRTH_DAY) return DATE_BOUND_MESSAGES.birthTooEarly;
  return null;
}

/**
 * Whether a real day of the product's records is too early: its message (the field named `label`), or null. The
 * caller checks the calendar day and its own upper bound first.
 */
export const recordDayProblem = (day: string, label: string): string | null => (day < EARLIEST_RECORD_DAY ? DATE_BOUND_MESSAGES.recordTooEarly(label) : null);
