/**
 * The admin area's organizations (003 §7): GET and POST v2/admin/organizations, POST v2/admin/organizations/{id}/
 * enable and …/disable, POST v2/admin/organizations/{id}/logo. Admin-type users only (the API answers 403 to
 * anyone else); the changes are for product admins (ADR 015: support staff get 403).
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type AdminOrganization = Schema<"Organization">;
export type OrganizationCreate = Schema<"OrganizationCreate">;

/** GET v2/admin/organizations: every organization (enabled and disabled), sorted by name. */
export const listAdminOrganizations = (api: Api) => api.call((c, init) => c.GET("/v2/admin/organizations", init));

/** POST v2/admin/organizations: the organization with its first location and first provider (invited). */
export const createAdminOrganization = (api: Api, body: OrganizationCreate) =>
  api.call((c, init) => c.POST("/v2/admin/organizations", { ...init, body }));

/** POST v2/admin/organizations/{id}/enable: access and the patients' discharges restored. */
export const enableAdminOrganization = (api: Api, id: string) =>
  api.call((c, init) => c.POST("/v2/admin/organizations/{id}/enable", { ...init, params: { path: { id } } }));

/** POST v2/admin/organizations/{id}/disable: access revoked, every patient discharged. */
export const disableAdminOrganization = (api: Api, id: string) =>
  api.call((c, init) => c.POST("/v2/admin/organizations/{id}/disable", { ...init, params: { path: { id } } }));

/**
 * POST v2/admin/organizations/{id}/logo, multipart with the PNG (already 250×140) in the part `file`. The FormData
 * goes through as it is, so fetch writes the multipart Content-Type with its boundary (never set by hand).
 */
export function uploadAdminOrganizationLogo(api: Api, id: string, png: Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([Uint8Array.from(png)], { type: "image/png" }), "logo.png");
  return api.call(
    (c, init) => c.POST("/v2/admin/organizations/{id}/logo", { ...init, params: { path: { id } }, body: { file: "" }, bodySerializer: () => form }),
    { timeoutMs: 30_000 },
  );
}
