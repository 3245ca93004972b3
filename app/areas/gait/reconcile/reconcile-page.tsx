/**
 * Reconcile Gait Patients (002 §2): the template download and a CSV upload. The file input is a plain form post
 * (multipart) that works without JavaScript; with JavaScript a drop zone around the same input takes a dragged
 * file too (it puts the dropped file into the input, so one form posts either way). The server's refusal is shown
 * under the upload area (002 §8); success comes back as a toast. A read-only user (support staff, ADR 026) changes
 * no patient: they get the notice instead of the upload form.
 */
import { Form, useActionData } from "react-router";
import { Link } from "../../../components/link";
import { useId, useRef, useState, type DragEvent } from "react";
import { SubmitButton } from "../../../components/submit-button";
import { useHydrated } from "../../../components/use-hydrated";
import { FormToken } from "../../../forms/form-token";
import { READ_ONLY_NOTICE, useReadOnly } from "../../../shell/read-only";
import { GAIT_PATIENTS_PATH } from "../events/gait-patients";
import { RECONCILE_PATH, RECONCILE_TEMPLATE_HEADER, RECONCILE_TEMPLATE_HREF } from "./reconcile";
import type { ReconcileReply } from "./reconcile-route.server";
import { useChangeHandler } from "../../../components/use-change-handler";

const TITLE_ID = "reconcile-title";

export function ReconcilePage() {
  const reply = useActionData<ReconcileReply>();
  const problems = reply?.problems ?? [];
  const id = useId();
  const inputId = `${id}-file`;
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const readOnly = useReadOnly();
  return (
    <section className="reconcile" aria-labelledby={TITLE_ID}>
      <div className="page-header">
        <h1 id={TITLE_ID}>Reconcile Gait Patients</h1>
        <Link to={GAIT_PATIENTS_PATH}>Gait Events - Add Patient</Link>
      </div>
      <p>
        Update the names of your gait patients from a CSV file: each row's Unique Gait ID is matched to a gait patient, who gets the row's first and last name. Rows
        whose gait ID matches no patient are skipped; if any row is invalid, nothing is changed.
      </p>
      <p>
        <a className="button" href={RECONCILE_TEMPLATE_HREF} download="gait-reconcile-template.csv">
          Download template
        </a>{" "}
        <span className="field-hint">Columns: {RECONCILE_TEMPLATE_HEADER.split(",").join(", ")}</span>
      </p>
      {readOnly ? (
        <p className="notice notice-info" role="note">
          {READ_ONLY_NOTICE}
        </p>
      ) : (
        <Form method="post" action={RECONCILE_PATH} encType="multipart/form-data" className="stack reconcile-form">
          <FormToken />
          <DropZone inputId={inputId} describedBy={`${hintId} ${errorId}`} invalid={problems.length > 0} />
          <p id={hintId} className="field-hint">
            A CSV file (text/csv) of at most 5 MB.
          </p>
          <div id={errorId} className="field-errors" aria-live="polite">
            {problems.map((p, i) => (
              <p key={`${i}-${p}`} className="field-error">
                {p}
              </p>
            ))}
          </div>
          <div>
            <SubmitButton pendingText="Uploading…">Upload</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The file input; with JavaScript, inside a zone that also takes a dropped file and shows its name. */
function DropZone({ inputId, describedBy, invalid }: { inputId: string; describedBy: string; invalid: boolean }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  // A file chosen before the page hydrated is named too.
  const changes = useChangeHandler<HTMLInputElement>((control) => setChosen(control instanceof HTMLInputElement ? (control.files?.[0]?.name ?? null) : null), input);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = event.dataTransfer.files;
    if (!input.current || files.length === 0) return;
    const one = new DataTransfer();
    one.items.add(files[0]!);
    input.current.files = one.files;
    setChosen(files[0]!.name);
  };
  const field = (
    <div className="field">
      <label htmlFor={inputId}>CSV file</label>
      <input
        id={inputId}
        type="file"
        name="file"
        accept=".csv,text/csv"
        required
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        {...changes}
      />
    </div>
  );
  // One structure with and without JavaScript (the zone's parts added around the field): the input is the server's
  // own, so a file chosen before the page hydrated stays chosen.
  return (
    <div
      className={hydrated ? `reconcile-drop${over ? " reconcile-drop-over" : ""}` : undefined}
      onDragEnter={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {hydrated ? (
        <p className="reconcile-drop-text" aria-hidden="true">
          Drag and drop a CSV file here, or choose one.
        </p>
      ) : null}
      {field}
      {chosen ? <p className="reconcile-chosen">Selected: {chosen}</p> : null}
    </div>
  );
}
