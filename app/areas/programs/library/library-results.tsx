/**
 * The Motion Library's results (001 §2.1): the grid of exercise cards with their favorite toggles and the pager, or
 * the message when the exercises could not be loaded. A section streamed after the page's header, whose JavaScript is
 * only its controls' (the cards' links, the favorites, the pager): library-page.tsx loads it after the page is
 * interactive, and React keeps the server's HTML — links and forms that work as without JavaScript — until it has come.
 */
import { useLocation } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import { ROUTES } from "../../../shell/nav";
import type { ExerciseFilters } from "../rules/exercise-filters";
import { ExerciseCard } from "./exercise-card";
import { ExerciseGrid } from "./exercise-grid";
import { FavoriteButton } from "./favorite-button";
import { GridError, libraryHref } from "./library-page";
import type { LibraryGrid } from "./library-route.server";

export function LibraryResults({ grid, state }: { grid: SerializeFrom<LibraryGrid>; state: ExerciseFilters }) {
  const location = useLocation();
  if (grid.error !== undefined) return <GridError state={state} />;
  const favorites = grid.favorites ? new Set(grid.favorites) : null;
  const shown = { ...state, page: grid.page.page };
  const action = `${ROUTES.motionLibrary}${location.search}`;
  return (
    <>
      <h2 className="visually-hidden">Exercises</h2>
      {grid.favoritesError ? (
        <p className="notice notice-error" role="alert">
          {grid.favoritesError}
        </p>
      ) : null}
      <ExerciseGrid
        page={grid.page}
        pager={{ kind: "links", hrefFor: (n) => libraryHref({ ...shown, page: n }) }}
        renderCard={(e) => (
          <ExerciseCard
            exercise={e}
            href={libraryHref(shown, { exercise: e.id })}
            action={favorites ? <FavoriteButton exercise={e} favorite={favorites.has(e.id)} action={action} /> : null}
          />
        )}
      />
    </>
  );
}
