/**
 * The organization's locations (spec 000 §7: GET v2/locations; 001 §7: create and update a location). Any member
 * may list them; adding and changing one is for provider admins (the API answers 403 to anyone else, and 404 for
 * another organization's location).
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type LocationCreate = Schema<"LocationCreate">;
export type LocationUpdate = Schema<"LocationUpdate">;

export { LOCATIONS_LOAD_FAILED } from "./messages";

/**
 * Kept per session for a short time (ADR 021: the shell's filter, pickers); `fresh` reads the API (the Locations
 * page, where they are managed).
 */
export const listLocations = (api: Api, options: { fresh?: boolean } = {}) => api.call((c, init) => c.GET("/v2/locations", init), options);

/** POST v2/locations: the new location (201). */
export const createLocation = (api: Api, body: LocationCreate) => api.call((c, init) => c.POST("/v2/locations", { ...init, body }));

/** PATCH v2/locations/{id}: only the fields sent change; the updated location. */
export const updateLocation = (api: Api, id: string, body: LocationUpdate) =>
  api.call((c, init) => c.PATCH("/v2/locations/{id}", { ...init, params: { path: { id } }, body }));
