/** Gait sessions of a patient and their therapist comments (spec 000 §7: GET v2/gait/sessions, POST v2/gait/sessions/{id}/comment). */
import type { Api } from "./client.server";

export const GAIT_SESSIONS_LOAD_FAILED = "Could not get gait sessions.";
/** Verbatim (000 §8), the missing space included. */
export const GAIT_COMMENT_SAVE_FAILED = "Could not updatecomment.";

/** The patient's gait sessions captured in the range (ISO instants, inclusive), newest first. */
export const listGaitSessions = (api: Api, patientRecordId: string, range: { start: string; end: string }) =>
  api.call((c, init) => c.GET("/v2/gait/sessions", { ...init, params: { query: { patientRecordId, start: range.start, end: range.end } } }));

/** Sets the session's comment, or deletes it with `null`. */
export const setGaitComment = (api: Api, sessionId: string, comment: string | null) =>
  api.call((c, init) => c.POST("/v2/gait/sessions/{id}/comment", { ...init, params: { path: { id: sessionId } }, body: { comment } }));

/** The gait patient list's fetch size (002 §9). */
export const GAIT_PATIENT_LIMIT = 999;

/** The day's gait report: sessions captured in [start, end] (the organization's day as UTC instants), oldest first. */
export const getGaitReport = (api: Api, range: { start: string; end: string }) =>
  api.call((c, init) => c.GET("/v2/gait/sessions/report", { ...init, params: { query: range } }));

/** The gait patient records at a location (limit 999). */
export const listGaitPatientsAt = (api: Api, locationId: string) =>
  api.call((c, init) => c.GET("/v2/gait/patients/pages", { ...init, params: { query: { page: 1, limit: GAIT_PATIENT_LIMIT, locationId } } }));

/**
 * Reconcile upload (POST v2/patients/reconcile/): the CSV file as it is, multipart (fetch writes the boundary).
 * Answers how many records were updated; a file that does not follow the template answers 400 and changes nothing.
 */
export function reconcileGaitPatients(api: Api, file: Blob, fileName: string) {
  const form = new FormData();
  form.append("file", file, fileName);
  return api.call((c, init) => c.POST("/v2/patients/reconcile/", { ...init, body: { file: "" }, bodySerializer: () => form }), { timeoutMs: 60_000 });
}
