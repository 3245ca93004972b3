/**
 * The patient detail's date range and reporting type, kept in the URL (000 §2.8; 002/003 "Date range"):
 *
 *   range=7|30|90               a preset: the last N days up to today (default 30 when nothing is given)
 *   from=YYYY-MM-DD&to=…        a custom range; it cannot go past today (`to` is clamped to today)
 *   range=custom&from=…&to=…    the same, as the date range form submits it
 *   selfReported=1              Reporting Type 'Include Self-Reported'
 *
 * "With no preset the range becomes the last 2 days": the custom choice with no dates at all (`range=custom`) is
 * today and yesterday. A range that cannot be used as asked (an unknown `range`, a bad or missing day, half a
 * custom range, a day before 1900) is the spec's default, the last 30 days — not the 2-day range, where a list
 * said nothing matched while sessions existed (issue 34). A reversed custom range is read with its days swapped;
 * a range past today ends today. Whatever was changed is said (`adjustment`, shown next to the filter; issue 25).
 * Days are calendar days of the organization (see todayIn); `start` and `end` are inclusive.
 *
 * The one place that parses and builds these params: every tab link keeps them with withDateRange.
 */

export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 30;
/** Days of the no-preset fallback range. */
export const FALLBACK_DAYS = 2;
/** The search params this module owns (everything else in a URL is left alone). */
export const DATE_RANGE_PARAMS = ["range", "from", "to", "selfReported"] as const;
/** The `range` value of the form's custom choice. */
export const CUSTOM_RANGE = "custom";

export interface DateRange {
  /** First day, YYYY-MM-DD (inclusive). */
  start: string;
  /** Last day, YYYY-MM-DD (inclusive), never after today. */
  end: string;
  /** The preset in use, or null for a custom (or fallback) range. */
  preset: RangePreset | null;
  includeSelfReported: boolean;
  /**
   * What was changed in the range the URL asked for, and why (null when it was used as asked): shown to the user
   * next to the date range filter. Never part of the URL.
   */
  adjustment?: string | null;
}

