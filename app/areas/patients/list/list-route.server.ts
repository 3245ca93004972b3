/**
 * The loader and action of `/patients/` (routes/_app.patients._index.tsx re-exports them): the list with its
 * dialogs' data, and the dialogs' posts by `intent`. The list's screens take their data types from here.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import {
  addDialogState,
  addableProducts,
  addPatientAction,
  addProductAction,
  bulkUploadAction,
  inviteAction,
  loadAddProductDialog,
  loadInviteDialog,
} from "./patient-list-forms.server";
import { listPatients } from "../../../api/patient-list.server";
import { listPractitioners } from "../../../api/practitioners.server";
import { providersFor } from "../rules/provider-choices";
import { getApi } from "../../../api/user-api.server";
import { cookieIsSecure, getSession } from "../../../auth/session.server";
import { requirePatientsUser } from "../../../auth/current-user.server";
import { getConfig } from "../../../config.server";
import { byDisplayName, optionLabels } from "../../../domain/names";
import { isListTab, listHref, listQuery, parseListState, PROVIDERS_LOAD_FAILED, TAB_COOKIE, tabCookie, tabFromCookieHeader } from "../rules/patient-list";
import { columnsFor, LIST_LOAD_FAILED } from "../rules/patient-rows";
import { todayIn } from "../../../domain/date-range";
import { getGlobalFilter } from "../../../shell/filter.server";
import { portalRequest } from "../../../context";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

export async function loadPatientList({ request, context }: LoaderFunctionArgs) {
  const user = requirePatientsUser(context);
  const url = requestUrl(request);
  const params = url.searchParams;
  const savedTab = tabFromCookieHeader(request.headers.get("Cookie"));
  const state = parseListState(params, savedTab);
  const askedTab = params.get("tab");
  if (isListTab(askedTab) && askedTab !== savedTab) portalRequest(context).responseCookies.set(TAB_COOKIE, tabCookie(askedTab, cookieIsSecure(url)));
  // A practitioner filters only by their own locations (000 §6).
  if (state.location && state.location !== "all" && user.role === "PORTAL_PRACTITIONER" && !user.locations.some((l) => l.id.toLowerCase() === state.location)) state.location = null;

  const api = getApi(request, context);
  const filter = getGlobalFilter(request, context);
  const orgProducts = user.organization.products;
  const addProductId = params.get("addProduct");
  const inviteId = params.get("invite");
  const [list, practitioners, addProduct, invite] = await Promise.all([
    listPatients(api, listQuery(state, filter)),
    listPractitioners(api),
    addProductId ? loadAddProductDialog(api, addProductId, orgProducts, params) : null,
    inviteId ? loadInviteDialog(api, inviteId) : null,
  ]);
  // 000 §8: a failure on a later page goes back to page 1; on page 1 the page shows an error view.
  if (list.error && state.page > 1) {
    getSession(request, context).flash("toast", { type: "error", message: LIST_LOAD_FAILED });
    throw redirect(listHref({ ...state, page: 1 }));
  }

  const today = todayIn(user.organization.timezone);
  // A practitioner is matched to their locations (000 §6): the filter and Primary Provider offer only those providers.
  const providers = practitioners.data ? optionLabels(providersFor(user.role, user.locations, practitioners.data).sort(byDisplayName)).map((o) => ({ value: o.id, label: o.label })) : [];
  return {
    state,
    globalLocationId: filter.locationId,
    columns: columnsFor(orgProducts),
    userProducts: orgProducts,
    timeZone: user.organization.timezone,
    today,
    list: list.data ? listRows(list.data) : null,
    listError: list.error ? LIST_LOAD_FAILED : null,
    providers,
    providersError: practitioners.error ? PROVIDERS_LOAD_FAILED : null,
    add: params.get("add") === "true" ? addDialogState(params, addableProducts(orgProducts)) : null,
    languageOption: getConfig().features.patientLanguage,
    addProduct,
    invite,
  };
}

type PatientPage = NonNullable<Awaited<ReturnType<typeof listPatients>>["data"]>;

/**
 * What the rows show and their menus need, not the API's whole records: a patient's birth date, phone number,
 * practitioners, plans of care and sessions stay on the server (less health data in the page's HTML, ASVS 8.3.x), and
 * the page has less to write, send and read (the list's data was ~60% of its loader data).
 */
function listRows(page: PatientPage) {
  return {
    metadata: page.metadata,
    items: page.items.map((record) => ({
      id: record.id,
      patient: { firstName: record.patient.firstName, lastName: record.patient.lastName, email: record.patient.email },
      products: record.products,
      discharged: record.discharged,
      dischargeDate: record.dischargeDate,
      location: record.location ? { name: record.location.name } : null,
      mostRecentActivity: record.mostRecentActivity,
      productData: {
        health: record.productData.health ? { status: record.productData.health.status, heps: record.productData.health.heps.map((hep) => ({ name: hep.name })) } : null,
      },
    })),
  };
}

export async function patientListAction({ request, context }: ActionFunctionArgs) {
  const user = requirePatientsUser(context);
  const url = requestUrl(request);
  const state = parseListState(url.searchParams, tabFromCookieHeader(request.headers.get("Cookie")));
  const env = { request, context, user, api: getApi(request, context), today: todayIn(user.organization.timezone), listUrl: listHref(state) };
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return bulkUploadAction(env);
  const form = await readForm(request);
  switch (form.get("intent")) {
    case "add-patient":
      return addPatientAction(env, form);
    case "add-product":
      return addProductAction(env, form, user.organization.products);
    case "invite":
      return inviteAction(env, form);
    default:
      return data({ intent: "unknown" as const, error: "Unknown action." }, { status: 400 });
  }
}
