/**
 * The page shown when a patient's record could not be loaded (000 §2.8): not found (or not the user's to see), or the
 * service failed — nothing about the patient in it. Apart from the header (record-header.tsx), which loads after the
 * page is interactive: an error screen must not need a request of its own (ADR 038).
 */
import { Link } from "../../../components/link";
import { NOT_FOUND_MESSAGE } from "../../../shell/error-screens";

export const PATIENT_LOAD_ERROR = "Could not get patient details.";

/** The record could not be loaded: not found (or not the user's to see), or the service failed. */
export function PatientLoadError({ notFound }: { notFound: boolean }) {
  return (
    <section className="error-screen" aria-labelledby="patient-error">
      <h1 id="patient-error">{notFound ? "Patient not found" : "Something went wrong"}</h1>
      <p role="alert">{PATIENT_LOAD_ERROR}</p>
      {notFound ? <p>{NOT_FOUND_MESSAGE}</p> : null}
      <p>
        <Link to="/patients/" className="button primary">
          Back to Patients
        </Link>
      </p>
    </section>
  );
}
