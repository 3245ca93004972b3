/**
 * Calendar days in the organization's time zone (sessions are grouped, charted and filtered by the day they
 * happened there). A day is written 'YYYY-MM-DD'. An unknown zone falls back to the spec's default,
 * America/Denver (000 §9).
 */

export const DEFAULT_TIME_ZONE = "America/Denver";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    } catch {
      f = formatter(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(t: number, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), min: Number(parts.minute), s: Number(parts.second) };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The day ('YYYY-MM-DD') an instant falls on in `timeZone`; null for an invalid instant. */
export function dayInZone(iso: string, timeZone: string): string | null {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const w = wallClock(t, timeZone);
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
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

/** 'h:mm AM' of an instant in `timeZone`. */
export function formatTime(iso: string, timeZone: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    zone = DEFAULT_TIME_ZONE;
  }
  return new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(new Date(t));
}

/** The instant (ISO) a day starts (00:00:00.000) or ends (23:59:59.999) in `timeZone`. */
export function dayBoundary(day: string, timeZone: string, edge: "start" | "end"): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = edge === "start" ? Date.UTC(y, m - 1, d) : Date.UTC(y, m - 1, d, 23, 59, 59, 999);
  const offsetAt = (t: number) => {
    const w = wallClock(t, timeZone);
    return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(t / 1000) * 1000;
  };
  // Two passes settle the offset across a daylight-saving change.
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  return new Date(t).toISOString();
}
