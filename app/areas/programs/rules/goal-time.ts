/**
 * The time of a set goal (001 §5, §9): the builder's time input accepts only digits and a colon; a time is
 * written as seconds ("90"), mm:ss ("1:30") or hh:mm:ss ("0:01:30"); a negative time becomes 0. The API keeps
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

/** What the time input lets through while typing: digits and colons only. */
export const timeInputFilter = (text: string) => text.replace(/[^0-9:]/g, "");

/**
 * Seconds of a typed time: seconds, mm:ss or hh:mm:ss (with more colons, the last three parts); an empty part
 * counts 0; a negative time is 0; anything but digits and colons is ignored. Clamped to 0…3600.
 */
export function parseGoalTime(text: string): number {
  const trimmed = text.trim();
  if (trimmed.startsWith("-")) return 0;
  const parts = timeInputFilter(trimmed).split(":").slice(-3);
  let seconds = 0;
  for (const part of parts) seconds = seconds * 60 + (part ? Number.parseInt(part, 10) : 0);
  if (!Number.isFinite(seconds)) return TIME_MAX;
  return Math.min(TIME_MAX, Math.max(0, seconds));
}

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
