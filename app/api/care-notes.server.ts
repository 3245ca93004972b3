/** Care notes, the patient's interactions (spec 000 §7: GET/POST v2/patients/{id}/interactions, PATCH/DELETE …/{interactionId}). */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type CareNoteCreate = Schema<"CareNoteCreate">;
export type CareNoteUpdate = Schema<"CareNoteUpdate">;

export const CARE_NOTES_LOAD_FAILED = "Could not get care notes.";
/** Verbatim (000 §8). */
export const CARE_NOTE_ADD_FAILED = "Interaction could not be added.";
export const CARE_NOTE_UPDATE_FAILED = "This interaction could not be updated.";
export const CARE_NOTE_DELETE_FAILED = "This interaction could not be deleted.";
/** Verbatim (000 §8 success messages). */
export const CARE_NOTE_ADDED = "Interaction has been successfully added.";
export const CARE_NOTE_UPDATED = "Interaction has been updated.";
export const CARE_NOTE_DELETED = "Interaction has been deleted.";

/** Notes dated in the range (days, inclusive), newest first; without a range, all of them. */
export const listCareNotes = (api: Api, patientRecordId: string, range?: { start: string; end: string }) =>
  api.call((c, init) => c.GET("/v2/patients/{id}/interactions", { ...init, params: { path: { id: patientRecordId }, query: range ? { start: range.start, end: range.end } : {} } }));

export const createCareNote = (api: Api, patientRecordId: string, body: CareNoteCreate) =>
  api.call((c, init) => c.POST("/v2/patients/{id}/interactions", { ...init, params: { path: { id: patientRecordId } }, body }));

export const updateCareNote = (api: Api, patientRecordId: string, interactionId: string, body: CareNoteUpdate) =>
  api.call((c, init) => c.PATCH("/v2/patients/{id}/interactions/{interactionId}", { ...init, params: { path: { id: patientRecordId, interactionId } }, body }));

export const deleteCareNote = (api: Api, patientRecordId: string, interactionId: string) =>
  api.call((c, init) => c.DELETE("/v2/patients/{id}/interactions/{interactionId}", { ...init, params: { path: { id: patientRecordId, interactionId } } }));
