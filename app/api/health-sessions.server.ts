/** A patient's health sessions (spec 000 §7: GET v2/health/patients/{id}/sessions). */
import type { Api } from "./client.server";

export const HEALTH_SESSIONS_LOAD_FAILED = "Could not get health sessions.";

export interface SessionRange {
  /** ISO instants (inclusive). */
  start: string;
  end: string;
  includeSelfReported: boolean;
}

/** The sessions in the range, newest first; `includeSelfReported=false` only when they are excluded (000 §7). */
export const listHealthSessions = (api: Api, patientRecordId: string, range: SessionRange) =>
  api.call((c, init) =>
    c.GET("/v2/health/patients/{id}/sessions", {
      ...init,
      params: { path: { id: patientRecordId }, query: { start: range.start, end: range.end, ...(range.includeSelfReported ? {} : { includeSelfReported: false }) } },
    }),
  );
