/**
 * The pager under every paged list (portal and admin; ADR 051): "first–last of total · Page n of N", Previous /
 * Next page, the page numbers around the current one with the first and last page and "…" for the rest
 * (`pageNumbers`), and a "Go to page" form. Plain links and a GET form: works without JavaScript (with it, the
 * router navigates). One page only: the count alone ("12 patients"). A page past the end of the list (a typed,
 * bookmarked or stale `?page=`, the "Go to page" form included): where the list ends and a link back to its last
 * page (`EmptyList` shows it in place of the list's empty state) — the one rule of every list (domain/paging.ts).
 *
 * A list inside a POST form (the program builder's exercise grid) passes `buttonName` instead of `hrefFor`: each
 * page is a submit button of the caller's form (`name=buttonName value=n`); it has no "Go to page" form (a form
 * cannot hold another).
 */
import { useId, type ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "./link";
import { countOf, GAP, isPastEnd, pageNumbers, pagesOf, pastEndMessage, type PageMetadata } from "../domain/paging";

export { isPastEnd, pastEndMessage, type PageMetadata } from "../domain/paging";

/** Where a page is: a link (`hrefFor`), or a submit button of the form the pager is in (`name=buttonName value=n`). */
interface PagerTarget {
  hrefFor?: (page: number) => string;
  buttonName?: string;
}

type PagerProps = PagerTarget & {
  /** The paged answer's (002 §3 "Paged response"). */
  metadata: PageMetadata;
  /** The page shown. */
  page: number;
  noun: [string, string];
  /** The pager's accessible name (default "Pagination"; a page with two paged lists names each). */
  label?: string;
  /** The search parameter of the page (default "page"): the "Go to page" form's field. */
  pageParam?: string;
  /** The words of the previous and next page's links where the list says better ("Newer sessions", "Older sessions"). */
  previousText?: string;
  nextText?: string;
};

const BASE = "http://portal.invalid";

/** The "Go to page" form's target: the list's URL without its page (the path and every other parameter, kept). */
export function jumpTarget(hrefFor: (page: number) => string, pageParam = "page"): { action: string; fields: [string, string][] } {
  const url = new URL(hrefFor(2), `${BASE}/`);
  return { action: url.pathname, fields: [...url.searchParams].filter(([name]) => name !== pageParam) };
}

/** A link or submit button to page `n` (`rel`: previous or next). */
function To({ target, n, rel, className, children, label }: { target: PagerTarget; n: number; rel?: "prev" | "next"; className: string; children: ReactNode; label?: string }) {
  return target.hrefFor ? (
    <Link to={target.hrefFor(n)} className={className} rel={rel} aria-label={label}>
      {children}
    </Link>
  ) : (
    <button type="submit" name={target.buttonName} value={String(n)} className={className} aria-label={label}>
      {children}
    </button>
  );
}

function JumpForm({ hrefFor, pageParam, totalPages }: { hrefFor: (page: number) => string; pageParam: string; totalPages: number | null }) {
  const id = useId();
  const { action, fields } = jumpTarget(hrefFor, pageParam);
  return (
    <Form method="get" action={action} className="pager-jump">
      {fields.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id}>Go to page</label>
      {/* Text, not a number field (app/forms/fields.test.ts: browsers alter what a number field cannot read); no max: a page
          past the end is answered by the list, in its words, as for a typed URL. */}
      <input id={id} name={pageParam} type="text" inputMode="numeric" pattern="[0-9]*" autoComplete="off" required className="pager-jump-input" aria-describedby={totalPages ? `${id}-of` : undefined} />
      {totalPages ? (
        <span id={`${id}-of`} className="visually-hidden">
          {`of ${totalPages}`}
        </span>
      ) : null}
      <button type="submit" className="button">
        Go
      </button>
    </Form>
  );
}

export function Pager({ page, metadata, noun, label = "Pagination", pageParam = "page", previousText = "Previous page", nextText = "Next page", hrefFor, buttonName }: PagerProps) {
  const { totalPages, totalItems, itemCount, itemsForPage: pageSize } = metadata;
  const t: PagerTarget = { hrefFor, buttonName };
  if (isPastEnd(page, metadata)) {
    const last = Math.max(1, totalPages);
    return (
      <nav aria-label={label} className="pager">
        <p className="pager-summary">{totalItems > 0 ? `${countOf(totalItems, noun)} · ${pagesOf(totalPages)}` : countOf(0, noun)}</p>
        <To target={t} n={last} className="button">
          {last === 1 ? "Go to the first page" : `Go to the last page (${last})`}
        </To>
        {t.hrefFor && totalPages > 1 ? <JumpForm hrefFor={t.hrefFor} pageParam={pageParam} totalPages={totalPages} /> : null}
      </nav>
    );
  }
  if (totalPages <= 1) return <p className="pager-summary">{countOf(totalItems, noun)}</p>;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav aria-label={label} className="pager">
      <p className="pager-summary">{`${first}–${first + itemCount - 1} of ${totalItems} · Page ${page} of ${totalPages}`}</p>
      <PageLinks target={t} page={page} numbers={pageNumbers(page, totalPages)} hasNext={page < totalPages} previousText={previousText} nextText={nextText} />
      {t.hrefFor && totalPages > 2 ? <JumpForm hrefFor={t.hrefFor} pageParam={pageParam} totalPages={totalPages} /> : null}
    </nav>
  );
}

/** Previous, the page numbers (the current one marked, "…" for pages left out) and Next. */
function PageLinks({ target: t, page, numbers, hasNext, previousText, nextText }: { target: PagerTarget; page: number; numbers: (number | typeof GAP)[]; hasNext: boolean; previousText: string; nextText: string }) {
  return (
    <div className="pager-pages">
      {page > 1 ? (
        <To target={t} n={page - 1} rel="prev" className="button pager-step">
          {previousText}
        </To>
      ) : null}
      <ul className="pager-numbers">
        {numbers.map((n, i) =>
          n === GAP ? (
            <li key={`gap-${i}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pager-number" aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {n}
                </span>
              ) : (
                <To target={t} n={n} className="pager-number">
                  <span className="visually-hidden">Page </span>
                  {n}
                </To>
              )}
            </li>
          ),
        )}
      </ul>
      {hasNext ? (
        <To target={t} n={page + 1} rel="next" className="button pager-step">
          {nextText}
        </To>
      ) : null}
    </div>
  );
}

/**
 * The pager of a list whose total the API does not say (Program Templates: `GET v2/health/hep-templates` answers an
 * array; the next page is known to exist or not): Previous / Next, the pages up to the next one with "…" after it
 * when more may follow, and the "Go to page" form. A page past the end is the list's to say (its own empty state).
 */
export function OpenPager({ page, hasNext, hrefFor, label = "Pagination", pageParam = "page" }: { page: number; hasNext: boolean; hrefFor: (page: number) => string; label?: string; pageParam?: string }) {
  if (page <= 1 && !hasNext) return null;
  const known = pageNumbers(page, hasNext ? page + 1 : page);
  return (
    <nav aria-label={label} className="pager">
      <p className="pager-summary">{`Page ${page}`}</p>
      <PageLinks target={{ hrefFor }} page={page} numbers={hasNext ? [...known, GAP] : known} hasNext={hasNext} previousText="Previous page" nextText="Next page" />
      <JumpForm hrefFor={hrefFor} pageParam={pageParam} totalPages={null} />
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
