/**
 * Text length as the product counts it (spec 000 §5 "Text length"): a line break counts as two characters
 * (browsers submit a textarea's line breaks as CRLF). Used by the care-note and gait-comment limits.
 */

/** The text with its line breaks as LF (what the API stores). */
export const normalizeLineBreaks = (text: string) => text.replace(/\r\n?/g, "\n");

/** The counted length: characters, with each line break counting as two. */
export function countedLength(text: string): number {
  const lf = normalizeLineBreaks(text);
  let breaks = 0;
  for (const ch of lf) if (ch === "\n") breaks++;
  return lf.length + breaks;
}
