/**
 * The patient detail's header (000 §2.8): name ('Last, First'), e-mail, phone, the discharge line, primary
 * provider, location, involved side and joint, gait unique ID (upper-cased); and the page shown when the
 * record could not be loaded (nothing about the patient in it).
 */
import { Link } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { PatientRecord } from "../../api/patients.server";
import { displayName, displayPhone } from "./placeholders";
import { bodyPartLabel, dischargeLine, sideLabel } from "../../domain/patient-record";
import { NOT_FOUND_MESSAGE } from "../shell/error-screens";

export const PATIENT_LOAD_ERROR = "Could not get patient details.";

export function RecordHeader({ record }: { record: SerializeFrom<PatientRecord> }) {
  const { patient, practitioner, location, productData } = record;
  const discharge = dischargeLine(record);
  const gaitUid = productData.gait?.uid;
  const health = productData.health;
  return (
    <header className="patient-header">
      <h1 id="patient-name">{displayName(patient)}</h1>
      {discharge ? <p className="patient-discharge">{discharge}</p> : null}
      <dl className="patient-facts">
        <Fact label="Email">{patient.email ?? "—"}</Fact>
        <Fact label="Phone">{patient.phoneNumber ? displayPhone(patient.phoneNumber) : "—"}</Fact>
        <Fact label="Primary Provider">{practitioner ? displayName(practitioner) : "—"}</Fact>
        <Fact label="Location">{location?.name ?? "—"}</Fact>
        {health ? (
          <>
            <Fact label="Involved Side">{sideLabel(health.injuredSideOfBody)}</Fact>
            <Fact label="Involved Joint">{bodyPartLabel(health.injuredBodyPart)}</Fact>
          </>
        ) : null}
        {productData.gait ? <Fact label="Gait Unique ID">{gaitUid ? gaitUid.toUpperCase() : "—"}</Fact> : null}
      </dl>
    </header>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="patient-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
