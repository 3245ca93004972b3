/**
 * The patient detail's header (000 §2.8): name ('Last, First'), e-mail, phone, the discharge line, primary
 * provider, location, involved side and joint, gait unique ID (upper-cased). The page shown when the record could not
 * be loaded is patient-load-error.tsx.
 */
import { useLocation } from "react-router";
import { Link } from "../../../components/link";
import { useReadOnly } from "../../../shell/read-only";
import type { SerializeFrom } from "../../../route-data";
import type { PatientRecord } from "../../../api/patients.server";
import { displayName } from "../../../domain/names";
import { formatPhone } from "../../../domain/phone";
import { bodyPartLabel, canResendInvite, dischargeLine, planAction, PLAN_ACTION_LABELS, sideLabel } from "../rules/patient-record";
import { withParams } from "../../../shell/dialog-url";
import { CopyButton } from "./copy-button";
import { Fold } from "../../../components/filters-panel";

/** `accessHistory`: the user may read the patient's access history (provider admins; ADR 018). */
export function RecordHeader({ record, accessHistory = false }: { record: SerializeFrom<PatientRecord>; accessHistory?: boolean }) {
  const { patient, practitioner, location, productData } = record;
  const discharge = dischargeLine(record);
  const gaitUid = productData.gait?.uid;
  const health = productData.health;
  return (
    <header className="patient-header">
      <div className="patient-header-top">
        <div>
          <h1 id="patient-name">{displayName(patient)}</h1>
          {discharge ? <p className="patient-discharge">{discharge}</p> : null}
        </div>
        <RecordActions record={record} accessHistory={accessHistory} />
      </div>
      {/* Folded on a phone (issue 34): the patient's data, below, shows in the first screen. */}
      <Fold summary="Patient details" below="sm" className="patient-facts-fold">
      <dl className="patient-facts">
        <Fact label="Email">{patient.email ? <CopyButton value={patient.email} label="Copy email">{patient.email}</CopyButton> : "—"}</Fact>
        <Fact label="Phone">{patient.phoneNumber ? formatPhone(patient.phoneNumber) : "—"}</Fact>
        <Fact label="Primary Provider">{practitioner ? displayName(practitioner) : "—"}</Fact>
        <Fact label="Location">{location?.name ?? "—"}</Fact>
        {health ? (
          <>
            <Fact label="Involved Side">{sideLabel(health.injuredSideOfBody)}</Fact>
            <Fact label="Involved Joint">{bodyPartLabel(health.injuredBodyPart)}</Fact>
          </>
        ) : null}
        {productData.gait ? <Fact label="Gait Unique ID">{gaitUid ? <CopyButton value={gaitUid.toUpperCase()} label="Copy gait unique ID">{gaitUid.toUpperCase()}</CopyButton> : "—"}</Fact> : null}
      </dl>
      </Fold>
    </header>
  );
}

/** The record's actions: the plan of care (discharge, edit, new), details, and the Health invite. */
function RecordActions({ record, accessHistory }: { record: SerializeFrom<PatientRecord>; accessHistory: boolean }) {
  const location = useLocation();
  const open = (dialog: string) => withParams(location, { dialog, step: null, products: null });
  const plan = planAction(record);
  const readOnly = useReadOnly();
  // Support staff change no patient (ADR 026): the record's changes are not offered to them.
  if (readOnly) {
    return accessHistory ? (
      <div className="patient-actions">
        <Link className="button" to={`/patients/${encodeURIComponent(record.id)}/access-history`}>
          Access history
        </Link>
      </div>
    ) : null;
  }
  return (
    <div className="patient-actions">
      <Link className="button" to={open(plan)} preventScrollReset>
        {PLAN_ACTION_LABELS[plan]}
      </Link>
      <Link className="button" to={open("edit-details")} preventScrollReset>
        Edit Patient Details
      </Link>
      {record.products.includes("HEALTH") ? (
        canResendInvite(record) ? (
          <Link className="button" to={open("resend-invite")} preventScrollReset>
            Resend Health Invite
          </Link>
        ) : (
          <button type="button" className="button" disabled>
            Resend Health Invite
          </button>
        )
      ) : null}
      {accessHistory ? (
        <Link className="button" to={`/patients/${encodeURIComponent(record.id)}/access-history`}>
          Access history
        </Link>
      ) : null}
    </div>
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
