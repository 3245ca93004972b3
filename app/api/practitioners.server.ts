/**
 * The organization's providers (001 §7: v2/practitioners): current users (with a `userId`) and invited ones.
 * Any member may list them (pickers, the Providers page); inviting, editing, removing and resending an invite
 * are for provider admins (the API answers 403 to anyone else, and 403 to anyone editing or removing themselves).
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type Practitioner = Schema<"Practitioner">;
export type PractitionerCreate = Schema<"PractitionerCreate">;
export type PractitionerUpdate = Schema<"PractitionerUpdate">;

/**
 * Kept per session for a short time (ADR 021: the patient list's provider filter, pickers); `fresh` reads the API
 * (the Providers and Locations pages, where they are managed).
 */
export const listPractitioners = (api: Api, options: { fresh?: boolean } = {}) => api.call((c, init) => c.GET("/v2/practitioners", init), options);

/** 'Add Provider': an invited provider (201) with an invite code for `/user/create/{code}`; a used e-mail is 409. */
export const invitePractitioner = (api: Api, body: PractitionerCreate) => api.call((c, init) => c.POST("/v2/practitioners", { ...init, body }));

/** Role, e-mail (invited providers only) and locations (the list is replaced); answers the provider. */
export const updatePractitioner = (api: Api, id: string, body: PractitionerUpdate) =>
  api.call((c, init) => c.PATCH("/v2/practitioners/{id}", { ...init, params: { path: { id } }, body }));

/** Removes the provider: their sign-in, their token from the next request, their invite code (204). */
export const deletePractitioner = (api: Api, id: string) => api.call((c, init) => c.DELETE("/v2/practitioners/{id}", { ...init, params: { path: { id } } }));

/** Sends an invited provider's invitation again (204; 409 when they already have an account). */
export const resendPractitionerInvite = (api: Api, id: string) =>
  api.call((c, init) => c.POST("/v2/practitioners/{id}/invite", { ...init, params: { path: { id } } }));

/** Turns the provider's authenticator off in the identity service, recorded by the API (204; ADR 027). */
export const resetPractitionerMfa = (api: Api, id: string) =>
  api.call((c, init) => c.POST("/v2/practitioners/{id}/mfa-reset", { ...init, params: { path: { id } } }));
