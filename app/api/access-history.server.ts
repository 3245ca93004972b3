/**
 * Who saw which patient (ADR 018): a patient's access history (GET v2/patients/{id}/access-history: provider
 * admins of the organization and product staff) and the admin search (GET v2/admin/access-history: product admins
 * and support). Records hold identifiers only; names come from the organization's providers list.
 */
import type { Api } from "./client.server";
import type { Schema } from "./schemas";

export type AccessHistoryEntry = Schema<"AccessHistoryEntry">;
export type AccessHistoryPage = Schema<"AccessHistoryPage">;

export const ACCESS_HISTORY_PAGE_SIZE = 20;
export const ACCESS_HISTORY_LOAD_FAILED = "Could not get the access history.";

export const getPatientAccessHistory = (api: Api, patientRecordId: string, page: number) =>
  api.call((c, init) => c.GET("/v2/patients/{id}/access-history", { ...init, params: { path: { id: patientRecordId }, query: { page, limit: ACCESS_HISTORY_PAGE_SIZE } } }));

export interface AccessHistorySearch {
  userId?: string;
  patientRecordId?: string;
  page: number;
}

export const searchAccessHistory = (api: Api, q: AccessHistorySearch) =>
  api.call((c, init) =>
    c.GET("/v2/admin/access-history", {
      ...init,
      params: { query: { page: q.page, limit: ACCESS_HISTORY_PAGE_SIZE, ...(q.userId ? { userId: q.userId } : {}), ...(q.patientRecordId ? { patientRecordId: q.patientRecordId } : {}) } },
    }),
  );
