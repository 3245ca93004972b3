/**
 * `/patients/{id}/access-history?page=n` (ADR 018): the patient's access history for provider admins (others are
 * sent back to the patient's page; the API refuses them too). The page of records and the organization's
 * providers (for the names) are loaded in parallel.
 */
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { ACCESS_HISTORY_LOAD_FAILED, getPatientAccessHistory } from "../../../api/access-history.server";
import { listPractitioners } from "../../../api/practitioners.server";
import { getApi } from "../../../api/user-api.server";
import { isOrganizationAdmin } from "../../../auth/roles";
import { requirePatientsUser } from "../../../auth/current-user.server";
import { ROUTES } from "../../../shell/nav";
import { pageFromUrl, userNames } from "./labels";
import { requestUrl } from "../../../request-url";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loadPatientAccessHistory({ request, context, params }: LoaderFunctionArgs) {
  const user = requirePatientsUser(context);
  const id = params.patientRecordId ?? "";
  if (!isOrganizationAdmin(user.role)) throw redirect(ROUTES.patient(id));
  const page = pageFromUrl(requestUrl(request));
  const api = getApi(request, context);
  const [history, providers] = await Promise.all([getPatientAccessHistory(api, id, page), listPractitioners(api)]);
  const names = providers.error ? {} : userNames(providers.data);
  if (history.error) return data({ error: ACCESS_HISTORY_LOAD_FAILED, history: null, names, page, timeZone: user.organization.timezone }, { headers: NO_STORE });
  return data({ error: null, history: history.data, names, page, timeZone: user.organization.timezone }, { headers: NO_STORE });
}
