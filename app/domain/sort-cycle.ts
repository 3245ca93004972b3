/**
 * The header sort of the portal's tables (000 §4, 002 §2 "Table header sort cycles"): a column's header goes
 * none → ASC → DESC → none; another column starts at ASC. Lists keep it in the URL (`sort`, `dir`).
 */
export type SortDir = "asc" | "desc";

export interface SortState<C extends string> {
  sort: C | null;
  dir: SortDir | null;
}

/** The sort after clicking `column`'s header. */
export function nextSortOf<C extends string>(state: SortState<C>, column: C): SortState<C> {
  if (state.sort !== column) return { sort: column, dir: "asc" };
  if (state.dir === "asc") return { sort: column, dir: "desc" };
  return { sort: null, dir: null };
}

/** The header's aria-sort. */
export const ariaSortOf = <C extends string>(state: SortState<C>, column: C): "ascending" | "descending" | "none" =>
  state.sort === column ? (state.dir === "asc" ? "ascending" : "descending") : "none";
