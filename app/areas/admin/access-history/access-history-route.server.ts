/**
 * `/admin/access-history?userId=&patientRecordId=&page=` (ADR 018): product admins and support search the access
 * history by user and/or patient (support reads every admin screen, ADR 015; the records hold no names or notes).
 * Without a search term nothing is asked. A patient id that is not a UUID is refused here with a message.
 */
import { data, type LoaderFunctionArgs } from "react-router";
import { ACCESS_HISTORY_LOAD_FAILED, searchAccessHistory, type AccessHistoryPage } from "../../../api/access-history.server";
import { getApi } from "../../../api/user-api.server";
import { pageFromUrl } from "../../patients/access-history/labels";
import { requireAdmin } from "../access.server";
import { requestUrl } from "../../../request-url";

const NO_STORE = { "Cache-Control": "no-store" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BAD_PATIENT_ID = "Enter a patient record id (a UUID such as 3f1c0a52-5f0e-4a57-9b7e-0c5d1b2a9e11).";
export const BAD_USER_ID = "A user id has at most 128 characters.";

export interface AccessHistorySearchData {
  userId: string;
  patientRecordId: string;
  page: number;
  searched: boolean;
  error: string | null;
  history: AccessHistoryPage | null;
}

export async function loadAdminAccessHistory({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context);
  const url = requestUrl(request);
  const userId = (url.searchParams.get("userId") ?? "").trim();
  const patientRecordId = (url.searchParams.get("patientRecordId") ?? "").trim();
  const page = pageFromUrl(url);
  const base = { userId, patientRecordId, page, searched: !!(userId || patientRecordId) };
  const reply = (more: Pick<AccessHistorySearchData, "error" | "history">, status = 200) => data({ ...base, ...more } satisfies AccessHistorySearchData, { status, headers: NO_STORE });
  if (!base.searched) return reply({ error: null, history: null });
  if (patientRecordId && !UUID.test(patientRecordId)) return reply({ error: BAD_PATIENT_ID, history: null }, 400);
  if (userId.length > 128) return reply({ error: BAD_USER_ID, history: null }, 400);
  const result = await searchAccessHistory(getApi(request, context), { userId: userId || undefined, patientRecordId: patientRecordId || undefined, page });
  if (result.error) return reply({ error: ACCESS_HISTORY_LOAD_FAILED, history: null }, result.error.status === 400 ? 400 : 502);
  return reply({ error: null, history: result.data });
}
