/**
 * Above the Health tabs (000 §2.8): the Program card (the assigned program with Unassign — confirmed in its
 * dialog, `?dialog=unassign&program={hepId}` —, edit and print (the printable page, `/patients/{id}/programs/{hepId}/print`); or
 * 'Patient does not have a Program assigned yet.' with assign), the notice for a patient without Health, and
 * the first-program prompt (no program, no sessions, no RTM data, no PRO data). Program cards are not shown on
 * the Gait tab.
 */
import { assignProgramHref, editProgramHref } from "../../../domain/program-builder";
import type { SerializeFrom } from "../../../route-data";
import { useLocation } from "react-router";
import { Link } from "../../../components/link";
import type { PatientRecord } from "../../../api/patients.server";
import { withParams } from "../../../shell/dialog-url";
import { programPrintHref } from "../rules/patient-detail";
import { useReadOnly } from "../../../shell/read-only";

export const NO_PROGRAM_MESSAGE = "Patient does not have a Program assigned yet.";
export const HEALTH_LESS_MESSAGE = "Adding patient to Exer Health will allow Programs to be assigned.";
export const FIRST_PROGRAM_NOTE = "The patient will receive an e-mail invite to the Exer Health app when the Program is assigned.";

/** The program builder's assign and edit screens (programs document; their routes are built there). */

type RecordData = SerializeFrom<PatientRecord>;

/**
 * Whether a Health patient has no program, no sessions and no PRO answers — the first-program prompt's
 * condition but for care notes (the product route checks those: `firstProgram`).
 */
export function needsFirstProgram(record: RecordData): boolean {
  const health = record.productData.health;
  return record.products.includes("HEALTH") && health !== null && health.heps.length === 0 && !record.mostRecentActivity && !record.mostRecentSession;
}

/**
 * 000 §2.8 "A Health-less patient sees 'Adding patient to Exer Health will allow Programs to be assigned.'": on every
 * product tab of a patient without Health (a Gait- or PRO-only patient has no Health program card to replace).
 */
export function HealthLessNotice() {
  return (
    <p className="notice notice-info" role="note">
      {HEALTH_LESS_MESSAGE}
    </p>
  );
}

export function HealthPrograms({ record, firstProgram }: { record: RecordData; firstProgram: boolean }) {
  const location = useLocation();
  // Support staff assign, edit and unassign no program (ADR 026): they see the programs, open and print them.
  const readOnly = useReadOnly();
  const health = record.productData.health;
  if (!record.products.includes("HEALTH") || !health) return <HealthLessNotice />;
  if (firstProgram && !readOnly) {
    return (
      <section className="card first-program" aria-labelledby="first-program-title">
        <h2 id="first-program-title">Assign the first Program</h2>
        <p>{NO_PROGRAM_MESSAGE}</p>
        <p className="field-hint">{FIRST_PROGRAM_NOTE}</p>
        <Link className="button primary" to={assignProgramHref(record.id)}>
          Assign Program
        </Link>
      </section>
    );
  }
  return (
    <section className="card program-card" aria-labelledby="program-card-title">
      <h2 id="program-card-title">Program</h2>
      {health.heps.length === 0 ? (
        <div className="program-row">
          <p>{NO_PROGRAM_MESSAGE}</p>
          {readOnly ? null : (
            <Link className="button primary" to={assignProgramHref(record.id)}>
              Assign Program
            </Link>
          )}
        </div>
      ) : (
        <ul className="program-list">
          {health.heps.map((hep) => (
            <li key={hep.id} className="program-row">
              <Link className="program-name" to={withParams(location, { dialog: "program", program: hep.id })} preventScrollReset>
                {hep.name}
              </Link>
              <div className="program-actions">
                {readOnly ? null : (
                  <Link className="button" to={editProgramHref(record.id, hep.id)} aria-label={`Edit ${hep.name}`}>
                    Edit
                  </Link>
                )}
                <Link className="button" to={programPrintHref(record.id, hep.id)} aria-label={`Print ${hep.name}`}>
                  Print
                </Link>
                {readOnly ? null : (
                  <Link className="button" to={withParams(location, { dialog: "unassign", program: hep.id })} preventScrollReset aria-label={`Unassign ${hep.name}`}>
                    Unassign
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
