/**
 * The Motion Library and the user's favorite exercises (001 §7): GET v3/exercises, GET v3/exercise-metrics,
 * GET/POST v2/users/meta/favorite-exercises, DELETE v2/users/meta/favorite-exercises/{id}. Failed calls
 * resolve to `{ error }`.
 */
import type { PortalLoadContext } from "../context";
import type { Schema } from "./schemas";
import { getApi } from "./user-api.server";

export type Exercise = Schema<"Exercise">;
export type ExerciseMetric = Schema<"ExerciseMetric">;

/**
 * The exercises: `COMPLETE` (the default) the published ones, those a program may use (the library and the
 * builder); `ALL` also the drafts (reading an existing program, which may hold one no longer published).
 */
export const listExercises = (request: Request, context: PortalLoadContext, completeness: "COMPLETE" | "ALL" = "COMPLETE") =>
  getApi(request, context).call((c, init) => c.GET("/v3/exercises", { ...init, params: { query: { completeness } } }));

/** The metric definitions (current versions). */
export const listExerciseMetrics = (request: Request, context: PortalLoadContext) =>
  getApi(request, context).call((c, init) => c.GET("/v3/exercise-metrics", init));

/** The signed-in user's favorite exercise ids. */
export const listFavoriteExercises = (request: Request, context: PortalLoadContext) =>
  getApi(request, context).call((c, init) => c.GET("/v2/users/meta/favorite-exercises/", init));

/** Adds a favorite (an exercise already a favorite succeeds: 001 §7); answers the updated ids. */
export const addFavoriteExercise = (request: Request, context: PortalLoadContext, id: string) =>
  getApi(request, context).call((c, init) => c.POST("/v2/users/meta/favorite-exercises/", { ...init, body: { id } }));

/** Removes a favorite (204). */
export const removeFavoriteExercise = (request: Request, context: PortalLoadContext, id: string) =>
  getApi(request, context).call((c, init) => c.DELETE("/v2/users/meta/favorite-exercises/{id}", { ...init, params: { path: { id } } }));
