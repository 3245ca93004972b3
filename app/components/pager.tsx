/**
 * The pager under a paged list: "first–last of total · Page n of N" and Previous / Next page links (plain
 * links: works without JavaScript). One page only: the count alone ("12 patients").
 */
import { Link } from "react-router";

export interface PageMetadata {
  totalItems: number;
  itemCount: number;
  itemsForPage: number;
  totalPages: number;
}

/** `metadata`: the paged answer's (002 §3 "Paged response"); `page`: the page shown. */
export function Pager({ page, metadata, hrefFor, noun }: { page: number; metadata: PageMetadata; hrefFor: (page: number) => string; noun: [string, string] }) {
  const { totalPages, totalItems, itemCount, itemsForPage: pageSize } = metadata;
  if (totalPages <= 1) return <p className="pager-summary">{`${totalItems} ${totalItems === 1 ? noun[0] : noun[1]}`}</p>;
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
