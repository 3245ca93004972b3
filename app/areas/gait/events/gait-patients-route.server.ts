/**
 * The loader and action of `/gait/events/patients/` (routes/_app.gait.events.patients.tsx re-exports them):
 * Gait Events - Add Patient (002 §2). Gait users only (404 otherwise).
 *
 * GET `?location=<id>`: the locations the user may pick (a practitioner's own, the organization's for admins) and,
 * once a location is picked, its gait patients (GET v2/gait/patients/pages, locationId, limit 999) streamed after
 * the form. POST: `intent=show` (the location picker without JavaScript) answers with `?location=`;
 * `intent=add` validates the form, POSTs v2/patients (products GAIT, the location, the names and the gait ID) once
 * per form token (ADR 005) and answers Post/Redirect/Get to the same location with the 'Patient added.' toast.
 * The API's refusal (a duplicate gait ID: 409 'gaitUid: …') comes back at its field with the API's status.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { listGaitPatientsAt } from "../../../api/gait.server";
import { listLocations } from "../../../api/locations.server";
import { createPatient } from "../../../api/patient-list.server";
import { getApi } from "../../../api/user-api.server";
import type { Api } from "../../../api/client.server";
import { isOrganizationAdmin } from "../../../auth/roles";
import { getSession } from "../../../auth/session.server";
import { type CurrentUser } from "../../../auth/user.server";
import { requireProduct } from "../../../auth/current-user.server";
import { apiErrorFields, failedStatus } from "../../../forms/api-error";
import { FORM_TOKEN_FIELD, submitOnce } from "../../../forms/submit-once.server";
import { locationChoices, type LocationOption } from "../../../shell/filter";
import { GAIT_PATIENT_FIELDS, gaitPatientFormSchema } from "./gait-patient-form";
import { GAIT_PATIENT_ADDED, gaitPatientRow, gaitPatientsHref, parseLocation, type GaitPatientRow } from "./gait-patients";
import { requestUrl } from "../../../request-url";
import { readForm } from "../../../forms/read-form.server";

export type GaitPatientsTable = { ok: true; rows: GaitPatientRow[] } | { ok: false };

async function pickableLocations(api: Api, user: CurrentUser): Promise<{ locations: LocationOption[]; complete: boolean }> {
  if (!isOrganizationAdmin(user.role)) return { locations: locationChoices(user.role, user.locations, null), complete: true };
  const result = await listLocations(api);
  return { locations: locationChoices(user.role, user.locations, result.data?.map((l) => ({ id: l.id, name: l.name })) ?? null), complete: !result.error };
}

async function loadTable(api: Api, locationId: string, timeZone: string): Promise<GaitPatientsTable> {
  const result = await listGaitPatientsAt(api, locationId);
  if (result.error) return { ok: false };
  return { ok: true, rows: result.data.items.map((r) => gaitPatientRow(r, timeZone)) };
}

export async function loadGaitPatients({ request, context }: LoaderFunctionArgs) {
  const user = requireProduct(context, "GAIT");
  const api = getApi(request, context);
  const url = requestUrl(request);
  const asked = parseLocation(url.searchParams);
  const { locations, complete } = await pickableLocations(api, user);
  // A location that is not the user's is not offered (the API scopes the list to the caller anyway).
  const location = asked && (!complete || locations.some((l) => l.id.toLowerCase() === asked)) ? asked : null;
  const known = locations.find((l) => l.id.toLowerCase() === location);
  return {
    locations,
    location: known?.id ?? location,
    // Not awaited: the form renders at once, the table streams in when the call answers.
    table: location ? loadTable(api, location, user.organization.timezone) : null,
  };
}

export type GaitPatientsLoaderData = Awaited<ReturnType<typeof loadGaitPatients>>;

export async function gaitPatientsAction({ request, context }: ActionFunctionArgs) {
  const user = requireProduct(context, "GAIT");
  const form = await readForm(request);
  const intent = form.get("intent");
  const chosen = String(form.get("locationId") ?? "").trim();
  if (intent === "show") throw redirect(gaitPatientsHref(parseLocation(new URLSearchParams({ location: chosen }))));

  const submission = parseWithZod(form, { schema: gaitPatientFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const api = getApi(request, context);
  const outcome = await submitOnce(`${user.userId}:gait-add-patient`, form.get(FORM_TOKEN_FIELD), async () => {
    const created = await createPatient(api, {
      firstName: value.firstName,
      lastName: value.lastName,
      email: null,
      phoneNumber: null,
      dob: null,
      locationId: value.locationId,
      products: ["GAIT"],
      injuredSideOfBody: null,
      injuredBodyPart: null,
      gaitUid: value.gaitUid,
      primaryPractitionerId: null,
    });
    if (created.error) return { keep: false, value: { error: created.error } };
    return { keep: true, value: { id: created.data.id } };
  });
  if (outcome.error) {
    return data({ result: submission.reply(apiErrorFields(outcome.error, GAIT_PATIENT_FIELDS)) }, { status: failedStatus(outcome.error) });
  }
  getSession(request, context).flash("toast", { type: "success", message: GAIT_PATIENT_ADDED });
  throw redirect(gaitPatientsHref(value.locationId.toLowerCase()));
}
