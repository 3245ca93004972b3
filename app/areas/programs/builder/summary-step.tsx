/**
 * Step 3, Summary (001 §2.2): 'Program Summary' or 'Program Template Summary' with the patient's first and
 * last name, the inline edits of name, notes and frequency, the exercises, and for a program assigned to a
 * patient the 'Save this Program as template' box.
 */
import { programRows } from "../../../domain/program-view";
import { ProgramExercisesTable } from "../../../components/program-exercises-table";
import { offersSaveAsTemplate, summaryTitle } from "../rules/builder-flow";
import type { StepsView } from "./builder-view";
import { InlineEdits } from "./inline-edits";

export const SAVE_AS_TEMPLATE = "Save this Program as template";

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
      <ProgramExercisesTable rows={programRows(draft.blocks, Object.values(exercises))} caption="Exercises of the program, in order" className="builder-summary-table" />
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
