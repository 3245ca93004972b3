/**
 * Calendar days in the organization's time zone (sessions are grouped, charted and filtered by the day they
 * happened there). A day is written 'YYYY-MM-DD'. An unknown zone falls back to the spec's default,
 * America/Denver (000 §9). Range bounds as instants: date-range.ts (dateRangeInstants).
 */
import { dayIn, zoneFormat, zoneOrDefault } from "./date-range";

/** The day ('YYYY-MM-DD') an instant falls on in `timeZone` (an unknown zone: America/Denver); null for an invalid instant. */
export function dayInZone(iso: string, timeZone: string): string | null {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return dayIn(zoneOrDefault(timeZone), new Date(t));
}

/** 'YYYY-MM-DD' → 'MM/dd/yyyy' (000 §9); anything else is returned as it is. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : day;
}

/** 'MM/dd/yyyy' of an instant in `timeZone` ('' for an invalid instant). */
export function formatInstantDay(iso: string, timeZone: string): string {
  const day = dayInZone(iso, timeZone);
  return day ? formatDay(day) : "";
}

/**
 * The one time formatter (ADR 046): 'h:mm AM MST' — an instant in `timeZone`, with the zone's name as the
 * en-US locale writes it ('MST', 'MDT', 'EST'; 'GMT+1' where the zone has no abbreviation). Every time the portal
 * shows is in the organization's zone, which need not be the reader's (a clinician in New York reading a Denver
 * clinic's access history): the time says which.
 */
export function formatTime(iso: string, timeZone: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  return zoneFormat("en-US", zoneOrDefault(timeZone), { hour: "numeric", minute: "2-digit", timeZoneName: "short" })!.format(new Date(t));
}

/** 'MM/dd/yyyy h:mm AM MST': an instant's day and time in `timeZone` ('' for an invalid instant). */
export function formatDateTime(iso: string, timeZone: string): string {
  const day = formatInstantDay(iso, timeZone);
  return day ? `${day} ${formatTime(iso, timeZone)}` : "";
}

/** MM/dd/yyyy in the organization's time zone; null → null. */
export function formatDate(iso: string | null, timeZone: string): string | null {
  return iso ? formatInstantDay(iso, timeZone) || null : null;
}
