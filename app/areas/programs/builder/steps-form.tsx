/**
 * Steps 1 to 3 in one form (guide §6): the whole draft in one hidden JSON field, the step it shows, the form
 * token of the last step's publish, and the step's fields. Every button is a submit button with an `intent`
 * (builder.server.ts); Next and Back post to the URL of the step they ask for. With JavaScript this is a
 * React Router <Form>: the steps change without a full reload.
 */
import { Form, useNavigation } from "react-router";
import { Link } from "../../../components/link";
import { useEffect, useRef } from "react";
import { FormToken } from "../../../forms/form-token";
import { DRAFT_FIELD, serializeDraft } from "../rules/program-draft";
import { publishLabel, STEP_LABELS, stepHref, type Step } from "../rules/builder-flow";
import { BuilderFrame, BuilderModal, CloseButton, CrumbButtons } from "./builder-frame";
import { IntentButton, NotesField, TextField } from "./builder-fields";
import type { StepsView } from "./builder-view";
import { ExercisesStep } from "./exercises-step";
import { InformationStep } from "./information-step";
import { SAVE_AS_TEMPLATE, SummaryStep } from "./summary-step";

import { useChangeHandler } from "../../../components/use-change-handler";

export const DISCARD_TITLE = "Discard Changes?";
export const DISCARD_TEXT = "Changes you made to this Program will not be saved.";

/** What Enter in a field does: the first submit button of the form. */
const ENTER_INTENT: Record<Step, string> = { 1: "next", 2: "search", 3: "refresh" };

export function StepsForm({ view }: { view: StepsView }) {
  const { start, step } = view;
  const form = useRef<HTMLFormElement>(null);
  // With JavaScript, a refused post moves the focus to the first field it marked, or to the control of a refused
  // block (`data-refused`: its Remove button, described by the block's message) (each answer is a new object).
  const errors = view.errors;
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-refused]')?.focus();
  }, [errors]);
  // With JavaScript a filter box applies at once (without it, the panel's Apply button).
  const changes = useChangeHandler((control, root: HTMLFormElement) => {
    if (step === 2 && control.type === "checkbox" && control.closest(".filter-panel")) {
      root.requestSubmit(root.querySelector<HTMLButtonElement>('button[name="intent"][value="search"]'));
    }
  }, form);
  return (
    <Form
      method="post"
      action={stepHref(start, step)}
      preventScrollReset
      className="builder-form"
      noValidate
      {...changes}
    >
      <input type="hidden" name={DRAFT_FIELD} value={serializeDraft(view.draft)} />
      <input type="hidden" name="step" value={step} />
      <FormToken />
      <button type="submit" name="intent" value={ENTER_INTENT[step]} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {ENTER_INTENT[step]}
      </button>
      <BuilderFrame
        title={view.title}
        screen={`steps-${step}`}
        crumbs={<CrumbButtons crumbs={view.crumbs} />}
        close={<CloseButton />}
        footer={<StepButtons view={view} />}
        overlay={view.dialog ? <StepsDialog view={view} /> : null}
      >
        <StepIndicator step={step} />
        {view.formErrors.length && !(step === 1 && view.starters) ? (
          <div className="notice notice-error" role="alert">
            {view.formErrors.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        ) : null}
        {step === 1 ? <InformationStep view={view} /> : step === 2 ? <ExercisesStep view={view} /> : <SummaryStep view={view} />}
      </BuilderFrame>
    </Form>
  );
}

function StepIndicator({ step }: { step: Step }) {
  return (
    <ol className="builder-steps" aria-label="Steps">
      {([1, 2, 3] as const).map((s) => (
        <li key={s} className={s === step ? "builder-step-current" : s < step ? "builder-step-done" : undefined} aria-current={s === step ? "step" : undefined}>
          <span className="builder-step-number" aria-hidden="true">
            {s}
          </span>{" "}
          {STEP_LABELS[s]}
        </li>
      ))}
    </ol>
  );
}

/** True while a publish of this form is being sent (with JavaScript): its buttons then do nothing. */
function usePublishing() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && String(navigation.formData?.get("intent") ?? "").startsWith("publish");
}

const guard = (busy: boolean) => ({
  "aria-disabled": busy || undefined,
  onClick: (e: { preventDefault(): void }) => {
    if (busy) e.preventDefault();
  },
});

function StepButtons({ view }: { view: StepsView }) {
  const { start, step } = view;
  const busy = usePublishing();
  return (
    <>
      {step >= 2 ? (
        <button type="submit" name="intent" value="back" className="button" formAction={stepHref(start, (step - 1) as Step)} formNoValidate>
          Back
        </button>
      ) : null}
      {step < 3 ? (
        <button type="submit" name="intent" value="next" className="button primary" formAction={stepHref(start, (step + 1) as Step)}>
          Next
        </button>
      ) : (
        <IntentButton intent="publish" primary {...guard(busy)}>
          {publishLabel(start)}
        </IntentButton>
      )}
    </>
  );
}

function StepsDialog({ view }: { view: StepsView }) {
  const dialog = view.dialog!;
  const busy = usePublishing();
  if (dialog.kind === "discard") {
    return (
      <BuilderModal title={DISCARD_TITLE} description={DISCARD_TEXT} alert>
        <div className="modal-actions">
          <IntentButton intent="stay" formNoValidate data-escape="" data-initial="">
            Cancel
          </IntentButton>
          <Link to={dialog.leaveHref} className="button primary">
            Discard
          </Link>
        </div>
      </BuilderModal>
    );
  }
  return (
    <BuilderModal title={SAVE_AS_TEMPLATE} description="The Program is assigned to the patient; the template is saved with this name and these notes.">
      <div className="stack">
        <TextField name="templateName" label="Template name" value={dialog.templateName} errors={view.errors.templateName} inputProps={{ maxLength: 200, autoComplete: "off" }} />
        <NotesField name="templateNotes" label="Template notes" value={dialog.templateNotes} errors={view.errors.templateNotes} />
      </div>
      <div className="modal-actions">
        <IntentButton intent="stay" formNoValidate data-escape="">
          Back to Summary
        </IntentButton>
        <IntentButton intent="publish-only" formNoValidate {...guard(busy)}>
          Cancel
        </IntentButton>
        <IntentButton intent="publish-with-template" primary {...guard(busy)}>
          Save
        </IntentButton>
      </div>
    </BuilderModal>
  );
}
