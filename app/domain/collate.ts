/**
 * Text comparison for sorting what people read (names, locations, subjects), with the collators made once.
 * `a.localeCompare(b, "en", options)` builds a new ICU collator on every call: sorting an organization's
 * providers for each patient list page spent more time there than in the rest of the page's own code (CPU profile
 * of the list benchmark, ADR 023). Same results as that call.
 */
/**
 * A collator made at its first use, not when the module loads: every page's scripts import this module (the shell's
 * filter, people's names) and most pages never compare text in the browser, while the first collator a page makes
 * loads ICU's collation data: made at load, the four took 17-20 ms of the patient list's main thread in Chromium's
 * profile, of which ~11 ms is ICU's own start that the page's first date format pays now (net ~6-9 ms a page load).
 */
function collator(options: Intl.CollatorOptions): (a: string, b: string) => number {
  let made: Intl.Collator | undefined;
  return (a, b) => (made ??= new Intl.Collator("en", options)).compare(a, b);
}

/** Case- and accent-insensitive ('Ana' = 'ana' = 'Aña'). */
export const compareText = collator({ sensitivity: "base" });
/** As compareText, with digits compared as numbers ('Clinic 2' before 'Clinic 10'). */
export const compareTextNumeric = collator({ sensitivity: "base", numeric: true });
/** Case-sensitive, digits as numbers. */
export const compareNumeric = collator({ numeric: true });
/** English collation, every difference counts (the tie-breaker after compareText). */
export const compareExact = collator({});

/**
 * The order of machine keys — ISO dates and times, UUIDs, billing codes, attribute names: code unit by code unit, the
 * same in every locale and runtime. Not `localeCompare`: on keys it gives the same order (they are ASCII of one case
 * and one format), but its first call in a page starts ICU's collation (~15 ms of every page load's main thread in
 * Chromium's profile, where the document's link keys were sorted with it).
 */
export const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Plain text order, character by character, case folded: the order of identifiers that are no words. */
const textOrder = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The one order of identifier columns (session UUIDs, participant IDs): a UUID is text, character by character — a
 * run of digits in it is no number ('10aa…' before '9f3c…'; issue 34: the gait sessions' UUID column sorted digit
 * runs as numbers) — while an ID people type ('P2', 'P10', '1001') keeps its numbers' order (compareNumeric).
 */
export const compareId = (a: string, b: string): number => (UUID.test(a) && UUID.test(b) ? textOrder(a, b) : compareNumeric(a, b));
