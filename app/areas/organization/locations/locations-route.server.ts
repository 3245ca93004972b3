/**
 * The organization's locations (001 §2.7) on the details page: the loader's part and the action of the
 * Add Location / Edit Location dialogs (routes/_app.organization.details.tsx calls both).
 *
 * URLs: `?tab=mine` (My Locations), `?dialog=add-location`, `?dialog=edit-location&location={id}`.
 *
 * The loader answers at once with the section's frame (title, tabs, Add Location) and the table as a promise:
 * the rows stream in (<Suspense><Await>), and a failed call resolves to 'Could not get locations.' (an error
 * view with a retry link, not a 500). A dialog's data is awaited (the dialog is the point of its URL). The
 * dialogs are for admins only: anyone else opening a dialog URL or posting gets the 403 'Not allowed' screen
 * (requireOrganizationAdmin), and the provider API refuses them too.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import type { SerializeFrom } from "../../../route-data";
import type { Api } from "../../../api/client.server";
import { createLocation, listLocations, updateLocation } from "../../../api/locations.server";
import { listPractitioners } from "../../../api/practitioners.server";
import type { ApiResult } from "../../../api/result";
import type { Location } from "../../../api/schemas";
import { getApi } from "../../../api/user-api.server";
import { getSession } from "../../../auth/session.server";
import { currentUser } from "../../../auth/current-user.server";
import { apiErrorFields, failedStatus } from "../../../forms/api-error";
import { FORM_TOKEN_FIELD, submitOnce } from "../../../forms/submit-once.server";
import { canManageOrganization, requireOrganizationAdmin } from "../access.server";
import { locationFormSchema, type LocationFormDefaults } from "../forms/location";
import { detailsDialogOf, isLocationsDialog } from "../organization-paths";
import {
  CREATE_FAILED,
  eligibleDefaultProviders,
  LOCATION_NOT_FOUND,
  locationCreated,
  locationFormDefaults,
  locationRows,
  LOCATIONS_LOAD_FAILED,
  locationsHref,
  locationsTabOf,
  locationUpdated,
  NEW_LOCATION_DEFAULTS,
  providerOptions,
  PROVIDERS_LOAD_FAILED,
  showsMyLocations,
  UPDATE_FAILED,
  type LocationRow,
  type LocationsTab,
} from "./locations";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

export type LocationList = { rows: LocationRow[]; error: null } | { rows: null; error: string };

export type LocationDialogData =
  | { kind: "add"; providers: { value: string; label: string }[]; defaults: LocationFormDefaults }
  | { kind: "edit"; id: string; name: string; providers: { value: string; label: string }[]; defaults: LocationFormDefaults }
  | { kind: "message"; title: string; message: string };

const ADD_TITLE = "Add Location";
const EDIT_TITLE = "Edit Location";

async function toList(all: Promise<ApiResult<Location[]>>, tab: LocationsTab, mine: string[]): Promise<LocationList> {
  const result = await all;
  if (result.error) return { rows: null, error: LOCATIONS_LOAD_FAILED };
  return { rows: locationRows(result.data, tab, mine), error: null };
}

async function loadDialog(api: Api, kind: "add-location" | "edit-location", params: URLSearchParams, all: Promise<ApiResult<Location[]>>): Promise<LocationDialogData> {
  if (kind === "add-location") {
    const practitioners = await listPractitioners(api, { fresh: true });
    if (practitioners.error) return { kind: "message", title: ADD_TITLE, message: PROVIDERS_LOAD_FAILED };
    return { kind: "add", providers: providerOptions(eligibleDefaultProviders(practitioners.data, null)), defaults: NEW_LOCATION_DEFAULTS };
  }
  const id = params.get("location") ?? "";
  const [locations, practitioners] = await Promise.all([all, listPractitioners(api, { fresh: true })]);
  if (locations.error) return { kind: "message", title: EDIT_TITLE, message: LOCATIONS_LOAD_FAILED };
  // Only the caller's organization's locations are listed: another organization's id is simply not found.
  const location = locations.data.find((l) => l.id === id);
  if (!location) return { kind: "message", title: EDIT_TITLE, message: LOCATION_NOT_FOUND };
  if (practitioners.error) return { kind: "message", title: EDIT_TITLE, message: PROVIDERS_LOAD_FAILED };
  return {
    kind: "edit",
    id: location.id,
    name: location.name,
    providers: providerOptions(eligibleDefaultProviders(practitioners.data, location.id, location.defaultProviderId)),
    defaults: locationFormDefaults(location),
  };
}

export async function loadLocations({ request, context }: LoaderFunctionArgs) {
  const user = currentUser(context);
  const params = requestUrl(request).searchParams;
  const dialog = detailsDialogOf(params);
  // A dialog URL is an admin-only state: anyone else gets the 403 screen, as for the posts.
  if (dialog === "add-location" || dialog === "edit-location") requireOrganizationAdmin(context);
  const showMine = showsMyLocations(user);
  const tab = locationsTabOf(params, showMine);
  const api = getApi(request, context);
  const all = listLocations(api, { fresh: true });
  return {
    canManage: canManageOrganization(user),
    showMine,
    tab,
    // Not awaited: the rows stream in after the page's frame.
    list: toList(
      all,
      tab,
      user.locations.map((l) => l.id),
    ),
    dialog: dialog === "add-location" || dialog === "edit-location" ? await loadDialog(api, dialog, params, all) : null,
  };
}

export type LocationsData = SerializeFrom<typeof loadLocations>;

/** What the action answers when nothing was saved: the form's reply (errors, the input kept). */
export interface LocationActionData {
  form: "location";
  dialog: "add-location" | "edit-location";
  result: SubmissionResult<string[]>;
}


