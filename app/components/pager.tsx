/**
 * The pager under a paged list: "first–last of total · Page n of N" and Previous / Next page links (plain
 * links: works without JavaScript). One page only: the count alone ("12 patients"). A page past the end of the
 * list (a typed, bookmarked or stale `?page=`): where the list ends and a link back to its last page
 * (`EmptyList` shows it in place of the list's empty state).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface PageMetadata {
  totalItems: number;
  itemCount: number;
  itemsForPage: number;
  totalPages: number;
}

interface PagerProps {
  /** The paged answer's (002 §3 "Paged response"). */
  metadata: PageMetadata;
  /** The page shown. */
  page: number;
  hrefFor: (page: number) => string;
  noun: [string, string];
}

const count = (n: number, noun: [string, string]) => `${n} ${n === 1 ? noun[0] : noun[1]}`;

/** Whether `page` lies past the end of the list: nothing on it, and it is after the last page. */
export const isPastEnd = (page: number, metadata: PageMetadata): boolean => page > 1 && metadata.itemCount === 0 && page > metadata.totalPages;

/** What a page past the end says instead of the list's empty state (null: the list is empty anyway). */
export function pastEndMessage(page: number, metadata: PageMetadata, noun: [string, string]): string | null {
  if (metadata.totalItems === 0) return null;
  return `There is no page ${page}: the list has ${count(metadata.totalItems, noun)} on ${metadata.totalPages === 1 ? "1 page" : `${metadata.totalPages} pages`}.`;
}

export function Pager({ page, metadata, hrefFor, noun }: PagerProps) {
  const { totalPages, totalItems, itemCount, itemsForPage: pageSize } = metadata;
  if (isPastEnd(page, metadata)) {
    const last = Math.max(1, totalPages);
    return (
      <nav aria-label="Pagination" className="pager">
        <p className="pager-summary">{totalItems > 0 ? `${count(totalItems, noun)} · ${totalPages === 1 ? "1 page" : `${totalPages} pages`}` : count(0, noun)}</p>
        <Link to={hrefFor(last)} className="button">
          {last === 1 ? "Go to the first page" : `Go to the last page (${last})`}
        </Link>
      </nav>
    );
  }
  if (totalPages <= 1) return <p className="pager-summary">{count(totalItems, noun)}</p>;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav aria-label="Pagination" className="pager">
      <p className="pager-summary">{`${first}–${first + itemCount - 1} of ${totalItems} · Page ${page} of ${totalPages}`}</p>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="button">
          Previous page
        </Link>
      ) : null}
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className="button">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A paged list without rows: its own empty message (`children`); past the end of a list, where the list ends and
 * the pager with the way back (`withPager`: false where the list renders its pager itself).
 */
export function EmptyList({ children, className = "empty-state", withPager = true, ...pager }: PagerProps & { children: ReactNode; className?: string; withPager?: boolean }) {
  if (!isPastEnd(pager.page, pager.metadata)) return <p className={className}>{children}</p>;
  return (
    <>
      <p className={className}>{pastEndMessage(pager.page, pager.metadata, pager.noun) ?? children}</p>
      {withPager ? <Pager {...pager} /> : null}
    </>
  );
}
