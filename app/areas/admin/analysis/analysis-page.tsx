/**
 * The admin Scan analysis page (003 §2): the organization's name, one card per assessment with analysis data,
 * 'Add Assessment Analysis' (product admins; a GET form choosing an assessment without one, which opens its dialog
 * in edit mode with a template), and the '{assessment} Analysis' dialog at its URL (analysis-paths.ts): the read
 * view (outcome-view.tsx) or the JSON edit view with its live preview (edit-view.tsx).
 */
import type { SerializeFrom } from "../../../route-data";
import { Form } from "react-router";
import { Link } from "../../../components/link";
import { Suspense } from "react";
import { LoadErrorView } from "../../../components/load-error";
import { ADMIN_ROUTES } from "../../../shell/admin-nav";
import { NO_ORG_OUTCOMES } from "../../scan/analysis/analysis";
import type { loadAnalysisPage } from "./analysis-route.server";
import { analysisDialogHref, analysisPath } from "./analysis-paths";
import { lazyPart } from "../../../components/lazy-part";

// The dialog (the read view, and the JSON editor with its live check: zod and the rule's checks) loads with the first
// one opened (ADR 038); one in the URL of the first page is rendered by the server and hydrates once its code has come.
const AnalysisDialog = lazyPart(() => import("./analysis-dialog").then((m) => ({ default: m.AnalysisDialog })));

export type AnalysisPageData = SerializeFrom<typeof loadAnalysisPage>;

export const ADD_ANALYSIS = "Add Assessment Analysis";
export const dialogTitle = (assessmentName: string) => `${assessmentName} Analysis`;

export function AnalysisPage({ data }: { data: AnalysisPageData }) {
  const path = analysisPath(data.organizationId);
  return (
    <div className="page admin-analysis">
      <p className="admin-analysis-back">
        <Link to={ADMIN_ROUTES.scanOrganizations}>Scan organizations</Link>
      </p>
      <h1>{data.organizationName ?? "Scan analysis"}</h1>
      {data.organizationError ? (
        <p role="alert" className="field-error">
          {data.organizationError}
        </p>
      ) : null}
      <p className="page-subtitle">Scan analysis: the risk rules this organization's scan sessions are analysed with.</p>
      {data.loadError ? (
        <LoadErrorView message={data.loadError} retryHref={path} hint={null} />
      ) : (
        <>
          {data.canChange ? <AddAnalysisForm data={data} /> : null}
          {data.cards && data.cards.length > 0 ? (
            <ul className="admin-analysis-cards" aria-label="Assessments with analysis data">
              {data.cards.map((c) => (
                <li key={c.assessmentId} className="card admin-analysis-card">
                  <h2>{c.assessmentName}</h2>
                  <p className="admin-analysis-card-id">{c.assessmentId}</p>
                  <p>{c.title}</p>
                  <p className="admin-analysis-card-meta">
                    {c.type === "TREMORS" ? "Tremors" : "Fall risk"} · {c.factors === 1 ? "1 risk factor" : `${c.factors} risk factors`}
                  </p>
                  <Link className="button" to={analysisDialogHref(data.organizationId, c.assessmentId)} preventScrollReset>
                    Open<span className="visually-hidden"> {c.assessmentName}</span> Analysis
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-analysis-empty">{NO_ORG_OUTCOMES}</p>
          )}
        </>
      )}
      {data.dialog ? (
        <Suspense fallback={null}>
          <AnalysisDialog data={data} dialog={data.dialog} />
        </Suspense>
      ) : null}
    </div>
  );
}

function AddAnalysisForm({ data }: { data: AnalysisPageData }) {
  if (data.assessmentsError) {
    return (
      <p role="alert" className="field-error">
        {data.assessmentsError}
      </p>
    );
  }
  if (data.addable.length === 0) return <p className="admin-analysis-add-none">Every assessment has analysis data.</p>;
  return (
    <Form method="get" action={analysisPath(data.organizationId)} className="admin-analysis-add" aria-label={ADD_ANALYSIS}>
      <div className="field">
        <label htmlFor="add-analysis-assessment">Assessment</label>
        <select id="add-analysis-assessment" name="assessment" required defaultValue="">
          <option value="" disabled>
            Choose an assessment
          </option>
          {data.addable.map((a) => (
            <option key={a.id} value={a.id}>
              {`${a.name} (${a.id})`}
            </option>
          ))}
        </select>
      </div>
      <input type="hidden" name="mode" value="edit" />
      <button type="submit" className="button primary">
        {ADD_ANALYSIS}
      </button>
    </Form>
  );
}
