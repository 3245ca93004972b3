/**
 * The admin area's scan organizations, scan modules and settings (003 §7): GET v2/admin/organizations (the
 * scan organizations list and the override's select), GET / PATCH v2/admin/organizations/{id} (the modules
 * editor loads and saves `scanModules`), GET v2/scan/assessments (the assessments a module may hold), and the
 * scan-modules organization override (GET / POST / DELETE v2/admin/settings/scan-modules-organization-override).
 * Failed calls resolve to `{ error }`.
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type AdminOrganization = Schema<"Organization">;
export type ScanModuleInput = Schema<"ScanModuleInput">;

/** GET v2/admin/organizations: every organization (name, timezone, products, disabled). */
export const listAdminOrganizations = (api: Api) => api.call((c, init) => c.GET("/v2/admin/organizations", init));

/** GET v2/admin/organizations/{id}: the organization with its ordered scan modules. */
export const getAdminOrganization = (api: Api, id: string) =>
  api.call((c, init) => c.GET("/v2/admin/organizations/{id}", { ...init, params: { path: { id } } }));

/** PATCH v2/admin/organizations/{id} {scanModules}: saves all modules at once (product admins only). */
export const saveScanModules = (api: Api, id: string, scanModules: ScanModuleInput[]) =>
  api.call((c, init) => c.PATCH("/v2/admin/organizations/{id}", { ...init, params: { path: { id } }, body: { scanModules } }));

/** GET v2/scan/assessments: the assessment library. */
export const listLibraryAssessments = (api: Api) => api.call((c, init) => c.GET("/v2/scan/assessments", init));

/** GET v2/admin/settings/scan-modules-organization-override: `{organizationId}` (null when none is set). */
export const getScanModulesOverride = (api: Api) => api.call((c, init) => c.GET("/v2/admin/settings/scan-modules-organization-override", init));

/** POST v2/admin/settings/scan-modules-organization-override {organizationId}. */
export const setScanModulesOverride = (api: Api, organizationId: string) =>
  api.call((c, init) => c.POST("/v2/admin/settings/scan-modules-organization-override", { ...init, body: { organizationId } }));

/** DELETE v2/admin/settings/scan-modules-organization-override (204). */
export const resetScanModulesOverride = (api: Api) => api.call((c, init) => c.DELETE("/v2/admin/settings/scan-modules-organization-override", init));
