/**
 * `/patients/{patientRecordId}/…`: the patient record (GET v2/patients/{id}) and its header (000 §2.8), the
 * record's dialogs (`?dialog=discharge|edit-plan|new-plan|edit-details|resend-invite`, handled by this
 * route's action) and the product pages below it (<Outlet />). A patient the user may not see (another
 * organization, a location not theirs, hidden, no such id) is the API's 404: the page says 'Could not get
 * patient details.' and nothing about the patient (the title never carries a name).
 */
import { data, isRouteErrorResponse, Outlet, type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { Suspense } from "react";
import { loadPatientRecord } from "../api/patients.server";
import { isOrganizationAdmin } from "../auth/roles";
import { requirePatientsUser } from "../auth/current-user.server";
import { todayIn } from "../domain/date-range";
import { loadPatientFormChoices } from "../areas/patients/detail/choices.server";
import { recordAction } from "../areas/patients/detail/record-action.server";
import { isRecordDialog } from "../areas/patients/detail/record-dialog-names";
import { PatientLoadError } from "../areas/patients/detail/patient-load-error";
import type { RecordRouteData } from "../areas/patients/detail/route-data";
import { ScrollToTop } from "../areas/patients/detail/scroll-to-top";
import patientStyles from "../areas/patients/detail/patient-detail.css?url";
import { requestUrl } from "../request-url";
import { isCareTimerPost } from "../areas/patients/detail/care-timer-intents";
import type { Route } from "./+types/_app.patients.$patientRecordId";
import { lazyPart } from "../components/lazy-part";

export const links = () => [{ rel: "stylesheet", href: patientStyles }];

export const meta = (): Route.MetaDescriptors => [{ title: "Patient Details | Exer Provider Portal" }];

const NO_STORE = { "Cache-Control": "no-store" };

/** Dialogs that need the locations and providers. */
const NEEDS_CHOICES = new Set(["edit-details", "new-plan"]);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requirePatientsUser(context);
  const url = requestUrl(request);
  const dialog = url.searchParams.get("dialog");
  const [result, choices] = await Promise.all([
    loadPatientRecord(request, context, params.patientRecordId ?? ""),
    dialog && NEEDS_CHOICES.has(dialog) ? loadPatientFormChoices(request, context, user) : null,
  ]);
  if (result.error) {
    // 400 (not an id) and 404 (no such patient, or outside the user's reach) are both "not found".
    const status = result.error.status === 400 || result.error.status === 404 ? 404 : 502;
    throw data({ status }, { status, headers: NO_STORE });
  }
  const timeZone = user.organization.timezone;
  const loaded: RecordRouteData = { record: result.data, timeZone, today: todayIn(timeZone) };
  return data({ ...loaded, orgProducts: user.organization.products, choices, accessHistory: isOrganizationAdmin(user.role) }, { headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requirePatientsUser(context);
  return recordAction(request, context, user, params.patientRecordId ?? "");
}

export const headers = () => NO_STORE;

// The header (name, contact, the record's facts and actions) hydrates once its code has come, after the page is
// interactive (ADR 038, as the list's results): the server renders it, and until then its links are links and its
// disclosures the browser's own.
const RecordHeader = lazyPart(() => import("../areas/patients/detail/record-header").then((m) => ({ default: m.RecordHeader })));

// The record's dialogs load with the first one opened (ADR 038): the record's pages carry none of their forms' code
// before they are interactive. One in the URL of the first page is rendered by the server and hydrates once its code has come.
const RecordDialogs = lazyPart(() => import("../areas/patients/detail/record-dialogs").then((m) => ({ default: m.RecordDialogs })));

/** The record does not change with the date range: reload it after a change, or when a dialog opens or closes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formData, defaultShouldRevalidate }) => {
  // The care timer's posts change nothing of the record (and would add its access-log rows on each tab switch).
  if (formMethod && formMethod !== "GET") return isCareTimerPost(formData) ? false : defaultShouldRevalidate;
  if (currentUrl.pathname.split("/")[2] !== nextUrl.pathname.split("/")[2]) return defaultShouldRevalidate;
  const dialogOf = (u: URL) => [u.searchParams.get("dialog"), u.searchParams.get("step")].join();
  return dialogOf(currentUrl) !== dialogOf(nextUrl) ? defaultShouldRevalidate : false;
};

export default function PatientRecordLayout({ loaderData }: Route.ComponentProps) {
  const { record, today, orgProducts, choices, accessHistory } = loaderData;
  const [searchParams] = useSearchParams();
  return (
    <article className="patient-detail" aria-labelledby="patient-name">
      <Suspense fallback={null}>
        <RecordHeader record={record} accessHistory={accessHistory} />
      </Suspense>
      <Outlet />
      {isRecordDialog(searchParams.get("dialog")) ? (
        <Suspense fallback={null}>
          <RecordDialogs dialog={searchParams.get("dialog")} record={record} today={today} orgProducts={orgProducts} choices={choices} />
        </Suspense>
      ) : null}
      <ScrollToTop />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PatientLoadError notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
