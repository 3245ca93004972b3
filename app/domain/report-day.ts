/**
 * The report date of the scan and gait reports (002 §4, §5): a day picked in a GET form (`?date=YYYY-MM-DD`),
 * never in the future (today is the organization's), covering 00:00:00.000 to 23:59:59.999 of that day in the
 * ORGANIZATION's time zone, sent to the API as UTC instants. Pure: the loaders, the exports and the tests share it.
 */
import { dateRangeInstants, isIsoDay, zoneOrDefault } from "./date-range";
import { recordDayProblem } from "./date-bounds";

/** Not in the spec's words (002 §5 only says "cannot be in the future"): ours. */
export const REPORT_DATE_FUTURE = "Report date cannot be in the future";
export const REPORT_DATE_INVALID = "Enter a report date";

export type ReportDay = { day: string; error: null } | { day: null; error: string | null };

/**
 * The `date` param checked against today (YYYY-MM-DD in the organization's zone): the day, or the field's message
 * (no `date` at all: no day and no message — the form is shown fresh).
 */
export function parseReportDay(value: string | null, today: string): ReportDay {
  if (value === null) return { day: null, error: null };
  const v = value.trim();
  if (!isIsoDay(v)) return { day: null, error: REPORT_DATE_INVALID };
  if (v > today) return { day: null, error: REPORT_DATE_FUTURE };
  const early = recordDayProblem(v, "Report date");
  if (early) return { day: null, error: early };
  return { day: v, error: null };
}

/** The day's first and last millisecond in the organization's zone, as ISO instants (inclusive bounds). */
export const reportDayInstants = (day: string, timeZone: string): { start: string; end: string } =>
  dateRangeInstants({ start: day, end: day }, zoneOrDefault(timeZone));

/** 'YYYY-MM-DD' → 'MM-dd-yyyy' (002 §9: report exports are named by the date). */
export function fileDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}-${m[3]}-${m[1]}` : day;
}

/**
 * A Content-Disposition attachment header for a file name that may hold spaces or non-ASCII characters:
 * an ASCII fallback and the RFC 5987 UTF-8 name.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
