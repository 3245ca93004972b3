/**
 * The admin area's scan analysis and client version calls (003 §7): an organization's risk rules
 * (GET / PUT v2/admin/scan/organizations/{orgId}/…/outcomes/risk-factors), the organization itself for its name
 * (GET v2/admin/organizations/{id}), and the scan client versions (GET v2/admin/scan/clients, PUT …/{versionId}).
 * Failed calls resolve to `{ error }` (the caller shows the spec's message with the server's).
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type ScanOutcome = Schema<"ScanOutcome">;
export type ScanClientVersion = Schema<"ScanClientVersion">;

export const getAdminOrganization = (api: Api, id: string) =>
  api.call((c, init) => c.GET("/v2/admin/organizations/{id}", { ...init, params: { path: { id } } }));

export const listOrganizationOutcomes = (api: Api, orgId: string) =>
  api.call((c, init) => c.GET("/v2/admin/scan/organizations/{orgId}/outcomes/risk-factors", { ...init, params: { path: { orgId } } }));

export const saveOrganizationOutcome = (api: Api, orgId: string, assessmentId: string, body: ScanOutcome) =>
  api.call((c, init) =>
    c.PUT("/v2/admin/scan/organizations/{orgId}/assessments/{assessmentId}/outcomes/risk-factors", { ...init, params: { path: { orgId, assessmentId } }, body }),
  );

export const listClientVersions = (api: Api) => api.call((c, init) => c.GET("/v2/admin/scan/clients/", init));

export const updateClientVersion = (api: Api, versionId: string, updateRequired: boolean) =>
  api.call((c, init) => c.PUT("/v2/admin/scan/clients/{versionId}", { ...init, params: { path: { versionId } }, body: { updateRequired } }));
