/**
 * Step 3, Summary (001 §2.2): 'Program Summary' or 'Program Template Summary' with the patient's first and
 * last name, the inline edits of name, notes and frequency, the exercises, and for a program assigned to a
 * patient the 'Save this Program as template' box.
 */
import { goalText } from "../../../domain/program-view";
import { offersSaveAsTemplate, summaryTitle } from "../rules/builder-flow";
import { exerciseName } from "./block-fields";
import type { StepsView } from "./builder-view";
import { InlineEdits } from "./inline-edits";

export const SAVE_AS_TEMPLATE = "Save this Program as template";
const SIDES: Record<string, string> = { LEFT: "Left", RIGHT: "Right" };

export function SummaryStep({ view }: { view: StepsView }) {
  const { draft, exercises, patient } = view;
  return (
    <section className="builder-step builder-summary" aria-labelledby="builder-step-heading">
      <h2 id="builder-step-heading" tabIndex={-1} data-focus-start="">
        {summaryTitle(view.start)}
      </h2>
      {patient ? (
        <p className="builder-patient">
          {patient.firstName} {patient.lastName}
        </p>
      ) : null}
      <InlineEdits view={view} />
      <h3>Exercises ({draft.blocks.length})</h3>
      <div className="table-wrap">
        <table className="data-table builder-summary-table">
          <caption className="visually-hidden">Exercises of the program, in order</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Exercise</th>
              <th scope="col">Side</th>
              <th scope="col">Sets</th>
              <th scope="col">Goal</th>
            </tr>
          </thead>
          <tbody>
            {draft.blocks.map((b, i) => {
              const e = exercises[b.exerciseId];
              return (
                <tr key={b.key}>
                  <td>{String(i + 1).padStart(2, "0")}</td>
                  <th scope="row">{exerciseName(b, e)}</th>
                  <td>{b.sideOfBody ? SIDES[b.sideOfBody] : "Not side-specific"}</td>
                  <td>{b.numSets}</td>
                  <td>{goalText(b.setGoal, e?.withHold ?? false)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {offersSaveAsTemplate(view.start) ? (
        <div className="field checkbox-field builder-save-template">
          <input type="hidden" name="saveAsTemplateOffered" value="1" />
          <input key={`saveAsTemplate:${draft.saveAsTemplate}`} id="builder-saveAsTemplate" type="checkbox" name="saveAsTemplate" defaultChecked={draft.saveAsTemplate} />
          <label htmlFor="builder-saveAsTemplate">{SAVE_AS_TEMPLATE}</label>
        </div>
      ) : null}
    </section>
  );
}
