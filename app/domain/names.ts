/**
 * How people's names are shown (000 §3 "Name display rules"): 'Last, First'; '(Missing First Name)',
 * '(Missing Last Name)' or '(Missing Name)' when a part is absent; duplicate names in a dropdown get the id
 * appended.
 */
import { compareKeys, compareText } from "./collate";
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

export const MISSING_FIRST_NAME = "(Missing First Name)";
export const MISSING_LAST_NAME = "(Missing Last Name)";
export const MISSING_NAME = "(Missing Name)";

const clean = (s: string | null | undefined) => (s ?? "").trim();

/** 'Last, First' with the spec's placeholders for missing parts. */
export function displayName(person: PersonName): string {
  const first = clean(person.firstName);
  const last = clean(person.lastName);
  if (!first && !last) return MISSING_NAME;
  return `${last || MISSING_LAST_NAME}, ${first || MISSING_FIRST_NAME}`;
}

/** 'First Last' (messages such as 'Successfully discharged Ana Rivera'); '(Missing Name)' when both are absent. */
export function fullName(person: PersonName): string {
  const name = [clean(person.firstName), clean(person.lastName)].filter(Boolean).join(" ");
  return name || MISSING_NAME;
}

/**
 * Labels for a dropdown of people: 'Last, First', and for names shared by several people 'Last, First (id)'
 * so each option can be told apart. Returned in the input's order.
 */
export function optionLabels<T extends PersonName & { id: string }>(people: readonly T[]): { id: string; label: string }[] {
  // Each name once (a list page labels the organization's providers on every request); English lower case is
  // toLowerCase (toLocaleLowerCase differs only for Turkish, Azeri and Lithuanian).
  const names = people.map((p) => displayName(p));
  const keys = names.map((n) => n.toLowerCase());
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return people.map((p, i) => ({ id: p.id, label: (counts.get(keys[i]!) ?? 0) > 1 ? `${names[i]!} (${p.id})` : names[i]! }));
}

/** Sorts people by their displayed name (case- and accent-insensitive), then id. */
export function byDisplayName(a: PersonName & { id: string }, b: PersonName & { id: string }): number {
  return compareText(displayName(a), displayName(b)) || compareKeys(a.id, b.id);
}
