/**
 * `/patients/{patientRecordId}/…`: the patient record (GET v2/patients/{id}) and its header (000 §2.8), the
 * product pages below it (<Outlet />). A patient the user may not see (another organization, a location not
 * theirs, hidden, no such id) is the API's 404: the page says 'Could not get patient details.' and nothing
 * about the patient (the title never carries a name).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { getPatientRecord } from "../api/patients.server";
import { getApi } from "../api/user-api.server";
import { requireUser } from "../auth/user.server";
import { todayIn } from "../domain/date-range";
import { PatientLoadError, RecordHeader } from "../ui/patient-detail/record-header";
import type { RecordRouteData } from "../ui/patient-detail/route-data";
import patientStyles from "../styles/patient-detail.css";

export const links = () => [{ rel: "stylesheet", href: patientStyles }];

export const meta: MetaFunction = () => [{ title: "Patient Details | Exer Provider Portal" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const result = await getPatientRecord(getApi(request, context), params.patientRecordId ?? "");
  if (result.error) {
    // 400 (not an id) and 404 (no such patient, or outside the user's reach) are both "not found".
    const status = result.error.status === 400 || result.error.status === 404 ? 404 : 502;
    throw data({ status }, { status, headers: { "Cache-Control": "no-store" } });
  }
  const timeZone = user.organization.timezone;
  const loaded: RecordRouteData = { record: result.data, timeZone, today: todayIn(timeZone) };
  return data(loaded, { headers: { "Cache-Control": "no-store" } });
}

export const headers = () => ({ "Cache-Control": "no-store" });

export default function PatientRecordLayout() {
  const { record } = useLoaderData<typeof loader>();
  return (
    <article className="patient-detail" aria-labelledby="patient-name">
      <RecordHeader record={record} />
      <Outlet />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <PatientLoadError notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
