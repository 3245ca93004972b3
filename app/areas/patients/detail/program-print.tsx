/**
 * The printable program: a page for paper (program-print.css hides the screen-only parts). With JavaScript
 * the Print button opens the browser's print dialog; without it, the page says to use the browser's Print.
 */
import type { SerializeFrom } from "../../../route-data";
import { Link } from "../../../components/link";
import type { loadProgramPrint } from "./program-print.server";
import { useHydrated } from "../../../components/use-hydrated";
import { EXERCISE_NAMES_MISSING } from "../../../domain/program-view";
import { productPath } from "../rules/patient-detail";

export type ProgramPrintData = SerializeFrom<typeof loadProgramPrint>;

export function ProgramPrintPage({ data }: { data: ProgramPrintData }) {
  const hydrated = useHydrated();
  const { program } = data;
  return (
    <main id="main" className="program-print">
      <div className="print-toolbar screen-only">
        <Link to={productPath(data.patientId, "health")} className="button">
          Back to patient
        </Link>
        {hydrated ? (
          <button type="button" className="button primary" onClick={() => window.print()}>
            Print
          </button>
        ) : (
          <p className="field-hint">Use your browser&apos;s Print command to print this Program.</p>
        )}
      </div>
      <header className="print-header">
        {data.organization.logoUrl ? <img src={data.organization.logoUrl} alt={data.organization.name} width={250} height={140} className="print-logo" /> : <p className="print-org">{data.organization.name}</p>}
        <div>
          <h1>{program.name}</h1>
          <p>
            <strong>Patient:</strong> {data.patientName}
          </p>
          <p>
            <strong>How often:</strong> {program.frequency}
          </p>
          <p className="field-hint">Printed {data.printedOn}</p>
        </div>
      </header>
      {program.notes ? (
        <section aria-labelledby="print-notes" className="print-notes">
          <h2 id="print-notes">Notes</h2>
          <p>{program.notes}</p>
        </section>
      ) : null}
      {program.namesMissing ? (
        <p className="notice notice-info" role="note">
          {EXERCISE_NAMES_MISSING}
        </p>
      ) : null}
      <h2>Exercises</h2>
      <ol className="print-exercises">
        {program.rows.map((row) => (
          <li key={row.key} className="print-exercise">
            {row.imageUrl ? <img src={row.imageUrl} alt="" width={160} height={160} loading="eager" /> : <div className="print-no-image" aria-hidden="true" />}
            <div>
              <h3>{row.name}</h3>
              {row.patientName ? <p className="print-simple-name">{row.patientName}</p> : null}
              <dl>
                <div>
                  <dt>Side</dt>
                  <dd>{row.side}</dd>
                </div>
                <div>
                  <dt>Sets</dt>
                  <dd>{row.sets}</dd>
                </div>
                <div>
                  <dt>Each set</dt>
                  <dd>{row.goal}</dd>
                </div>
              </dl>
              {row.instructions ? <p>{row.instructions}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </main>
  );
}
