/**
 * A location's keyword (003 §2 "Admin locations", §3 "Admin location", "Organization creation payload"): the code
 * that matches form responses and sign-ups to a location (ADR 031). The spec gives it no rule; ours:
 *
 * - a code: 1 to 32 letters, digits, `-` and `_`, starting with a letter or a digit (no spaces, markup or emoji);
 * - stored in capitals (a code reads the same however it was typed): `denverdt` is `DENVERDT`;
 * - unique across ALL organizations, ignoring case (a response carrying it must name one location): the API
 *   answers 409 for a keyword in use, and the database has a unique index on it;
 * - optional: blank (or surrounding spaces only) removes it; surrounding spaces are trimmed.
 *
 * One rule for the portal's forms (the inline edit of the admin locations page, step 1 of Add New Organization)
 * and the reference API (PATCH v2/admin/locations/{id}, POST v2/admin/organizations). Pure and browser-safe.
 */

export const KEYWORD_MAX_LENGTH = 32;

/** The keyword's characters once trimmed (the contract's pattern also allows surrounding spaces). */
export const KEYWORD_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const KEYWORD_MESSAGES = {
  characters: "Keyword may only contain letters, digits, - and _ (no spaces), starting with a letter or digit.",
  tooLong: `Keyword must be at most ${KEYWORD_MAX_LENGTH} characters.`,
  inUse: "This keyword is already used by another location.",
} as const;

/** The keyword as stored: trimmed, in capitals; null when blank or absent. */
export function normaliseKeyword(raw: string | null | undefined): string | null {
  const t = raw?.trim();
  return t ? t.toUpperCase() : null;
}

/** What is wrong with a keyword as typed (null: nothing; a blank one removes the keyword). */
export function keywordProblem(raw: string | null | undefined): string | null {
  // Checked as typed, before the capitals: "straße" must not become the code "STRASSE".
  const k = raw?.trim();
  if (!k) return null;
  if (k.length > KEYWORD_MAX_LENGTH) return KEYWORD_MESSAGES.tooLong;
  if (!KEYWORD_PATTERN.test(k)) return KEYWORD_MESSAGES.characters;
  return null;
}
