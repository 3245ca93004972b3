/**
 * The pager under a paged list: "first–last of total · Page n of N" and Previous / Next page links (plain
 * links: works without JavaScript). One page only: the count alone ("12 patients").
 */
import { Link } from "@remix-run/react";

export function Pager({ page, totalPages, totalItems, itemCount, pageSize, hrefFor, noun }: { page: number; totalPages: number; totalItems: number; itemCount: number; pageSize: number; hrefFor: (page: number) => string; noun: [string, string] }) {
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
