/** PRO questions with their answers (spec 000 §7: GET v2/patients/{id}/pros). */
import type { Api } from "./client.server";

export const PROS_LOAD_FAILED = "Could not get survey answers.";

/** The questions with their answers (only those given in the range, days inclusive, when one is given). */
export const listPatientPros = (api: Api, patientRecordId: string, range?: { start: string; end: string }) =>
  api.call((c, init) => c.GET("/v2/patients/{id}/pros", { ...init, params: { path: { id: patientRecordId }, query: range ? { start: range.start, end: range.end } : {} } }));
