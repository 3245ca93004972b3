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

export type PatientRecord = Schema<"PatientRecord">;

export const getPatientRecord = (api: Api, id: string) => api.call((c, init) => c.GET("/v2/patients/{id}", { ...init, params: { path: { id } } }));

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
