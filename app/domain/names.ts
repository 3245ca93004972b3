/**
 * How people's names are shown (000 §3 "Name display rules"): 'Last, First'; '(Missing First Name)',
 * '(Missing Last Name)' or '(Missing Name)' when a part is absent; duplicate names in a dropdown get the id
 * appended.
 */
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
  const counts = new Map<string, number>();
  const key = (p: PersonName) => displayName(p).toLocaleLowerCase("en");
  for (const p of people) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return people.map((p) => ({ id: p.id, label: (counts.get(key(p)) ?? 0) > 1 ? `${displayName(p)} (${p.id})` : displayName(p) }));
}

/** Sorts people by their displayed name (case- and accent-insensitive), then id. */
export function byDisplayName(a: PersonName & { id: string }, b: PersonName & { id: string }): number {
  return displayName(a).localeCompare(displayName(b), "en", { sensitivity: "base" }) || a.id.localeCompare(b.id);
}
