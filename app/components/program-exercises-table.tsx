/**
 * The exercises of a program or template as a table (the patient's program drawer, the template detail, the
 * builder's preview and summary): numbered with two digits (001 §9), the exercise (and the plain name the
 * patient sees), side, sets and the goal of each set. Rows come from domain/program-view.ts.
 */
import type { ProgramRow } from "../domain/program-view";
import { tableWrap } from "./table-wrap";

export function ProgramExercisesTable({ rows, caption, className }: { rows: readonly Pick<ProgramRow, "key" | "name" | "patientName" | "side" | "sets" | "goal">[]; caption: string; className?: string }) {
  return (
    <div {...tableWrap(caption)}>
      <table className={["data-table stacked-table", className].filter(Boolean).join(" ")}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Exercise</th>
            <th scope="col">Side</th>
            <th scope="col">Sets</th>
            <th scope="col">Each set</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.key}>
              <td data-label="#">{String(i + 1).padStart(2, "0")}</td>
              <th scope="row">
                {row.name}
                {row.patientName ? <span className="field-hint exercise-patient-name">{row.patientName}</span> : null}
              </th>
              <td data-label="Side">{row.side}</td>
              <td data-label="Sets">{row.sets}</td>
              <td data-label="Each set">{row.goal}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