type Outcome = { keep: true; value: { toast: string } } | { keep: false; value: { reply: SubmissionResult<string[]>; status: number } };

/** The form's fields (the contract's names), for the API's field-named messages. */
const FIELDS = ["name", "address1", "address2", "city", "stateCode", "zipCode", "defaultProviderId", "timezone"] as const;

async function save(api: Api, form: FormData, editId: string | null): Promise<Outcome> {
  const failed = editId ? UPDATE_FAILED : CREATE_FAILED;
  const [practitioners, locations] = await Promise.all([listPractitioners(api, { fresh: true }), editId ? listLocations(api, { fresh: true }) : Promise.resolve(null)]);
  const location = editId && locations?.data ? (locations.data.find((l) => l.id === editId) ?? null) : null;
  const providerIds = practitioners.data ? eligibleDefaultProviders(practitioners.data, editId, location?.defaultProviderId ?? null).map((p) => p.id) : undefined;
  const submission = parseWithZod(form, { schema: locationFormSchema({ providerIds }) });
  const refused = (reply: SubmissionResult<string[]>, status: number): Outcome => ({ keep: false, value: { reply, status } });

  if (practitioners.error) return refused(submission.reply({ formErrors: [failed] }), failedStatus(practitioners.error));
  if (locations?.error) return refused(submission.reply({ formErrors: [failed] }), failedStatus(locations.error));
  if (editId && !location) return refused(submission.reply({ formErrors: [failed, LOCATION_NOT_FOUND] }), 404);
  if (submission.status !== "success") return refused(submission.reply(), 400);

  const value = submission.value;
  const result = editId ? await updateLocation(api, editId, value) : await createLocation(api, value);
  if (result.error) {
    // The spec's words, and for a refusal of the input the API's reason (at its field when it names one).
    const reason = result.error.status === 400 ? apiErrorFields(result.error, FIELDS) : {};
    return refused(submission.reply({ formErrors: [failed, ...(reason.formErrors ?? [])], fieldErrors: reason.fieldErrors }), failedStatus(result.error));
  }
  return { keep: true, value: { toast: editId ? locationUpdated(result.data.name) : locationCreated(result.data.name) } };
}

export async function locationsAction({ request, context }: ActionFunctionArgs) {
  const user = requireOrganizationAdmin(context);
  const params = requestUrl(request).searchParams;
  const dialog = detailsDialogOf(params);
  if (!isLocationsDialog(dialog)) throw data({ message: "Unknown form." }, { status: 400 });
  const which = dialog as "add-location" | "edit-location";
  const editId = which === "edit-location" ? (params.get("location") ?? "") : null;
  const form = await readForm(request);
  const api = getApi(request, context);
  // Once per form token (ADR 005): a double submit waits for the first and gets its outcome (one location, the
  // same redirect and toast). A refused form is forgotten, so the corrected form can be sent again.
  const scope = editId !== null ? `${user.userId}:location-update:${editId}` : `${user.userId}:location-create`;
  const outcome = await submitOnce(scope, form.get(FORM_TOKEN_FIELD), () => save(api, form, editId));
  if ("reply" in outcome) return data<LocationActionData>({ form: "location", dialog: which, result: outcome.reply }, { status: outcome.status });
  getSession(request, context).flash("toast", { type: "success", message: outcome.toast });
  // Post/Redirect/Get: the page on the tab it was on, without the dialog.
  throw redirect(locationsHref(locationsTabOf(params, showsMyLocations(user))));
}
