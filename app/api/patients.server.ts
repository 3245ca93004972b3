/**
 * One patient record and what the patient detail changes about it (000 §7, 003 catalogue): the record
 * (GET v2/patients/{id}, which carries the assigned programs), plan of care (POST/PATCH
 * v2/patients/{id}/plan-of-care), details (PATCH v2/patients/{id}), the app invite, the program and the
 * activity report. Failed calls resolve to `{ error }`: a patient outside the caller's reach is 404.
 */
import type { PortalLoadContext } from "../context";
import type { Api } from "./client.server";
import type { ApiResult } from "./result";
import type { Schema } from "./schemas";
import { getApi } from "./user-api.server";
import { programView, type ProgramView } from "../domain/program-view";
import { listExercises } from "./exercises.server";
import { getProgram } from "./programs.server";

export type PatientRecord = Schema<"PatientRecord">;

export const getPatientRecord = (api: Api, id: string) => api.call((c, init) => c.GET("/v2/patients/{id}/", { ...init, params: { path: { id } } }));

const loads = new WeakMap<PortalLoadContext, Map<string, Promise<ApiResult<PatientRecord>>>>();

/**
 * The record for this request: the record route and the product route below it load in parallel in one
 * request and share one call. A change made in this request (an action) forgets it.
 */
export function loadPatientRecord(request: Request, context: PortalLoadContext, id: string): Promise<ApiResult<PatientRecord>> {
  let perRequest = loads.get(context);
  if (!perRequest) loads.set(context, (perRequest = new Map()));
  let load = perRequest.get(id);
  if (!load) perRequest.set(id, (load = getPatientRecord(getApi(request, context), id)));
  return load;
}

function forget(context: PortalLoadContext) {
  loads.delete(context);
}

export type PatientUpdate = Schema<"PatientUpdate">;
export type PlanOfCareCreate = Schema<"PlanOfCareCreate">;

const path = (id: string) => ({ params: { path: { id } } });

/** Discharge, reschedule or edit the end of the current plan of care (PATCH v2/patients/{id}/plan-of-care). */
export async function setPlanOfCareEnd(request: Request, context: PortalLoadContext, id: string, end: string | null) {
  forget(context);
  return getApi(request, context).call((c, init) => c.PATCH("/v2/patients/{id}/plan-of-care", { ...init, ...path(id), body: { end } }));
}

/** New Plan of Care (POST v2/patients/{id}/plan-of-care): reactivates a discharged patient. */
export async function startPlanOfCare(request: Request, context: PortalLoadContext, id: string, body: PlanOfCareCreate) {
  forget(context);
  return getApi(request, context).call((c, init) => c.POST("/v2/patients/{id}/plan-of-care", { ...init, ...path(id), body }));
}

/** Edit Patient Details (PATCH v2/patients/{id}). */
export async function updatePatient(request: Request, context: PortalLoadContext, id: string, body: PatientUpdate) {
  forget(context);
  return getApi(request, context).call((c, init) => c.PATCH("/v2/patients/{id}/", { ...init, ...path(id), body }));
}

/** Resend the app invite (POST v2/health/patients/{id}/invite). */
export const resendInvite = (request: Request, context: PortalLoadContext, id: string) =>
  getApi(request, context).call((c, init) => c.POST("/v2/health/patients/{id}/invite", { ...init, ...path(id) }));

/** Unassign a program (DELETE v2/health/patients/{patientId}/heps/{hepId}). */
export async function unassignProgram(request: Request, context: PortalLoadContext, id: string, hepId: string) {
  forget(context);
  return getApi(request, context).call((c, init) => c.DELETE("/v2/health/patients/{id}/heps/{hepId}", { ...init, params: { path: { id, hepId } } }));
}

/**
 * The program drawer: the program and the exercises' names, both asked at once. Only the program is
 * required; without the library the drawer shows the exercise ids.
 */
export async function loadProgramView(request: Request, context: PortalLoadContext, hepId: string): Promise<ApiResult<ProgramView>> {
  const [program, exercises] = await Promise.all([getProgram(request, context, hepId), listExercises(request, context, "ALL")]);
  if (program.error) return program;
  return { data: programView(program.data, exercises.data ?? null) };
}

export type ActivityReport = Schema<"ActivityReport">;

/**
 * The patient activity report's data (000 §7 GET v2/health/patients/{id}/activity-report with start, end and
 * groupBy=SIDE; §3 "Report data"), as JSON: the portal renders the PDF itself (ADR 014), so it works against
 * a provider API that answers the report as data only.
 */
export async function getActivityReport(request: Request, context: PortalLoadContext, id: string, range: { start: string; end: string }): Promise<ApiResult<ActivityReport>> {
  const result = await getApi(request, context).call(
    (c, init) =>
      c.GET("/v2/health/patients/{id}/activity-report", {
        ...init,
        params: { path: { id }, query: { start: range.start, end: range.end, groupBy: "SIDE" } },
        headers: { Accept: "application/json" },
      }),
    { timeoutMs: 30_000 },
  );
  if (result.error) return result;
  // The contract also names a PDF representation (for other clients); the portal reads the data only.
  const report = result.data;
  if (typeof report !== "object" || report === null || !("meta" in report)) return { error: { message: "The report data could not be read.", status: 502 } };
  return { data: report };
}
