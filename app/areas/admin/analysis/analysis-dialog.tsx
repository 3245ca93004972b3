/**
 * The '{assessment} Analysis' dialog of the admin Scan analysis page (003 §2) at its URL (analysis-paths.ts): the
 * read view (outcome-view.tsx) or the JSON edit view with its live preview (edit-view.tsx). Loaded with the first
 * one opened (analysis-page.tsx).
 */
import { Link } from "../../../components/link";
import { Dialog } from "../../../components/dialog";
import { NO_ASSESSMENT_ANALYSIS } from "../../scan/analysis/analysis";
import { analysisDialogHref, analysisPath } from "./analysis-paths";
import { dialogTitle, type AnalysisPageData } from "./analysis-page";
import { EditView } from "./edit-view";
import { OutcomeView } from "./outcome-view";

export function AnalysisDialog({ data, dialog }: { data: AnalysisPageData; dialog: NonNullable<AnalysisPageData["dialog"]> }) {
  const closeHref = analysisPath(data.organizationId);
  const title = dialogTitle(dialog.assessmentName);
  if (dialog.mode === "edit") {
    return (
      <Dialog title={title} closeHref={closeHref} size="wide" description={`${dialog.assessmentId} · ${dialog.isNew ? "New analysis" : "Edit the analysis as JSON"}`}>
        <EditView organizationId={data.organizationId} dialog={dialog} cancelHref={dialog.isNew ? closeHref : analysisDialogHref(data.organizationId, dialog.assessmentId)} />
      </Dialog>
    );
  }
  return (
    <Dialog title={title} closeHref={closeHref} size="wide" description={dialog.assessmentId}>
      {dialog.outcome ? <OutcomeView outcome={dialog.outcome} /> : <p role="alert">{NO_ASSESSMENT_ANALYSIS}</p>}
      <div className="modal-actions">
        {data.canChange && dialog.outcome ? (
          <Link className="button primary" to={analysisDialogHref(data.organizationId, dialog.assessmentId, "edit")} preventScrollReset>
            Edit
          </Link>
        ) : null}
        <Link className="button" to={closeHref} preventScrollReset>
          Close
        </Link>
      </div>
    </Dialog>
  );
}
