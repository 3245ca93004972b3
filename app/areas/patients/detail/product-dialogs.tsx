/**
 * The product view's dialogs (000 §2.8): the program drawer (`?dialog=program&program={hepId}`: View
 * Program, with Edit and Close; printing is its own page, `program-print.tsx`), the Unassign confirmation (`?dialog=unassign&
 * program={hepId}`) and Download Patient Report (`?dialog=report`). Loaded with the first one opened (product-view.tsx,
 * `lazy`; ADR 038); the zoom control of the Patient View is in product-controls.tsx.
 */
import type { SerializeFrom } from "../../../route-data";
import { Await, Form, useActionData, useFetcher, useLocation } from "react-router";
import { Link } from "../../../components/link";
import { Suspense } from "react";
import type { PatientRecord } from "../../../api/patients.server";
import type { ApiResult } from "../../../api/result";
import { displayName } from "../../../domain/names";
import { productPath } from "../rules/patient-detail";
import { formatDay } from "../rules/patient-record";
import { EXERCISE_NAMES_MISSING, type ProgramView } from "../../../domain/program-view";
import type { DateRange } from "../../../domain/date-range";
import { FormToken } from "../../../forms/form-token";
import { Dialog, MessageDialog } from "../../../components/dialog";
import { withoutParams } from "../../../shell/dialog-url";
import { ErrorList } from "../../../components/field";
import { ProgramExercisesTable } from "../../../components/program-exercises-table";
import { DialogSubmit } from "./dialog-form";
import type { ProgramActionData } from "./program-action.server";
import { editProgramHref } from "../../../domain/program-builder";
import { useReadOnly } from "../../../shell/read-only";
import { hasReportData, REPORT_TITLE } from "./product-controls";

export const NO_REPORT_DATA = "There are no sessions or survey answers to report yet.";

export const PROGRAM_LOAD_FAILED = "The Program could not be loaded.";
export const PROGRAM_NOT_ASSIGNED = "This Program is no longer assigned to the patient.";

type Loaded<T> = SerializeFrom<ApiResult<T>>;

/** The drawer while its program streams in, then the program (or why it could not be shown). */
export function ProgramDrawer({ record, program }: { record: SerializeFrom<PatientRecord>; program: Promise<Loaded<ProgramView>> }) {
  const location = useLocation();
  const closeHref = withoutParams(location, ["dialog", "program"]);
  const loading = (
    <Dialog title="View Program" closeHref={closeHref} size="wide">
      <p role="status">Loading the Program…</p>
    </Dialog>
  );
  return (
    <Suspense fallback={loading}>
      <Await resolve={program} errorElement={<ProgramDrawerView record={record} closeHref={closeHref} view={null} error={PROGRAM_LOAD_FAILED} />}>
        {(result) => <ProgramDrawerView record={record} closeHref={closeHref} view={result.data ?? null} error={result.error ? PROGRAM_LOAD_FAILED : null} />}
      </Await>
    </Suspense>
  );
}

