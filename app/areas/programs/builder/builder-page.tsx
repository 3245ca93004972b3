/**
 * The program builder's page (001 §2.2): one full-screen dialog showing the view the server answered — a
 * problem, the completion screen, step 0 (Assign Program) or steps 1 to 3. Every step posts: a read-only user
 * (support staff, ADR 026) gets the refusal's words instead of a step (the server refuses the posts anyway).
 */
import { Link } from "../../../components/link";
import { ROUTES } from "../../../shell/nav";
import { AssignStep } from "./assign-step";
import { BuilderFrame, CloseLink, CrumbLinks } from "./builder-frame";
import type { BuilderView, CompletedView, ProblemView } from "./builder-view";
import { StepsForm } from "./steps-form";
import { READ_ONLY_NOTICE, useReadOnly } from "../../../shell/read-only";

export const COMPLETED_TITLE = "Your Program Template is ready!";
export const COMPLETED_TEXT = "You can use this template as a starter for future programs";

export function BuilderPage({ view }: { view: BuilderView }) {
  const readOnly = useReadOnly();
  if (readOnly && (view.kind === "assign" || view.kind === "steps")) {
    return <ProblemScreen view={{ kind: "problem", title: view.title, message: READ_ONLY_NOTICE, closeHref: view.closeHref, crumbs: view.crumbs }} />;
  }
  switch (view.kind) {
    case "problem":
      return <ProblemScreen view={view} />;
    case "completed":
      return <CompletedScreen view={view} />;
    case "assign":
      return <AssignStep view={view} />;
    case "steps":
      return <StepsForm view={view} />;
  }
}

function ProblemScreen({ view }: { view: ProblemView }) {
  return (
    <BuilderFrame title={view.title} screen="problem" crumbs={<CrumbLinks crumbs={view.crumbs} />} close={<CloseLink href={view.closeHref} />}>
      <p className="notice notice-error" role="alert" tabIndex={-1} data-focus-start="">
        {view.message}
      </p>
    </BuilderFrame>
  );
}

function CompletedScreen({ view }: { view: CompletedView }) {
  return (
    <BuilderFrame title={view.title} screen="completed" crumbs={null} close={<CloseLink href={ROUTES.programTemplates} />}>
      <section className="builder-completed" aria-labelledby="builder-completed-heading">
        <h2 id="builder-completed-heading" tabIndex={-1} data-focus-start="">
          {COMPLETED_TITLE}
        </h2>
        <p>{COMPLETED_TEXT}</p>
        <div className="builder-completed-actions">
          <Link to={ROUTES.programTemplates} className="button">
            Back to Template List
          </Link>
          <Link to={ROUTES.patients} className="button primary">
            Assign Programs Now
          </Link>
        </div>
      </section>
    </BuilderFrame>
  );
}
