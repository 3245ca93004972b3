/**
 * The loader and action of `/programs/exercise-library/` (001 §2.1; routes/_app.programs.exercise-library.tsx
 * re-exports them). Health users only (others get the not-found page, as for any URL they cannot use).
 *
 * The loader answers at once with the filter state; the grid (one page of 36, filtered and ordered on the
 * server) and the detail drawer (`?exercise={id}`) stream in. The exercises call is hedged: when it has not
 * answered after 1000 ms it is asked once more and the first good answer wins (§2.1, §9). A failed favorites
 * call leaves the grid without favorites, and says so.
 *
 * The action toggles a favorite (`intent=favorite|unfavorite`, `exerciseId`): idempotent, so no form token.
 * Without JavaScript it answers Post/Redirect/Get back to the page; with it (a fetcher sends `js=1`) it answers
 * data, and the page's data reload. A failure flashes the spec's toast.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import { portalRequest, type PortalLoadContext } from "../../../context";
import { addFavoriteExercise, listExercises, listFavoriteExercises, removeFavoriteExercise, type Exercise } from "../../../api/exercises.server";
import type { ApiResult } from "../../../api/result";
import { getSession } from "../../../auth/session.server";
import { log } from "../../../log.server";
import { ROUTES } from "../../../shell/nav";
import { filterAndPage, parseExerciseFilters, type ExercisePage } from "../rules/exercise-filters";
import { hedgedRequest } from "../rules/hedged-request";
import { requireHealthUser } from "../access.server";
import { cardExercise, type CardExercise } from "./exercise-card";
import { EXERCISES_LOAD_FAILED, FAVORITE_ADD_FAILED, FAVORITE_REMOVE_FAILED, FAVORITES_LOAD_FAILED } from "./library-messages";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

const EXERCISE_ID = /^[A-Z]{1,4}-[0-9]{4}$/;

/** The exercises (the published ones), with the fallback fetch after 1000 ms. */
export function loadExercisesHedged(request: Request, context: PortalLoadContext): Promise<ApiResult<Exercise[]>> {
  return hedgedRequest(() => listExercises(request, context), {
    ok: (r) => !r.error,
    onHedge: () => log.info("exercise list slow: fallback fetch", { requestId: portalRequest(context).requestId, event: "exercises-fallback-fetch" }),
  });
}


export type LibraryGrid =
  | { error: string }
  | {
      error?: undefined;
      page: ExercisePage<CardExercise>;
      /** The user's favorite ids; null when they could not be loaded. */
      favorites: string[] | null;
      favoritesError: string | null;
    };

export type LibraryDetail = { found: true; exercise: Exercise } | { found: false; id: string; error: string | null };

export async function loadMotionLibrary({ request, context }: LoaderFunctionArgs) {
  requireHealthUser(context);
  const params = requestUrl(request).searchParams;
  const state = parseExerciseFilters(params);
  const exercises = loadExercisesHedged(request, context);
  const favorites = listFavoriteExercises(request, context);

  // Only the page's cards go to the browser, not the whole library.
  const grid: Promise<LibraryGrid> = Promise.all([exercises, favorites]).then(([list, fav]) => {
    if (list.error) return { error: EXERCISES_LOAD_FAILED };
    const ids = fav.error ? null : fav.data;
    const page = filterAndPage(list.data, state, ids ? new Set(ids) : null);
    return {
      page: { ...page, items: page.items.map(cardExercise) },
      favorites: ids,
      favoritesError: fav.error ? FAVORITES_LOAD_FAILED : null,
    };
  });

  const exerciseId = params.get("exercise");
  const detail: Promise<LibraryDetail> | null = exerciseId
    ? exercises.then((list) => {
        const exercise = list.data?.find((e) => e.id === exerciseId);
        if (exercise) return { found: true, exercise };
        return { found: false, id: exerciseId, error: list.error ? EXERCISES_LOAD_FAILED : null };
      })
    : null;

  return { state, grid, detail };
}

export async function motionLibraryAction({ request, context }: ActionFunctionArgs) {
  requireHealthUser(context);
  const url = requestUrl(request);
  const back = `${ROUTES.motionLibrary}${url.search}`;
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("exerciseId") ?? "");
  if ((intent !== "favorite" && intent !== "unfavorite") || !EXERCISE_ID.test(id)) return data({ ok: false as const, error: "Unknown action." }, { status: 400 });

  const result = intent === "favorite" ? await addFavoriteExercise(request, context, id) : await removeFavoriteExercise(request, context, id);
  // 001 §7: a duplicate add is a success (the list is reloaded either way).
  const ok = !result.error || (intent === "favorite" && result.error.status === 409);
  if (!ok) getSession(request, context).flash("toast", { type: "error", message: intent === "favorite" ? FAVORITE_ADD_FAILED : FAVORITE_REMOVE_FAILED });
  if (form.get("js") === "1") return { ok, intent, exerciseId: id };
  throw redirect(back);
}
