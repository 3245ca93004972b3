/**
 * `/patients/{id}/` → the default product's activity (000 §2.8: health if the patient has several products or
 * a health record, else gait), keeping the search string (date range, a dialog asked for by the list). After
 * a dialog's form was refused (without JavaScript) it stays: the record route shows the dialog and its errors.
 */
import { data, redirect } from "react-router";
import { loadPatientRecord } from "../api/patients.server";
import { requirePatientsUser } from "../auth/current-user.server";
import { dialogActionRan } from "../areas/patients/detail/record-action.server";
import { defaultProduct, firstSection, sectionPath } from "../areas/patients/rules/patient-detail";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/_app.patients.$patientRecordId._index";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePatientsUser(context);
  const id = params.patientRecordId ?? "";
  const result = await loadPatientRecord(request, context, id);
  // The record route renders the error (its loader got the same answer), or a dialog refused a form.
  if (result.error || dialogActionRan(context)) return data(null);
  const product = defaultProduct(result.data);
  throw redirect(sectionPath(id, product, firstSection(product, result.data)) + requestUrl(request).search);
}

export default function PatientRecordIndex() {
  return null;
}
