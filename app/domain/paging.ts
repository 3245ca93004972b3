/**
 * Paged lists' rules, one for every list (portal and admin; ADR 051): which page a URL asks for, whether that page
 * lies past the end of the list, what the list then says, and which page numbers the pager offers. Pure.
 */

/** The contract's largest page number (openapi `Page`: maximum 100000). */
export const MAX_PAGE = 100_000;

/**
 * The page a `?page=` value asks for: a whole number from 1 (digits only; "2.0", "1e3", " 3" are not page
 * numbers) — 1 when absent or not a page number, at most MAX_PAGE. A page past the end of the list is kept as it
 * was asked: the list answers that it has no such page (`isPastEnd`), never silently another page.
 */
export function pageParam(value: string | null | undefined): number {
  if (typeof value !== "string" || !/^\d+$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/** The paged answer's metadata (002 §3 "Paged response"). */
export interface PageMetadata {
  totalItems: number;
  itemCount: number;
  itemsForPage: number;
  totalPages: number;
}

/** Whether `page` lies past the end of the list: nothing on it, and it is after the last page. */
export const isPastEnd = (page: number, metadata: PageMetadata): boolean => page > 1 && metadata.itemCount === 0 && page > metadata.totalPages;

export const countOf = (n: number, noun: readonly [string, string]) => `${n} ${n === 1 ? noun[0] : noun[1]}`;
export const pagesOf = (n: number) => (n === 1 ? "1 page" : `${n} pages`);

/** What a page past the end says instead of the list's empty state (null: the list is empty anyway). */
export function pastEndMessage(page: number, metadata: PageMetadata, noun: readonly [string, string]): string | null {
  if (metadata.totalItems === 0) return null;
  return `There is no page ${page}: the list has ${countOf(metadata.totalItems, noun)} on ${pagesOf(metadata.totalPages)}.`;
}

/**
 * One page of a list held whole (sorted or grouped on the portal's server), with the metadata a paged answer of
 * the API has. A page past the end has no rows (and the pager says so), as the API's lists answer.
 */
export function pageOfList<T>(rows: readonly T[], page: number, size: number): { items: T[]; page: number; metadata: PageMetadata } {
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.max(1, Math.floor(page) || 1);
  const items = rows.slice((current - 1) * size, current * size);
  return { items, page: current, metadata: { totalItems: rows.length, itemCount: items.length, itemsForPage: size, totalPages } };
}

/** A gap in the pager's numbers ("…"). */
export const GAP = "gap" as const;

/**
 * The page numbers the pager links to: the first and last page, the current page and one either side, and a gap
 * ("…") wherever numbers are left out — a gap never stands for a single page (that page is shown instead). At most
 * seven entries, so the row fits a phone: 1 … 11 12 13 … 23.
 */
export function pageNumbers(current: number, totalPages: number): (number | typeof GAP)[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const page = Math.min(Math.max(1, current), totalPages);
  // Near an end, the window widens so the row keeps its length (1 2 3 4 5 … 23).
  let from = Math.max(2, page - 1);
  let to = Math.min(totalPages - 1, page + 1);
  if (page <= 4) to = Math.min(totalPages - 1, Math.max(to, 5));
  if (page >= totalPages - 3) from = Math.max(2, Math.min(from, totalPages - 4));
  const out: (number | typeof GAP)[] = [1];
  if (from === 3) out.push(2);
  else if (from > 3) out.push(GAP);
  for (let n = from; n <= to; n++) out.push(n);
  if (to === totalPages - 2) out.push(totalPages - 1);
  else if (to < totalPages - 2) out.push(GAP);
  out.push(totalPages);
  return out;
}