/** The first day a custom range can start on. */
export const MIN_DAY = "1900-01-01";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD, from 1900-01-01 on (earlier days are no day of this product's data). */
export function isIsoDay(value: string | null | undefined): value is string {
  if (!value || !ISO_DAY.test(value) || value < MIN_DAY) return false;
  const [y, m, d] = dayParts(value);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Year, month (1-12) and day of an ISO day. */
function dayParts(day: string): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

/** The day `days` after (or before, when negative) an ISO day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Intl.DateTimeFormat of a time zone, made once per zone and options and reused: constructing one costs far
 * more than formatting with it (a list page formats a date per row). Null for a zone the runtime does not know.
 */
const formats = new Map<string, Intl.DateTimeFormat | null>();
export function zoneFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = null;
    }
    if (formats.size > 500) formats.clear(); // zones come from organizations: few; bounded all the same
    formats.set(key, format);
  }
  return format;
}

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/** The day format of each zone, by zone alone: a list page asks for a day per row (no key to build per call). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (an unknown zone falls back to UTC). */
export function dayIn(timeZone: string, instant: Date | string = new Date()): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = zoneFormat("en-CA", timeZone, DAY_OPTIONS) ?? zoneFormat("en-CA", "UTC", DAY_OPTIONS)!;
    if (dayFormats.size > 500) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  let year = "";
  let month = "";
  let day = "";
  for (const part of format.formatToParts(date)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** The spec's default time zone (000 §9), for a zone the runtime does not know. */
export const DEFAULT_TIME_ZONE = "America/Denver";

/** The zone, or America/Denver when the runtime does not know it. */
export function zoneOrDefault(timeZone: string): string {
  return zoneFormat("en-US", timeZone, {}) ? timeZone : DEFAULT_TIME_ZONE;
}

/** Today (YYYY-MM-DD) in the organization's time zone (America/Denver when unknown). */
export const todayIn = (timeZone: string, now: Date = new Date()) => dayIn(zoneOrDefault(timeZone), now);

const lastDays = (today: string, days: number) => ({ start: addDays(today, -(days - 1)), end: today });

function presetOf(value: string | null): RangePreset | null {
  const n = Number(value);
  return value !== null && (RANGE_PRESETS as readonly number[]).includes(n) ? (n as RangePreset) : null;
}

/** MM/dd/yyyy of an ISO day (as the product shows days). */
const shownDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** A URL value quoted in a message (short: it is the user's own text, shown back). */
const quoted = (value: string) => `"${value.length > 20 ? `${value.slice(0, 20)}…` : value}"`;

/** Why a custom day cannot be used, or null when it can. */
function dayProblem(label: "start" | "end", value: string | null): string | null {
  if (value === null || value.trim() === "") return `The ${label} date is missing.`;
  if (ISO_DAY.test(value) && value < MIN_DAY) return `The ${label} date ${shownDay(value)} is before ${shownDay(MIN_DAY)}.`;
  return isIsoDay(value) ? null : `The ${label} date ${quoted(value)} is not a date.`;
}

/** The range a URL asks for, relative to `today` (YYYY-MM-DD in the organization's time zone). */
export function parseDateRange(params: URLSearchParams, today: string): DateRange {
  const includeSelfReported = params.get("selfReported") === "1";
  const range = params.get("range");
  const from = params.get("from");
  const to = params.get("to");
  const preset = presetOf(range);
  if (preset) return { ...lastDays(today, preset), preset, includeSelfReported, adjustment: null };
  if (range === null && from === null && to === null) return { ...lastDays(today, DEFAULT_PRESET), preset: DEFAULT_PRESET, includeSelfReported, adjustment: null };
  const fallback = (reason: string): DateRange => {
    const days = lastDays(today, DEFAULT_PRESET);
    return { ...days, preset: DEFAULT_PRESET, includeSelfReported, adjustment: `${reason} Showing the last ${DEFAULT_PRESET} days (${shownDay(days.start)} – ${shownDay(days.end)}) instead.` };
  };
  if (range !== null && range !== CUSTOM_RANGE) return fallback(`${quoted(range)} is not a date range (the presets are ${RANGE_PRESETS.join(", ")} days).`);
  if (from === null && to === null) {
    // The custom choice without any dates: no preset, so the spec's last 2 days.
    const days = lastDays(today, FALLBACK_DAYS);
    return { ...days, preset: null, includeSelfReported, adjustment: `No dates were chosen for the custom range: showing the last ${FALLBACK_DAYS} days (${shownDay(days.start)} – ${shownDay(days.end)}).` };
  }
  const problems = [dayProblem("start", from), dayProblem("end", to)].filter((p) => p !== null);
  if (problems.length > 0 || !isIsoDay(from) || !isIsoDay(to)) return fallback(problems.join(" "));
  const notes: string[] = [];
  let [first, last] = [from, to];
  if (first > last) {
    [first, last] = [last, first];
    notes.push(`The start date ${shownDay(from)} was after the end date ${shownDay(to)}: the two were swapped.`);
  }
  if (last > today) {
    notes.push(first > today ? `The range ${shownDay(first)} – ${shownDay(last)} is after today: showing today.` : `The end date ${shownDay(last)} is after today: the range ends today.`);
    last = today;
    if (first > last) first = last;
  }
  return { start: first, end: last, preset: null, includeSelfReported, adjustment: notes.length > 0 ? notes.join(" ") : null };
}

/** The search params of a range (the default preset writes nothing). */
export function dateRangeParams(range: DateRange): [string, string][] {
  const entries: [string, string][] = [];
  if (range.preset === null) entries.push(["from", range.start], ["to", range.end]);
  else if (range.preset !== DEFAULT_PRESET) entries.push(["range", String(range.preset)]);
  if (range.includeSelfReported) entries.push(["selfReported", "1"]);
  return entries;
}

/**
 * `href` (a path, optionally with a search string and hash) carrying `range`: the date range params it had
 * are replaced, every other param is kept.
 */
export function withDateRange(href: string, range: DateRange): string {
  const hashAt = href.indexOf("#");
  const hash = hashAt >= 0 ? href.slice(hashAt) : "";
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = rest.indexOf("?");
  const path = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const params = new URLSearchParams(queryAt >= 0 ? rest.slice(queryAt + 1) : "");
  for (const name of DATE_RANGE_PARAMS) params.delete(name);
  for (const [name, value] of dateRangeParams(range)) params.append(name, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}${hash}`;
}

/** Only the date range params of a search string (for links to another page of the same patient). */
export function dateRangeSearch(search: string | URLSearchParams): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of DATE_RANGE_PARAMS) for (const value of params.getAll(name)) kept.append(name, value);
  const s = kept.toString();
  return s ? `?${s}` : "";
}

/** Whether an ISO day lies in the range. */
export const inDateRange = (day: string, range: Pick<DateRange, "start" | "end">) => day >= range.start && day <= range.end;

/** Offset of a time zone from UTC at an instant, in minutes. */
function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const format = zoneFormat("en-US", timeZone, { hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  if (!format) return 0;
  const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  const part = (name: string) => p[name] ?? 0;
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant a day begins in a time zone. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = dayParts(day);
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle days on which the offset changes (DST).
  let instant = guess - zoneOffsetMinutes(timeZone, new Date(guess)) * 60000;
  instant = guess - zoneOffsetMinutes(timeZone, new Date(instant)) * 60000;
  return new Date(instant);
}

/**
 * The range as the API's date-time bounds: from the start of the first day to the end of the last day in the
 * organization's time zone (ISO strings, `end` exclusive of the next day's first millisecond).
 */
export function dateRangeInstants(range: Pick<DateRange, "start" | "end">, timeZone: string): { start: string; end: string } {
  const start = startOfDayIn(range.start, timeZone);
  const end = new Date(startOfDayIn(addDays(range.end, 1), timeZone).getTime() - 1);
  return { start: start.toISOString(), end: end.toISOString() };
}
