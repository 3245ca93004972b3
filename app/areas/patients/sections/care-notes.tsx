/**
 * The Care Management tab (000 §2.8, §3 Care note, §4, §5): the care notes in the date range (date, minutes,
 * notes, the interaction — its call and how it went, unsuccessful attempts apart with their minutes not
 * counted (ADR 033) — author) with add / edit / delete dialogs. A note in a billed RTM cycle is locked: it has no
 * delete action, and its date, minutes and interaction cannot be edited (the API enforces it).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, Link, useLocation } from "react-router";
import { afterBillNoteText, interactionLabel, isLocked, notesSummary, UNRECORDED_LABEL, type CareNote } from "../rules/care-note";
import { displayName } from "../../../domain/names";
import { dayInZone, formatDay } from "../../../domain/zoned-day";
import type { StoppedCareTimer } from "../../../api/care-timer.server";
import { timedHint } from "./timed-words";
import { CARE_NOTE_SOURCE_LABEL, NO_CALL_LABEL } from "../../../domain/rtm-2026";
import type { CareNoteInput, CareNoteTextInput } from "../forms/care-note";
import { CARE_NOTE_MAX, interactionValues } from "../forms/care-note-values";
import { Dialog } from "../../../components/dialog";
import { FormToken } from "../../../forms/form-token";
import { ErrorList, Field, RadioGroup } from "../../../components/field";
import { SubmitButton } from "../../../components/submit-button";
import { closeDialogHref, dialogHref } from "./section-urls";
import { EMPTY, EmptyState } from "./states";
import { TextAreaField } from "./text-area-field";
import { useReadOnly } from "../../../shell/read-only";
import { EARLIEST_RECORD_DAY } from "../../../domain/date-bounds";
import { tableWrap } from "../../../components/table-wrap";

export const LOCKED_NOTE_TEXT = "In a billed cycle: only the notes can be changed, and it cannot be deleted.";
export const INTERACTION_LABEL = "Patient interactive communication";
/** How the call went: its legend, and what counts (ADR 033). */
export const OUTCOME_LEGEND = "How the call went";
export const OUTCOME_HINT = "Only a two-way phone or video call counts as the live interaction for 98979–98981. An unsuccessful attempt counts for nothing, its minutes included.";

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

/** Whether a note's minutes were the care timer's or entered by hand (ADR 033, issue 26). */
export const SOURCE_LABELS = CARE_NOTE_SOURCE_LABEL;
/**
 * The hidden field with the id of the stopped timer's record (issue 32): the API makes the note TIMED when its
 * minutes are still the record's — never from minutes the form or the URL carries.
 */
export const TIMER_ID_FIELD = "timerId";

export function CareNotesView({ notes, totalNotes }: { notes: CareNote[]; totalNotes: number }) {
  const location = useLocation();
  // Support staff add, edit and delete no note (ADR 026): they read them.
  const readOnly = useReadOnly();
  return (
    <div className="care-notes">
      <div className="section-toolbar">
        <p className="section-summary">{notesSummary(notes)}</p>
        {readOnly ? null : (
          <Link to={dialogHref(location, "care-note-new")} className="button primary" preventScrollReset>
            Add Care Note
          </Link>
        )}
      </div>
      {notes.length === 0 ? (
        <EmptyState>{totalNotes === 0 ? EMPTY.noCareNotes : EMPTY.noCareNotesInRange}</EmptyState>
      ) : (
        <div {...tableWrap("Care notes")}>
          <table className="data-table stacked-table care-notes-table">
            <caption className="visually-hidden">Care notes</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Minutes</th>
                <th scope="col">Notes</th>
                <th scope="col">Interaction</th>
                <th scope="col">By</th>
                <th scope="col">Entered</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {notes.map((note) => (
                <tr key={note.id}>
                  <th scope="row">{formatDay(note.date)}</th>
                  <td data-label="Minutes">
                    {note.minutes}
                    {note.unsuccessfulAttempt ? <span className="cell-note"> (not counted)</span> : null}
                  </td>
                  <td className="note-text" data-label="Notes">
                    {note.notes}
                    {note.afterBill ? <span className="cell-note after-bill">{afterBillNoteText(note.afterBill)}</span> : null}
                  </td>
                  <td data-label="Interaction">{interactionLabel(note) ?? "—"}</td>
                  <td data-label="By">{note.practitioner ? displayName(note.practitioner) : "—"}</td>
                  <td data-label="Entered">{SOURCE_LABELS[note.source]}</td>
                  <td className="row-actions">
                    {isLocked(note) ? (
                      <span className="tag tag-locked" title={LOCKED_NOTE_TEXT}>
                        Billed<span className="visually-hidden">: {LOCKED_NOTE_TEXT}</span>
                      </span>
                    ) : null}
                    {readOnly ? null : (
                      <Link to={dialogHref(location, "care-note-edit", { note: note.id })} preventScrollReset aria-label={`Edit the care note of ${formatDay(note.date)}`}>
                        Edit
                      </Link>
                    )}
                    {readOnly || isLocked(note) ? null : (
                      <Link to={dialogHref(location, "care-note-delete", { note: note.id })} preventScrollReset aria-label={`Delete the care note of ${formatDay(note.date)}`}>
                        Delete
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

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
