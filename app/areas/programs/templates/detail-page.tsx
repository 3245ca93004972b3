/**
 * A template's details (001 §2.3 "Template detail"): name, the daily and weekly frequency, the exercises in
 * their order with their goals, the notes, and Edit Template (the builder's edit-template start, returning
 * here). Breadcrumbs: Program Templates / Template Details (001 §2.2).
 */
import { ProgramExercisesTable } from "../../../components/program-exercises-table";
import { Link } from "../../../components/link";
import { useReadOnly } from "../../../shell/read-only";
import type { ReactNode } from "react";
import { editTemplateHref } from "../../../domain/program-builder";
import { EXERCISE_NAMES_MISSING } from "../../../domain/program-view";
import type { TemplateDetailData } from "./detail-route.server";
import { TEMPLATES_PATH } from "./template-list";

function Breadcrumbs() {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        <li>
          <Link to={TEMPLATES_PATH}>Program Templates</Link>
        </li>
        <li aria-current="page">Template Details</li>
      </ol>
    </nav>
  );
}

export function TemplateDetailFrame({ children }: { children: ReactNode }) {
  return (
    <section className="template-detail programs-page" aria-labelledby="template-title">
      <Breadcrumbs />
      {children}
    </section>
  );
}

export function TemplateDetailPage({ data }: { data: TemplateDetailData }) {
  const { view, updated } = data;
  const readOnly = useReadOnly();
  return (
    <TemplateDetailFrame>
      <div className="page-header">
        <h1 id="template-title">{view.name}</h1>
        {readOnly ? null : (
          <Link className="button primary" to={editTemplateHref(view.id, "template")}>
            Edit Template
          </Link>
        )}
      </div>
      <dl className="template-facts">
        <dt>Daily frequency</dt>
        <dd>{view.daily}</dd>
        <dt>Weekly frequency</dt>
        <dd>{view.weekly}</dd>
        <dt>Notes</dt>
        <dd>{view.notes || "No notes"}</dd>
        {updated ? (
          <>
            <dt>Updated</dt>
            <dd>{updated}</dd>
          </>
        ) : null}
      </dl>
      <section className="template-exercises" aria-labelledby="template-exercises-title">
        <h2 id="template-exercises-title">Exercises</h2>
        {view.namesMissing ? (
          <p className="notice notice-info" role="note">
            {EXERCISE_NAMES_MISSING}
          </p>
        ) : null}
        <ProgramExercisesTable rows={view.rows} caption={`Exercises of ${view.name}, in order`} />
      </section>
    </TemplateDetailFrame>
  );
}

/** 'Could not get template.' (another organization's, unknown, or the API failed): nothing of the template. */
export function TemplateLoadError({ message }: { message: string }) {
  return (
    <TemplateDetailFrame>
      <h1 id="template-title">Template Details</h1>
      <div className="error-view" role="alert">
        <h2>{message}</h2>
        <p>
          <Link to={TEMPLATES_PATH}>Back to Program Templates</Link>
        </p>
      </div>
    </TemplateDetailFrame>
  );
}
