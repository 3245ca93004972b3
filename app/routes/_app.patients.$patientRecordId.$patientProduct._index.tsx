/**
 * `/patients/{id}/{product}/` → `/patients/{id}/{product}/activity/`, keeping the search string. After a
 * failed unassign (without JavaScript) it stays: the product route shows the dialog and its message.
 */
import { redirect } from "react-router";
import { requirePatientsUser } from "../auth/current-user.server";
import { programActionRan } from "../areas/patients/detail/program-action.server";
import { DEFAULT_SECTION, isPatientProduct, sectionPath } from "../areas/patients/rules/patient-detail";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/_app.patients.$patientRecordId.$patientProduct._index";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requirePatientsUser(context);
  const product = params.patientProduct;
  // An unknown product: the product route redirects (or shows the record's error).
  if (!isPatientProduct(product) || programActionRan(context)) return null;
  throw redirect(sectionPath(params.patientRecordId ?? "", product, DEFAULT_SECTION) + requestUrl(request).search);
}

export default function PatientProductIndex() {
  return null;
}
