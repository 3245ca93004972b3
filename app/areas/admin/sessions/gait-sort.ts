/**
 * The admin gait sessions table's sort (003 §2, §9): `?sort=<column>&dir=asc|desc` in the URL, sorted on the
 * portal's server. No sort in the URL is the default, ID descending. A header link cycles its column
 * none → ASC → DESC → none ("none" is the default order again). The ID order is the API's (newest first): the ids
 * are UUIDs, which carry no order of their own. Pure.
 */
import { pageOfList, pageParam } from "../../../domain/paging";
import { compareId, compareTextNumeric } from "../../../domain/collate";

export const GAIT_SORT_COLUMNS = ["id", "capturedDate", "patientName", "sessionUUID"] as const;
export type GaitSortColumn = (typeof GAIT_SORT_COLUMNS)[number];
export type SortDir = "asc" | "desc";
export interface GaitSort {
  column: GaitSortColumn;
  dir: SortDir;
}

/** 003 §9 "Default table sorts: sessions ID descending". */
export const DEFAULT_GAIT_SORT: GaitSort = { column: "id", dir: "desc" };

/** The sort the URL asks for, or null (none: the default order). */
export function parseGaitSort(params: URLSearchParams): GaitSort | null {
  const column = params.get("sort");
  const dir = params.get("dir");
  if (!(GAIT_SORT_COLUMNS as readonly string[]).includes(column ?? "")) return null;
  if (dir !== "asc" && dir !== "desc") return null;
  return { column: column as GaitSortColumn, dir };
}

/** The header link's next sort of `column`: none → asc → desc → none. */
export function nextGaitSort(current: GaitSort | null, column: GaitSortColumn): GaitSort | null {
  if (!current || current.column !== column) return { column, dir: "asc" };
  return current.dir === "asc" ? { column, dir: "desc" } : null;
}

/** `aria-sort` of a column header. */
export function ariaSort(current: GaitSort | null, column: GaitSortColumn): "ascending" | "descending" | "none" {
  const applied = current ?? DEFAULT_GAIT_SORT;
  if (applied.column !== column) return "none";
  return applied.dir === "asc" ? "ascending" : "descending";
}

export function gaitSortSearch(sort: GaitSort | null): string {
  return sort ? `?sort=${sort.column}&dir=${sort.dir}` : "";
}

export interface GaitSortable {
  id: string;
  capturedDate: string;
  patientName: string;
  sessionUUID: string;
}

/**
 * The rows in the sort's order (the default when null). `rows` come in the API's order, newest first (the
 * contract's adminListGaitSessions): that order is the ID order, so "ID descending" is newest first and
 * "ascending" oldest first. The ids are UUIDs, whose text says nothing of their age (compared as text, even
 * number-aware, they were in random order by date: issue 25). Ties of the other columns keep the API's order.
 * A new array.
 */
export function sortGaitRows<T extends GaitSortable>(rows: readonly T[], sort: GaitSort | null): T[] {
  const { column, dir } = sort ?? DEFAULT_GAIT_SORT;
  const sign = dir === "asc" ? 1 : -1;
  // Position in the API's answer: 0 is the newest, so a larger position is a smaller "id".
  const indexed = rows.map((row, position) => ({ row, position }));
  type Item = (typeof indexed)[number];
  const byId = (a: Item, b: Item) => b.position - a.position;
  const cmp =
    column === "id"
      ? byId
      : column === "capturedDate"
        ? (a: Item, b: Item) => Date.parse(a.row.capturedDate) - Date.parse(b.row.capturedDate)
        : column === "sessionUUID"
          ? // UUIDs are text: a run of digits in one is no number (the one order of ID columns, domain/collate.ts).
            (a: Item, b: Item) => compareId(a.row.sessionUUID, b.row.sessionUUID)
          : (a: Item, b: Item) => compareTextNumeric(a.row[column], b.row[column]);
  return indexed.sort((a, b) => sign * cmp(a, b) || a.position - b.position).map((x) => x.row);
}

/** The table's page size (the spec shows a table of the last 90 days; ours is paged, the sort spans all pages). */
export const GAIT_PAGE_SIZE = 50;

/** `?page=` (the one rule of every list, domain/paging.ts). */
export const parsePage = (params: URLSearchParams): number => pageParam(params.get("page"));

/**
 * One page of sorted rows with the pager's metadata. A page past the end is not the last page in disguise: it has
 * no rows, and the list says there is no such page (the shared pager's `EmptyList`, as every paged list does).
 */
export const pageOf = <T>(rows: readonly T[], page: number, size = GAIT_PAGE_SIZE) => pageOfList(rows, page, size);
