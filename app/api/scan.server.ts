/**
 * The scan area's calls (spec 002 §7): GET v2/scan/sessions/pages (sessions list; the report asks for one day
 * with page 1, limit 999), GET v2/scan/sessions/{id}/{pose-log|hands-log}/signed-url (then the log itself from that URL,
 * fetched here and streamed on), GET /v2/scan/outcomes/risk-factors, GET v2/scan/assessments and the render-pdf
 * call (the session analysis PDF). Failed calls resolve to `{ error }` (002 §8); a session out of the caller's
 * reach answers 404.
 */
import type { paths } from "../../openapi/provider-api";
import type { Api } from "./client.server";
import type { ApiResult } from "./result";
import type { Schema } from "./schemas";
import { fetchSignedFile } from "./signed-file.server";
import type { ScanArtifact } from "../domain/scan-display";

export type ScanSession = Schema<"ScanSession">;
export type ScanOutcome = Schema<"ScanOutcome">;
export type Assessment = Schema<"Assessment">;
export type RenderPdfRequest = Schema<"RenderPdfRequest">;
export type ScanSessionQuery = NonNullable<paths["/v2/scan/sessions/pages"]["get"]["parameters"]["query"]>;

/** 002 §8, verbatim ({message} is the call's). */
export const scanSessionsLoadFailed = (message: string) => `Could not load scan sessions. ${message}`;
export const analysisLoadFailed = (message: string) => `Could not load analysis data. ${message}`;
export { NO_POSE_LOGS } from "../domain/scan-display";
export const PDF_FAILED = "Failed to fetch PDF";

/** The scan report's fetch size (002 §9). */
export const SCAN_REPORT_LIMIT = 999;

export const listScanSessions = (api: Api, query: ScanSessionQuery) =>
  api.call((c, init) => c.GET("/v2/scan/sessions/pages", { ...init, params: { query } }));

/** One session by its UUID (the search ignores every other filter), or null when the caller cannot see it. */
export async function findScanSessionByUuid(api: Api, sessionUUID: string): Promise<ApiResult<ScanSession | null>> {
  const r = await listScanSessions(api, { page: 1, limit: 1, sessionUUID });
  return r.error ? r : { data: r.data.items[0] ?? null };
}

/** One session by its id (GET v2/scan/sessions/{id}); 404 when the caller cannot see it. */
export const getScanSession = (api: Api, id: string) =>
  api.call((c, init) => c.GET("/v2/scan/sessions/{id}", { ...init, params: { path: { id } } }));

/**
 * The session's pose log or hands log, as a stream of its JSON (the signed URL is followed here, never shown to the
 * browser): GET v2/scan/sessions/{id}/pose-log/signed-url or …/hands-log/signed-url.
 */
export async function getScanLog(api: Api, sessionId: string, artifact: ScanArtifact, signal: AbortSignal): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  const params = { path: { id: sessionId } };
  const url = await api.call((c, init) =>
    artifact === "hands-log" ? c.GET("/v2/scan/sessions/{id}/hands-log/signed-url", { ...init, params }) : c.GET("/v2/scan/sessions/{id}/pose-log/signed-url", { ...init, params }),
  );
  if (url.error) return url;
  return fetchSignedFile(url.data.url, signal);
}

export const listRiskFactorOutcomes = (api: Api) => api.call((c, init) => c.GET("/v2/scan/outcomes/risk-factors", init));

export const listAssessments = (api: Api) => api.call((c, init) => c.GET("/v2/scan/assessments", init));

/** The session analysis PDF (ASSESSMENT_OUTCOMES_PDF) as bytes. */
export const renderScanPdf = (api: Api, body: RenderPdfRequest) =>
  api.call((c, init) => c.POST("/render-pdf", { ...init, body, parseAs: "arrayBuffer" }), { timeoutMs: 60_000 });
