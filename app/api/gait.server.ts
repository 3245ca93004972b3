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
