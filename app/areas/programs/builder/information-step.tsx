/**
 * Step 1, Information (001 §2.2, §5): name, notes (n/500), daily frequency 1–5 and weekly 1–7. For a new
 * program or template, a starter template first ('Choose existing template as a starter', None included):
 * its Use template button copies it (with JavaScript, choosing one is enough).
 */
import { useRef } from "react";
import { useChangeHandler } from "../../../components/use-change-handler";
import { DAILY_MAX, DAILY_MIN, WEEKLY_MAX, WEEKLY_MIN } from "../rules/program-draft";
import { NotesField, rangeOptions, SelectField, TextField } from "./builder-fields";
import type { StepsView } from "./builder-view";

export const STARTER_LABEL = "Choose existing template as a starter";
export const FROM_SCRATCH = "Or build a program from scratch";

export const dailyOptions = rangeOptions(DAILY_MIN, DAILY_MAX, (n) => `${n} ${n === 1 ? "time" : "times"} a day`);
export const weeklyOptions = rangeOptions(WEEKLY_MIN, WEEKLY_MAX, (n) => `${n} ${n === 1 ? "day" : "days"} a week`);

export function InformationStep({ view }: { view: StepsView }) {
  const { draft, errors } = view;
  return (
    <section className="builder-step builder-information" aria-labelledby="builder-step-heading">
      <h2 id="builder-step-heading" tabIndex={-1} data-focus-start="">
        Information
      </h2>
      {view.starters !== null || view.startersError ? <StarterPicker view={view} /> : null}
      <div className="stack builder-information-fields">
        <TextField name="name" label="Name" value={draft.name} errors={errors.name} inputProps={{ maxLength: 200, autoComplete: "off" }} />
        <NotesField name="notes" label="Notes" value={draft.notes} errors={errors.notes} />
        <div className="builder-frequency">
          <SelectField name="dailyFrequency" label="Daily frequency" value={String(draft.dailyFrequency)} options={dailyOptions} />
          <SelectField name="weeklyFrequency" label="Weekly frequency" value={String(draft.weeklyFrequency)} options={weeklyOptions} />
        </div>
      </div>
    </section>
  );
}

function StarterPicker({ view }: { view: StepsView }) {
  const apply = useRef<HTMLButtonElement>(null);
  // With JavaScript a template chosen applies at once (one chosen before the builder hydrated too); without it, the button.
  const starterChanges = useChangeHandler<HTMLSelectElement>(() => apply.current?.click());
  const options = [{ value: "", label: "None" }, ...(view.starters ?? []).map((t) => ({ value: t.id, label: t.name }))];
  return (
    <div className="builder-starter">
      {view.startersError ? (
        <p className="notice notice-error" role="alert">
          {view.startersError}
        </p>
      ) : (
        <div className="builder-starter-row">
          <SelectField
            name="starterId"
            label={STARTER_LABEL}
            value={view.draft.starterId ?? ""}
            options={options}
            errors={view.formErrors.length && view.step === 1 ? view.formErrors : undefined}
            selectProps={starterChanges}
          />
          <button ref={apply} type="submit" name="intent" value="starter" className="button" formNoValidate>
            Use template
          </button>
        </div>
      )}
      <p className="builder-scratch">{FROM_SCRATCH}</p>
    </div>
  );
}
