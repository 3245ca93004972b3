/**
 * The Motion Library page (001 §2.1): the title and the search box, the filter panel and the grid of 36 a
 * page. The header, the search and the filters render at once; the grid streams in (its own message when the
 * exercises could not be loaded), and so does the detail drawer (`?exercise={id}`).
 */
import { Await, Form } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { Suspense } from "react";
import { ROUTES } from "../../../shell/nav";
import { exerciseFilterParams, exerciseFilterSearch, type ExerciseFilters } from "../rules/exercise-filters";
import { EXERCISES_LOAD_FAILED, LIBRARY_TITLE } from "./library-messages";
import type { loadMotionLibrary } from "./library-route.server";
import { lazyPart } from "../../../components/lazy-part";

// The detail drawer loads with the first one opened (ADR 038); one in the URL of the first page is rendered by the
// server and hydrates once its code has come.
const ExerciseDrawer = lazyPart(() => import("./exercise-detail").then((m) => ({ default: m.ExerciseDrawer })));
// The filter panel loads after the page is interactive: the server renders it and React keeps that HTML — the GET
// form with its Apply button and links that it is without JavaScript — until its code has come.
const FilterPanel = lazyPart(() => import("./filter-panel").then((m) => ({ default: m.FilterPanel })));
// So do the results (the grid, its pager, the favorite toggles): a streamed section whose code is only its controls'.
const Results = lazyPart(() => import("./library-results").then((m) => ({ default: m.LibraryResults })));

export type LibraryData = SerializeFrom<typeof loadMotionLibrary>;

/** The library's URL with these filters (and other parameters, e.g. the open exercise). */
export const libraryHref = (state: ExerciseFilters, extra: Record<string, string | null | undefined> = {}) => `${ROUTES.motionLibrary}${exerciseFilterSearch(state, extra)}`;

export function MotionLibraryPage({ data }: { data: LibraryData }) {
  const { state } = data;
  return (
    <section className="motion-library" aria-labelledby="library-title">
      <div className="page-header">
        <h1 id="library-title">{LIBRARY_TITLE}</h1>
        <SearchForm state={state} />
      </div>
      <div className="library-layout">
        <Suspense fallback={null}>
          <FilterPanel mode="form" action={ROUTES.motionLibrary} hrefFor={(s) => libraryHref(s)} state={state} />
        </Suspense>
        <div className="library-results">
          <Suspense
            fallback={
              <p className="library-loading" role="status">
                Loading exercises…
              </p>
            }
          >
            <Await resolve={data.grid} errorElement={<GridError state={state} />}>
              {(grid) => <Results grid={grid} state={state} />}
            </Await>
          </Suspense>
        </div>
      </div>
      {data.detail ? (
        <Suspense fallback={null}>
          <ExerciseDrawer detail={data.detail} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The search (a GET form that keeps the filters; a new search starts at page 1). */
function SearchForm({ state }: { state: ExerciseFilters }) {
  const hidden = [...exerciseFilterParams({ ...state, page: 1 })].filter(([k]) => k !== "q");
  return (
    <Form method="get" action={ROUTES.motionLibrary} role="search" aria-label="Search exercises" className="library-search">
      {hidden.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <div className="field">
        <label htmlFor="library-search">Search exercises</label>
        <input id="library-search" type="search" name="q" defaultValue={state.q} key={state.q} maxLength={100} />
      </div>
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  );
}

export function GridError({ state }: { state: ExerciseFilters }) {
  return (
    <div className="exercise-error" role="alert">
      <h2>{EXERCISES_LOAD_FAILED}</h2>
      <p>Please try again.</p>
      <Link className="button" to={libraryHref(state)} reloadDocument>
        Reload this page
      </Link>
    </div>
  );
}
