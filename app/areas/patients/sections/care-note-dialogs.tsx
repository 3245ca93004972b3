/**
 * The Care Management tab's dialogs (000 §3 Care note): add, edit and delete a care note. Loaded with the first one
 * opened (section-view.tsx, `lazy`; ADR 038): the tab itself carries none of their forms' code.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, useLocation } from "react-router";
import { Link } from "../../../components/link";
import { interactionLabel, isLocked, UNRECORDED_LABEL, type CareNote } from "../rules/care-note";
import { dayInZone, formatDay } from "../../../domain/zoned-day";
import type { StoppedCareTimer } from "../../../api/care-timer.server";
import { timedHint } from "./timed-words";
import { NO_CALL_LABEL } from "../../../domain/rtm-2026";
import type { CareNoteInput, CareNoteTextInput } from "../forms/care-note";
import { CARE_NOTE_MAX, interactionValues } from "../forms/care-note-values";
import { Dialog } from "../../../components/dialog";
import { FormToken } from "../../../forms/form-token";
import { ErrorList, Field, RadioGroup } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { closeDialogHref } from "./section-urls";
import { TextAreaField } from "./text-area-field";
import { EARLIEST_RECORD_DAY } from "../../../domain/date-bounds";
import { INTERACTION_LABEL, LOCKED_NOTE_TEXT, OUTCOME_HINT, OUTCOME_LEGEND, TIMER_ID_FIELD } from "./care-notes";

const METHOD_OPTIONS = [
  { value: "NONE", label: NO_CALL_LABEL },
  { value: "PHONE", label: "Phone call" },
  { value: "VIDEO", label: "Video call" },
] as const;
const UNRECORDED_OPTION = { value: "UNRECORDED", label: `${UNRECORDED_LABEL} (does not count as the live interaction)` } as const;
const OUTCOME_OPTIONS = [
  { value: "TWO_WAY", label: "Two-way: the patient or caregiver took part" },
  { value: "ONE_WAY", label: "One-way: voicemail or a message left" },
  { value: "UNSUCCESSFUL", label: "Unsuccessful attempt: no answer or a dropped call" },
] as const;

/** The form's fields as typed (a locked note's form has only its notes). */
interface NoteFields {
  date?: string;
  minutes?: string;
  notes?: string;
  liveMethod?: string;
  liveOutcome?: string;
}

interface NoteFormProps {
  today: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}

/**
 * Add (no `note`; `timed`: the stopped care timer whose minutes fill it in — the API's record, issue 32) or edit a
 * care note. A new note's minutes start empty (issue 32: the old default, 20, was exactly 98980's threshold).
 */
export function CareNoteDialog({ note, today, lastResult, timed, timeZone }: NoteFormProps & { note?: CareNote; timed?: StoppedCareTimer; timeZone?: string }) {
  const location = useLocation();
  const locked = note ? isLocked(note) : false;
  const [form, fields] = useForm<NoteFields, CareNoteInput | CareNoteTextInput>({
    id: note ? `care-note-${note.id}` : "care-note-new",
    lastResult,
    defaultValue: note
      ? { date: note.date, minutes: String(note.minutes), notes: note.notes, ...interactionValues(note) }
      : { date: timed ? (dayInZone(timed.startedAt, timeZone ?? "") ?? today) : today, minutes: timed ? String(timed.minutes) : "", liveMethod: "NONE", liveOutcome: "TWO_WAY" },
    ...useLazyValidation(note ? `care-note-${note.id}` : "care-note-new", () => import("../forms/care-note"), (m) => (locked ? m.careNoteTextSchema : m.careNoteSchema(today)), { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  // An older interactive note whose method was not recorded keeps that choice until one is picked.
  const unrecorded = (note ? interactionValues(note).liveMethod === "UNRECORDED" : false) || fields.liveMethod.initialValue === "UNRECORDED";
  const title = note ? "Edit Care Note" : "Add Care Note";
  return (
    <Dialog title={title} closeHref={closeDialogHref(location)} description={locked ? LOCKED_NOTE_TEXT : undefined} changes>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value={note ? "care-note-update" : "care-note-create"} />
        <FormToken />
        {note ? <input type="hidden" name="noteId" value={note.id} /> : null}
        {!note && timed ? <input type="hidden" name={TIMER_ID_FIELD} value={timed.id} /> : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        {locked && note ? (
          <dl className="locked-fields">
            <div>
              <dt>Date</dt>
              <dd>{formatDay(note.date)}</dd>
            </div>
            <div>
              <dt>Minutes</dt>
              <dd>
                {note.minutes}
                {note.unsuccessfulAttempt ? " (not counted)" : null}
              </dd>
            </div>
            <div>
              <dt>{INTERACTION_LABEL}</dt>
              <dd>{interactionLabel(note) ?? NO_CALL_LABEL}</dd>
            </div>
          </dl>
        ) : (
          <>
            <Field label="Date" type="date" meta={fields.date} inputProps={{ min: EARLIEST_RECORD_DAY, max: today }} />
            <Field label="Minutes" meta={fields.minutes} hint={!note && timed ? timedHint(timed, timeZone ?? "") : undefined} inputProps={{ inputMode: "numeric", autoComplete: "off" }} />
            {/* "How the call went" shows only with a call (issue 34): the stylesheet hides it while None is checked
                (`:has`, no JavaScript needed); the server reads it only with a call. */}
            <div className="care-note-call">
              <RadioGroup legend={INTERACTION_LABEL} meta={fields.liveMethod} options={unrecorded ? [...METHOD_OPTIONS, UNRECORDED_OPTION] : METHOD_OPTIONS} />
            </div>
            <div className="care-note-outcome">
              <RadioGroup legend={OUTCOME_LEGEND} hint={OUTCOME_HINT} meta={fields.liveOutcome} options={OUTCOME_OPTIONS} />
            </div>
          </>
        )}
        <TextAreaField label="Notes" meta={fields.notes} max={CARE_NOTE_MAX} />
        <div className="modal-actions">
          <Link to={closeDialogHref(location)} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">{note ? "Save" : "Add"}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** Confirms deleting a note; a locked note only says why it cannot be deleted. */
export function CareNoteDeleteDialog({ note, errors }: { note: CareNote; errors?: string[] }) {
  const location = useLocation();
  const locked = isLocked(note);
  return (
    <Dialog title="Delete Care Note" closeHref={closeDialogHref(location)} alert description={locked ? LOCKED_NOTE_TEXT : `Delete the care note of ${formatDay(note.date)} (${note.minutes} minutes)? This cannot be undone.`} changes>
      <ErrorList errors={errors} />
      <blockquote className="note-quote">{note.notes}</blockquote>
      <Form method="post" className="modal-actions" preventScrollReset>
        <input type="hidden" name="intent" value="care-note-delete" />
        <FormToken />
        <input type="hidden" name="noteId" value={note.id} />
        <Link to={closeDialogHref(location)} className="button" preventScrollReset>
          {locked ? "Close" : "Cancel"}
        </Link>
        {locked ? null : (
          <SubmitButton className="button danger" pendingText="Deleting…">
            Delete
          </SubmitButton>
        )}
      </Form>
    </Dialog>
  );
}

/** A dialog's note that is not there (deleted meanwhile, or not this patient's). */
export function MissingNoteDialog() {
  const location = useLocation();
  return (
    <Dialog title="Care Note" closeHref={closeDialogHref(location)}>
      <p>This care note no longer exists.</p>
    </Dialog>
  );
}
