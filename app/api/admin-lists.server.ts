/**
 * The admin lists' calls (003 §7): PRO forms (GET/POST v2/admin/pro/typeform-forms, GET
 * v2/admin/pro/unprocessed-typeform-responses), admin locations (GET v2/admin/locations, PATCH
 * v2/admin/locations/{id} {keyword}), the organizations for the locations filter (GET v2/admin/organizations),
 * user look-ups (GET v2/admin/user-profile by uuid or email, GET v2/admin/invite-code) and the Insights figures
 * (GET v2/admin/insights, the portal's own operation: 003 does not show that page). Failed calls resolve to
 * `{ error }`.
 */
import type { paths } from "../../openapi/provider-api";
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type TypeformForm = Schema<"TypeformForm">;
export type UnprocessedTypeformResponse = Schema<"UnprocessedTypeformResponse">;
export type AdminLocation = Schema<"AdminLocation">;
export type AdminInsights = Schema<"AdminInsights">;
export type InviteCode = Schema<"InviteCode">;
export type AdminLocationQuery = NonNullable<paths["/v2/admin/locations"]["get"]["parameters"]["query"]>;

export const listTypeformForms = (api: Api) => api.call((c, init) => c.GET("/v2/admin/pro/typeform-forms/", init));

export const addTypeformForm = (api: Api, id: string) =>
  api.call((c, init) => c.POST("/v2/admin/pro/typeform-forms/", { ...init, body: { id, webhookConfirmed: true } }));

export const listUnprocessedTypeformResponses = (api: Api) => api.call((c, init) => c.GET("/v2/admin/pro/unprocessed-typeform-responses/", init));

export const listAdminLocations = (api: Api, query: AdminLocationQuery) => api.call((c, init) => c.GET("/v2/admin/locations", { ...init, params: { query } }));

export const updateLocationKeyword = (api: Api, id: string, keyword: string | null) =>
  api.call((c, init) => c.PATCH("/v2/admin/locations/{id}", { ...init, params: { path: { id } }, body: { keyword } }));

export const listAdminOrganizations = (api: Api) => api.call((c, init) => c.GET("/v2/admin/organizations", init));

export const findUserProfile = (api: Api, by: { uuid: string } | { email: string }) =>
  api.call((c, init) => c.GET("/v2/admin/user-profile", { ...init, params: { query: by } }));

export const getInviteCode = (api: Api, email: string) => api.call((c, init) => c.GET("/v2/admin/invite-code", { ...init, params: { query: { email } } }));

export const getAdminInsights = (api: Api) => api.call((c, init) => c.GET("/v2/admin/insights", init));
