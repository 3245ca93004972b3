/**
 * `/patients/{id}/access-history?page=n` (ADR 018): the 'Access history' section of the patient detail, below the
 * record's header — who saw or changed this patient's data, newest first, paged in the URL. Provider admins only.
 */
import { useParams } from "react-router";
import { Link } from "../components/link";
import { AccessHistoryTable } from "../areas/patients/access-history/access-history-table";
import { loadPatientAccessHistory } from "../areas/patients/access-history/access-history-route.server";
import { ROUTES } from "../shell/nav";
import type { Route } from "./+types/_app.patients.$patientRecordId.access-history";

export const loader = loadPatientAccessHistory;
export const headers = () => ({ "Cache-Control": "no-store" });

export default function PatientAccessHistoryRoute({ loaderData }: Route.ComponentProps) {
  const { error, history, names, page, timeZone } = loaderData;
  const id = useParams().patientRecordId ?? "";
  const base = `${ROUTES.patient(id)}/access-history`;
  return (
    <section className="access-history" aria-labelledby="access-history-title">
      <h2 id="access-history-title">Access history</h2>
      <p>
        <Link to={`${ROUTES.patient(id)}/`}>Back to the patient</Link>
      </p>
      {error || !history ? (
        <p role="alert">{error}</p>
      ) : (
        <AccessHistoryTable history={history} names={names} timeZone={timeZone} page={page} hrefFor={(p) => `${base}?page=${p}`} caption="Who saw or changed this patient's data, newest first" />
      )}
    </section>
  );
}
