/** The organization's locations (spec 000 §7: GET v2/locations). */
import type { Api } from "./client.server";

export const LOCATIONS_LOAD_FAILED = "Could not get locations.";

export const listLocations = (api: Api) => api.call((c, init) => c.GET("/v2/locations", init));
