/**
 * The time of a set goal (001 §5, §9): the builder's time input accepts only digits and a colon; a time is
 * written as seconds ("90"), mm:ss ("1:30") or hh:mm:ss ("0:01:30"); a negative time becomes 0 (the page keeps a
 * typed leading minus visible until the field is left, then shows 0). The API keeps
 * seconds (0 to 3600). The slider covers 0 to 60 s; the quick picks are 30 s, 1 min and 1:30 min.
 */

/** The API's largest time goal (seconds). */
export const TIME_MAX = 3600;
/** The slider's range (seconds). */
export const TIME_SLIDER_MAX = 60;
/** The quick picks next to the slider (001 §9). */
export const TIME_QUICK_PICKS = [
  { seconds: 30, label: "30 s" },
  { seconds: 60, label: "1 min" },
  { seconds: 90, label: "1:30 min" },
] as const;

/** Ours (the spec gives the formats and the limit, not these messages). */
export const TIME_FORMAT_MESSAGE = "Write the time as seconds, mm:ss or hh:mm:ss.";
export const TIME_PARTS_MESSAGE = "Minutes and seconds go from 0 to 59 (e.g. 1:30).";
export const TIME_TOO_LONG_MESSAGE = "The time goal can be at most 1 hour (1:00:00).";

/**
 * A typed time, read as written — never changed without saying so: seconds ("90"), mm:ss ("1:30") or hh:mm:ss
 * ("0:01:30"); an empty part counts 0 (":30", "2:"); blank is 0; a negative time is 0 (001 §5). Anything else is
 * refused with a message (the field keeps the text): other characters ("1.5", "30 s"), more than three parts,
 * minutes or seconds past 59 ("99:99"), more than an hour ("2:00:00"). Used by the server and the page's preview.
 */
export function readGoalTime(text: string): { seconds: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith("-")) return { seconds: 0 };
  if (!/^[0-9:]*$/.test(trimmed)) return { error: TIME_FORMAT_MESSAGE };
  const parts = trimmed.split(":");
  if (parts.length > 3 || parts.some((p) => p.length > 6)) return { error: TIME_FORMAT_MESSAGE };
  const numbers = parts.map((p) => (p ? Number.parseInt(p, 10) : 0));
  if (numbers.slice(1).some((n) => n > 59)) return { error: TIME_PARTS_MESSAGE };
  const seconds = numbers.reduce((total, n) => total * 60 + n, 0);
  return seconds > TIME_MAX ? { error: TIME_TOO_LONG_MESSAGE } : { seconds };
}

/** The seconds of a typed time, or null when it is refused (`readGoalTime` says why). */
export function parseGoalTime(text: string): number | null {
  const read = readGoalTime(text);
  return "seconds" in read ? read.seconds : null;
}

/** What the time input lets through while typing: digits and colons, and a leading minus (which makes it 0). */
export const timeInputFilter = (text: string) => {
  const negative = text.trimStart().startsWith("-");
  const rest = text.replace(/[^0-9:]/g, "");
  return negative ? `-${rest}` : rest;
};

const two = (n: number) => String(n).padStart(2, "0");

/** The time input's text: seconds under a minute ("45"), mm:ss ("1:30"), hh:mm:ss from an hour ("1:00:00"). */
export function formatGoalTimeInput(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return String(s);
  if (s < 3600) return `${Math.floor(s / 60)}:${two(s % 60)}`;
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** A time as the builder reads it out, like the quick picks: "30 s", "1 min", "1:30 min", "1:00:00". */
export function goalTimeLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 === 0 ? `${s / 60} min` : `${formatGoalTimeInput(s)} min`;
  return formatGoalTimeInput(s);
}
