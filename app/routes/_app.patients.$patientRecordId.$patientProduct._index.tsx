/**
 * `/patients/{id}/{product}/` → `/patients/{id}/{product}/activity/`, keeping the search string. After a
 * failed unassign (without JavaScript) it stays: the product route shows the dialog and its message.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePatientsUser } from "../auth/user.server";
import { programActionRan } from "../areas/patients/detail/program-action.server";
import { DEFAULT_SECTION, isPatientProduct, sectionPath } from "../areas/patients/rules/patient-detail";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePatientsUser(request, context);
  const product = params.patientProduct;
  // An unknown product: the product route redirects (or shows the record's error).
  if (!isPatientProduct(product) || programActionRan(context)) return null;
  throw redirect(sectionPath(params.patientRecordId ?? "", product, DEFAULT_SECTION) + new URL(request.url).search);
}

export default function PatientProductIndex() {
  return null;
}
