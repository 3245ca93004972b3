/**
 * Step 0, Assign Program (001 §2.2): New Program or one of the organization's templates, with a preview of the
 * chosen one (name, frequency, notes, exercises with their goals) — chosen by a link (`preview={templateId}`
 * in the URL), so it works without JavaScript. Its only button, Assign to Patient, assigns the template
 * directly (the API copies it into a program of the patient's own); New Program goes to step 1.
 */
import { ProgramExercisesTable } from "../../../components/program-exercises-table";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "../../../components/link";
import { withParams } from "../../../shell/dialog-url";
import { EXERCISE_NAMES_MISSING } from "../../../domain/program-view";
import { FormToken } from "../../../forms/form-token";
import { BuilderFrame, CloseLink, CrumbLinks } from "./builder-frame";
import type { AssignView } from "./builder-view";

export function AssignStep({ view }: { view: AssignView }) {
  const location = useLocation();
  const navigation = useNavigation();
  // With JavaScript the button does nothing while the assignment is being sent (the form token also makes a repeat harmless).
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "assign-template";
  const { preview } = view;
  return (
    <BuilderFrame
      title={view.title}
      screen="assign"
      crumbs={<CrumbLinks crumbs={view.crumbs} />}
      close={<CloseLink href={view.closeHref} />}
      footer={
        <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset className="builder-assign-form">
          <input type="hidden" name="intent" value="assign-template" />
          <input type="hidden" name="templateId" value={view.previewId ?? ""} />
          <FormToken />
          <button
            type="submit"
            className="button primary"
            disabled={!view.previewId}
            aria-disabled={busy || undefined}
            onClick={(e) => {
              if (busy) e.preventDefault();
            }}
          >
            Assign to Patient
          </button>
        </Form>
      }
    >
      <p className="builder-patient">
        For {view.patient.firstName} {view.patient.lastName}
      </p>
      {view.error ? (
        <p className="notice notice-error" role="alert">
          {view.error}
        </p>
      ) : null}
      <div className="builder-assign">
        <section className="builder-assign-choices" aria-labelledby="builder-step-heading">
          <h2 id="builder-step-heading" tabIndex={-1} data-focus-start="">
            Choose a template or build a new Program
          </h2>
          <ul className="builder-choice-list">
            <li>
              <Link to={view.newProgramHref} className="builder-choice builder-choice-new">
                New Program
              </Link>
            </li>
            {view.templates.map((t) => (
              <li key={t.id}>
                <Link
                  to={withParams(location, { preview: t.id })}
                  className={t.id === view.previewId ? "builder-choice is-chosen" : "builder-choice"}
                  aria-current={t.id === view.previewId ? "true" : undefined}
                  preventScrollReset
                  replace
                >
                  {t.name}
                </Link>
              </li>
            ))}
          </ul>
          {view.templatesError ? (
            <p className="notice notice-error" role="alert">
              {view.templatesError}
            </p>
          ) : null}
        </section>
        <section className="builder-preview" aria-labelledby="builder-preview-heading">
          <h2 id="builder-preview-heading">Preview</h2>
          {view.previewError ? (
            <p className="notice notice-error" role="alert">
              {view.previewError}
            </p>
          ) : null}
          {preview ? (
            <>
              <h3>{preview.name}</h3>
              <dl className="builder-preview-facts">
                <div>
                  <dt>Frequency</dt>
                  <dd>{preview.frequency}</dd>
                </div>
                <div>
                  <dt>Notes</dt>
                  <dd className="program-notes">{preview.notes ?? "No notes"}</dd>
                </div>
              </dl>
              {preview.namesMissing ? <p className="field-hint">{EXERCISE_NAMES_MISSING}</p> : null}
              <ProgramExercisesTable rows={preview.rows} caption={`Exercises of ${preview.name}`} />
            </>
          ) : view.previewError ? null : (
            <p className="muted">Choose a template to see it here.</p>
          )}
        </section>
      </div>
    </BuilderFrame>
  );
}
