/**
 * The admin analysis page's URLs (003 §2): `/admin/scan/organizations/{organizationId}/analysis`, its dialog
 * `?assessment={assessmentId}` (read view) and `&mode=edit` (the JSON edit view). Browser-safe.
 */
import { ADMIN_ROUTES } from "../../../shell/admin-nav";

export const ASSESSMENT_ID = /^AST-\d{4}$/;

export const analysisPath = (organizationId: string) => `${ADMIN_ROUTES.scanOrganizations}${encodeURIComponent(organizationId)}/analysis`;

export type AnalysisMode = "read" | "edit";

export function analysisDialogHref(organizationId: string, assessmentId: string, mode: AnalysisMode = "read"): string {
  const params = new URLSearchParams({ assessment: assessmentId });
  if (mode === "edit") params.set("mode", "edit");
  return `${analysisPath(organizationId)}?${params.toString()}`;
}

/** The dialog asked in the URL: an assessment id of the right shape, and whether edit mode was asked. */
export function analysisDialogOf(params: URLSearchParams): { assessmentId: string; editAsked: boolean } | null {
  const assessmentId = params.get("assessment")?.trim().toUpperCase() ?? "";
  if (!ASSESSMENT_ID.test(assessmentId)) return null;
  return { assessmentId, editAsked: params.get("mode") === "edit" };
}