function ProgramDrawerView({ record, closeHref, view, error }: { record: SerializeFrom<PatientRecord>; closeHref: string; view: SerializeFrom<ProgramView> | null; error: string | null }) {
  const readOnly = useReadOnly();
  return (
    <Dialog title="View Program" closeHref={closeHref} size="wide">
      {view ? (
        <div className="program-view">
          <h3>{view.name}</h3>
          <p>{view.frequency}</p>
          {view.notes ? <p className="program-notes">{view.notes}</p> : null}
          {view.namesMissing ? (
            <p className="notice notice-info" role="note">
              {EXERCISE_NAMES_MISSING}
            </p>
          ) : null}
          <ProgramExercisesTable rows={view.rows} caption={`Exercises of ${view.name}`} />
        </div>
      ) : (
        <p role="alert">{error ?? PROGRAM_LOAD_FAILED}</p>
      )}
      <div className="modal-actions">
        <Link to={closeHref} className="button" preventScrollReset>
          Close
        </Link>
        {view && !readOnly ? (
          <Link to={editProgramHref(record.id, view.id)} className="button primary">
            Edit
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}

/**
 * Unassign confirmation (`?dialog=unassign&program={hepId}`): Unassign posts to the product route's action
 * (a fetcher with JavaScript, so the page behind stays; a document post without), which deletes the
 * assignment; a failure shows 'The Program could not be unassigned.' here.
 */
export function UnassignDialog({ record }: { record: SerializeFrom<PatientRecord> }) {
  const location = useLocation();
  const fetcher = useFetcher<ProgramActionData>({ key: "patient-dialog-unassign" });
  const actionData = useActionData() as ProgramActionData | undefined;
  const reply = fetcher.data ?? (actionData?.intent === "unassign-program" ? actionData : undefined);
  const busy = fetcher.state !== "idle";
  const params = new URLSearchParams(location.search);
  const hepId = params.get("program");
  const hep = record.productData.health?.heps.find((h) => h.id === hepId) ?? null;
  const closeHref = reply?.back ?? withoutParams(location, ["dialog", "program"]);
  // The action's URL keeps the page's search (with the dialog), so that a refusal renders the dialog again.
  const actionUrl = `${productPath(record.id, "health")}${location.search}`;
  if (!hep) {
    // Not (or no longer) assigned; after a failed unassign the record may already be without it: the failure.
    return <MessageDialog title="Unassign Program" closeHref={closeHref} message={reply?.error ?? PROGRAM_NOT_ASSIGNED} />;
  }
  return (
    <Dialog title="Unassign Program" closeHref={closeHref} alert description={`Unassign ${hep.name} from ${displayName(record.patient)}? The patient will no longer see it in the app.`} changes>
      <fetcher.Form method="post" action={actionUrl} className="stack">
        <input type="hidden" name="intent" value="unassign-program" />
        <FormToken />
        <input type="hidden" name="hepId" value={hep.id} />
        <input type="hidden" name="redirectTo" value={closeHref} />
        <div role="alert">
          <ErrorList errors={reply?.error ? [reply.error] : null} />
        </div>
        <div className="modal-actions">
          <Link to={closeHref} className="button" preventScrollReset>
            Cancel
          </Link>
          <DialogSubmit busy={busy} busyText="Unassigning…">
            Unassign
          </DialogSubmit>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

/** Whether the patient has anything to report (sessions or PRO answers). */

/**
 * Download Patient Report: the range (the page's range by default), downloaded as a PDF from the report
 * route (a plain GET form: the browser downloads the file without JavaScript; with it, the shared download
 * mechanism fetches it with the button busy, app/shell/downloads.ts).
 */
export function ReportDialog({ record, range, today }: { record: SerializeFrom<PatientRecord>; range: SerializeFrom<DateRange>; today: string }) {
  const location = useLocation();
  const closeHref = withoutParams(location, ["dialog"]);
  const enabled = hasReportData(record);
  return (
    <Dialog title={REPORT_TITLE} closeHref={closeHref} description={`Sessions and survey answers from ${formatDay(range.start)} to ${formatDay(range.end)}, as a PDF.`}>
      {enabled ? (
        <Form method="get" action={`/patients/${encodeURIComponent(record.id)}/report.pdf`} reloadDocument className="stack" data-download="">
          <div className="form-grid">
            <div className="field">
              <label htmlFor="report-from">From</label>
              <input id="report-from" type="date" name="from" defaultValue={range.start} max={today} required />
            </div>
            <div className="field">
              <label htmlFor="report-to">To</label>
              <input id="report-to" type="date" name="to" defaultValue={range.end} max={today} required />
            </div>
          </div>
          <div className="modal-actions">
            <Link to={closeHref} className="button" preventScrollReset>
              Cancel
            </Link>
            <button type="submit" className="button primary">
              Download
            </button>
          </div>
        </Form>
      ) : (
        <>
          <p>{NO_REPORT_DATA}</p>
          <div className="modal-actions">
            <Link to={closeHref} className="button" preventScrollReset>
              Close
            </Link>
          </div>
        </>
      )}
    </Dialog>
  );
}
