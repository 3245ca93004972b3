/**
 * The exercise grid (001 §2.1, §2.2): a list of cards, 36 a page (paged by the caller: `pageOf`), the pager
 * and the empty state. The pager is made of links (the library: GET URLs) or of submit buttons named
 * `goToPage` inside the caller's form (the builder's POST form; `parseExerciseFiltersForm` reads them).
 */
import { Link } from "react-router";
import type { ReactNode } from "react";
import { FILTER_FIELDS, type ExercisePage } from "../rules/exercise-filters";

export const NO_EXERCISES_MESSAGE = "No exercises match your search and filters.";

export type GridPager = { kind: "links"; hrefFor: (page: number) => string } | { kind: "buttons" };

export interface ExerciseGridProps<E extends { id: string }> {
  page: ExercisePage<E>;
  /** One card (usually an <ExerciseCard />). */
  renderCard: (exercise: E) => ReactNode;
  pager: GridPager;
  /** The list's accessible name (default 'Exercises'). */
  label?: string;
  /** Shown instead of the grid when nothing matches (default NO_EXERCISES_MESSAGE). */
  empty?: ReactNode;
}

export function ExerciseGrid<E extends { id: string }>({ page, renderCard, pager, label = "Exercises", empty }: ExerciseGridProps<E>) {
  if (page.total === 0) return <p className="exercise-empty">{empty ?? NO_EXERCISES_MESSAGE}</p>;
  return (
    <>
      <ul className="exercise-grid" aria-label={label}>
        {page.items.map((e) => (
          <li key={e.id}>{renderCard(e)}</li>
        ))}
      </ul>
      <GridPagerNav page={page} pager={pager} />
    </>
  );
}

function GridPagerNav<E>({ page, pager }: { page: ExercisePage<E>; pager: GridPager }) {
  const last = page.first + page.items.length - 1;
  const summary = `${page.first}–${last} of ${page.total} exercise${page.total === 1 ? "" : "s"}`;
  if (page.pageCount <= 1) return <p className="exercise-pager-summary">{summary}</p>;
  const to = (n: number, text: string, rel: "prev" | "next") =>
    pager.kind === "links" ? (
      <Link to={pager.hrefFor(n)} className="button" rel={rel}>
        {text}
      </Link>
    ) : (
      <button type="submit" className="button" name={FILTER_FIELDS.goToPage} value={String(n)}>
        {text}
      </button>
    );
  return (
    <nav aria-label="Pagination" className="exercise-pager">
      <p className="exercise-pager-summary">{`${summary} · Page ${page.page} of ${page.pageCount}`}</p>
      {page.page > 1 ? to(page.page - 1, "Previous page", "prev") : null}
      {page.page < page.pageCount ? to(page.page + 1, "Next page", "next") : null}
    </nav>
  );
}
