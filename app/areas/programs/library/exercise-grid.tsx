/**
 * The exercise grid (001 §2.1, §2.2): a list of cards, 36 a page (paged by the caller: `pageOf`), the shared
 * pager and the empty state. The pager is made of links (the library: GET URLs) or of submit buttons named
 * `goToPage` inside the caller's form (the builder's POST form; `parseExerciseFiltersForm` reads them).
 */
import type { ReactNode } from "react";
import { FILTER_FIELDS, type ExercisePage } from "../rules/exercise-filters";
import { EmptyList, Pager } from "../../../components/pager";

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
  const shared = pagerOf(page, pager);
  // A page past the last says so with the way back, as every paged list does (domain/paging.ts).
  if (page.items.length === 0) return <EmptyList {...shared} className="exercise-empty">{empty ?? NO_EXERCISES_MESSAGE}</EmptyList>;
  return (
    <>
      <ul className="exercise-grid" aria-label={label}>
        {page.items.map((e) => (
          <li key={e.id}>{renderCard(e)}</li>
        ))}
      </ul>
      <Pager {...shared} />
    </>
  );
}

/** The shared pager's props: links (GET) or the caller's form's submit buttons named `goToPage`. */
function pagerOf<E>(page: ExercisePage<E>, pager: GridPager) {
  const common = {
    page: page.page,
    metadata: { totalItems: page.total, itemCount: page.items.length, itemsForPage: page.size, totalPages: page.pageCount },
    noun: ["exercise", "exercises"] as [string, string],
  };
  return pager.kind === "links" ? { ...common, hrefFor: pager.hrefFor } : { ...common, buttonName: FILTER_FIELDS.goToPage };
}
