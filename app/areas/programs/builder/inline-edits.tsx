/**
 * The inline edits of the name, frequency and notes (001 §2.2: the exercises step's sidebar and the summary).
 * Edit opens an editor (a post: it works without JavaScript); Save applies it (name required, notes under
 * 500 characters), Cancel closes it. Leaving the step with a changed, unsaved editor is refused with 'Don't
 * forget to save or cancel your changes.' at the editor (builder.server.ts).
 */
import { IntentButton, NotesField, SelectField, TextField } from "./builder-fields";
import type { StepsView } from "./builder-view";
import { dailyOptions, weeklyOptions } from "./information-step";

export const frequencyText = (daily: number, weekly: number) => `${daily} ${daily === 1 ? "time" : "times"} a day, ${weekly} ${weekly === 1 ? "day" : "days"} a week`;

function EditorButtons({ field, label }: { field: string; label: string }) {
  return (
    <div className="inline-edit-actions">
      <IntentButton intent={`save-edit:${field}`} primary aria-label={`Save ${label}`}>
        Save
      </IntentButton>
      <IntentButton intent={`cancel-edit:${field}`} formNoValidate aria-label={`Cancel ${label} edit`}>
        Cancel
      </IntentButton>
    </div>
  );
}

function EditButton({ field, label }: { field: string; label: string }) {
  return (
    <IntentButton intent={`edit:${field}`} formNoValidate className="inline-edit-open" aria-label={`Edit ${label}`}>
      Edit
    </IntentButton>
  );
}

export function InlineEdits({ view }: { view: StepsView }) {
  const { draft, edits, errors } = view;
  return (
    <dl className="inline-edits">
      <div className="inline-edit">
        <dt>Name</dt>
        <dd>
          {edits.name !== undefined ? (
            <>
              <TextField name="edit.name" label="Edit name" value={edits.name} errors={errors["edit.name"]} inputProps={{ maxLength: 200, autoComplete: "off" }} />
              <EditorButtons field="name" label="name" />
            </>
          ) : (
            <>
              <span className="inline-edit-value">{draft.name}</span>
              <EditButton field="name" label="name" />
            </>
          )}
        </dd>
      </div>
      <div className="inline-edit">
        <dt>Frequency</dt>
        <dd>
          {edits.frequency !== undefined ? (
            <>
              <div className="builder-frequency">
                <SelectField name="edit.dailyFrequency" label="Daily frequency" value={String(edits.frequency.dailyFrequency)} options={dailyOptions} errors={errors["edit.dailyFrequency"]} />
                <SelectField name="edit.weeklyFrequency" label="Weekly frequency" value={String(edits.frequency.weeklyFrequency)} options={weeklyOptions} />
              </div>
              <EditorButtons field="frequency" label="frequency" />
            </>
          ) : (
            <>
              <span className="inline-edit-value">{frequencyText(draft.dailyFrequency, draft.weeklyFrequency)}</span>
              <EditButton field="frequency" label="frequency" />
            </>
          )}
        </dd>
      </div>
      <div className="inline-edit">
        <dt>Notes</dt>
        <dd>
          {edits.notes !== undefined ? (
            <>
              <NotesField name="edit.notes" label="Edit notes" value={edits.notes} errors={errors["edit.notes"]} />
              <EditorButtons field="notes" label="notes" />
            </>
          ) : (
            <>
              <span className="inline-edit-value program-notes">{draft.notes.trim() ? draft.notes : <span className="muted">No notes</span>}</span>
              <EditButton field="notes" label="notes" />
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
