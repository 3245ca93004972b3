/**
 * The admin area's session calls (003 §7): GET v2/admin/scan/sessions/pages (15 a page; either `sessionUUID`
 * alone or the filters), GET v2/admin/scan/organizations/locations (the locations filter), GET
 * v2/admin/scan/organizations/{orgId}/outcomes/risk-factors (the analysis of any organization's session), the
 * signed URLs of a scan session's pose or hands log and of a gait session's pose log (followed here and streamed
 * on: the browser never sees a signed URL), and GET v2/admin/gait/sessions (the last 90 days). Failed calls
 * resolve to `{ error }`.
 */
import type { paths } from "../../openapi/provider-api";
import type { Api } from "./client.server";
import type { ApiResult } from "./result";
import type { Schema } from "./schemas";
import { fetchSignedFile } from "./signed-file.server";
import type { ScanArtifact } from "../domain/scan-display";

export type AdminScanSessionQuery = NonNullable<paths["/v2/admin/scan/sessions/pages"]["get"]["parameters"]["query"]>;
export type AdminGaitSession = Schema<"AdminGaitSession">;
export type ScanOrganizationLocations = Schema<"ScanOrganizationLocations">;
export type { ScanArtifact } from "../domain/scan-display";

/** 003 §8, verbatim ({message} is the call's). */
export const adminScanSessionsLoadFailed = (message: string) => `Could not load scan sessions. ${message}`;
export const adminScanLocationsLoadFailed = (message: string) => `Could not load locations for scan organizations. ${message}`;
/** 003 §8, verbatim (the missing apostrophe included). */
export const GAIT_SESSIONS_FETCH_FAILED = "Couldnt fetch gait sessions :(";

export const listAdminScanSessions = (api: Api, query: AdminScanSessionQuery) =>
  api.call((c, init) => c.GET("/v2/admin/scan/sessions/pages", { ...init, params: { query } }));

/** One session of any organization by its UUID (the admin list's UUID search), or null when there is none. */
export async function findAdminScanSession(api: Api, sessionUUID: string): Promise<ApiResult<Schema<"ScanSession"> | null>> {
  const r = await listAdminScanSessions(api, { page: 1, limit: 1, sessionUUID });
  return r.error ? r : { data: r.data.items[0] ?? null };
}

export const listScanOrganizationLocations = (api: Api) => api.call((c, init) => c.GET("/v2/admin/scan/organizations/locations", init));

export const listAdminRiskFactorOutcomes = (api: Api, orgId: string) =>
  api.call((c, init) => c.GET("/v2/admin/scan/organizations/{orgId}/outcomes/risk-factors", { ...init, params: { path: { orgId } } }));

/** A scan session's pose or hands log as a stream of its JSON. */
export async function getAdminScanLog(api: Api, sessionId: string, artifact: ScanArtifact, signal: AbortSignal): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  const url = await api.call((c, init) => c.GET("/v2/admin/scan/sessions/{id}/{artifact}/signed-url", { ...init, params: { path: { id: sessionId, artifact } } }));
  if (url.error) return url;
  return fetchSignedFile(url.data.url, signal);
}

/** 003 §9: the admin gait list's window. */
export const GAIT_WINDOW_DAYS = 90;

/** The gait sessions of every organization captured in the last 90 days (start and end sent as ISO instants). */
export function listAdminGaitSessions(api: Api, now: Date = new Date()) {
  const query = { start: new Date(now.getTime() - GAIT_WINDOW_DAYS * 86_400_000).toISOString(), end: now.toISOString() };
  return api.call((c, init) => c.GET("/v2/admin/gait/sessions", { ...init, params: { query } }));
}

/** A gait session's pose log as a stream of its JSON. */
export async function getAdminGaitLog(api: Api, sessionId: string, signal: AbortSignal): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  const url = await api.call((c, init) => c.GET("/v2/admin/gait/sessions/{id}/pose-log/signed-url", { ...init, params: { path: { id: sessionId } } }));
  if (url.error) return url;
  return fetchSignedFile(url.data.url, signal);
}
