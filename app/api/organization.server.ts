/**
 * The signed-in user's organization (001 §7: "Update organization (id)", "Upload organization logo (id)",
 * "Delete organization logo (id)"): PATCH v2/organizations/{id}, POST and DELETE v2/organizations/{id}/logo.
 * The id is the user's own organization (`user.organization.id` of GET v2/users/current). Provider admins only:
 * the API answers 403 to anyone else.
 */
import type { Api } from "./client.server";

/** PATCH v2/organizations/{id} {name}: answers the updated organization. */
export const updateOrganization = (api: Api, organizationId: string, name: string) =>
  api.call((c, init) => c.PATCH("/v2/organizations/{id}", { ...init, params: { path: { id: organizationId } }, body: { name } }));

/** PUT v2/organizations/{id}/mfa-requirement: whether every provider must use two-step verification (ADR 027). */
export const setOrganizationMfaRequirement = (api: Api, organizationId: string, mfaRequired: boolean) =>
  api.call((c, init) => c.PUT("/v2/organizations/{id}/mfa-requirement", { ...init, params: { path: { id: organizationId } }, body: { mfaRequired } }));

/**
 * POST v2/organizations/{id}/logo, multipart with the PNG in the part `file`: answers the new logo URLs. The
 * FormData goes through as it is, so fetch writes the multipart Content-Type with its boundary (never set by hand).
 */
export function uploadOrganizationLogo(api: Api, organizationId: string, png: Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([Uint8Array.from(png)], { type: "image/png" }), "logo.png");
  return api.call(
    (c, init) => c.POST("/v2/organizations/{id}/logo", { ...init, params: { path: { id: organizationId } }, body: { file: "" }, bodySerializer: () => form }),
    { timeoutMs: 30_000 },
  );
}

/** DELETE v2/organizations/{id}/logo (204; also when there is none). */
export const deleteOrganizationLogo = (api: Api, organizationId: string) =>
  api.call((c, init) => c.DELETE("/v2/organizations/{id}/logo", { ...init, params: { path: { id: organizationId } } }));
