/**
 * The organization's providers (001 §7: v2/practitioners): current users (with a `userId`) and invited ones.
 * Any member may list them (pickers, the Providers page); inviting, editing, removing and resending an invite
 * are for provider admins (the API answers 403 to anyone else).
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type Practitioner = Schema<"Practitioner">;

export const listPractitioners = (api: Api) => api.call((c, init) => c.GET("/v2/practitioners", init));
