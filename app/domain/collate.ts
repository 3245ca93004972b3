/**
 * Text comparison for sorting what people read (names, locations, subjects), with the collators made once.
 * `a.localeCompare(b, "en", options)` builds a new ICU collator on every call: sorting an organization's
 * providers for each patient list page spent more time there than in the rest of the page's own code (CPU profile
 * of the list benchmark, ADR 023). Same results as that call.
 */
const base = new Intl.Collator("en", { sensitivity: "base" });
const baseNumeric = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const numeric = new Intl.Collator("en", { numeric: true });
const exact = new Intl.Collator("en");

/** Case- and accent-insensitive ('Ana' = 'ana' = 'Aña'). */
export const compareText = (a: string, b: string): number => base.compare(a, b);
/** As compareText, with digits compared as numbers ('Clinic 2' before 'Clinic 10'). */
export const compareTextNumeric = (a: string, b: string): number => baseNumeric.compare(a, b);
/** Case-sensitive, digits as numbers. */
export const compareNumeric = (a: string, b: string): number => numeric.compare(a, b);
/** English collation, every difference counts (the tie-breaker after compareText). */
export const compareExact = (a: string, b: string): number => exact.compare(a, b);
