/** The signed-in practitioner's care timer on a patient (ADR 033, issue 26; GET/PUT/DELETE v2/patients/{id}/care-timer). */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type CareTimer = Schema<"CareTimer">;
/** A stopped timer's record of its minutes, kept by the API until a care note takes them (issue 32). */
export type StoppedCareTimer = Schema<"StoppedCareTimer">;

/** Ours (the spec has no care timer). */
export const CARE_TIMER_LOAD_FAILED = "The care timer could not be loaded.";
export const CARE_TIMER_START_FAILED = "The care timer could not be started.";
export const CARE_TIMER_STOP_FAILED = "The care timer could not be stopped.";
export const CARE_TIMER_RESUME_FAILED = "The care timer could not be resumed.";
export const CARE_TIMER_NOT_RUNNING = "No care timer is running: it was stopped already (in another tab or on another device).";

export const getCareTimer = (api: Api, patientRecordId: string) => api.call((c, init) => c.GET("/v2/patients/{id}/care-timer", { ...init, params: { path: { id: patientRecordId } } }));

export const setCareTimer = (api: Api, patientRecordId: string, state: "RUNNING" | "PAUSED") =>
  api.call((c, init) => c.PUT("/v2/patients/{id}/care-timer", { ...init, params: { path: { id: patientRecordId } }, body: { state } }));

export const stopCareTimer = (api: Api, patientRecordId: string) => api.call((c, init) => c.DELETE("/v2/patients/{id}/care-timer", { ...init, params: { path: { id: patientRecordId } } }));
