/**
 * The Care Management tab (000 §2.8, §3 Care note, §4, §5): the care notes in the date range (date, minutes,
 * notes, the interaction — its call and how it went, unsuccessful attempts apart with their minutes not
 * counted (ADR 033) — author) with add / edit / delete dialogs (care-note-dialogs.tsx, loaded on first use). A note
 * in a billed RTM cycle is locked: it has no delete action, and its date, minutes and interaction cannot be edited
 * (the API enforces it).
 */
import { useLocation } from "react-router";
import { Link } from "../../../components/link";
import { afterBillNoteText, interactionLabel, isLocked, notesSummary, type CareNote } from "../rules/care-note";
import { displayName } from "../../../domain/names";
import { formatDay } from "../../../domain/zoned-day";
import { CARE_NOTE_SOURCE_LABEL } from "../../../domain/rtm-2026";
import { dialogHref } from "./section-urls";
import { EMPTY, EmptyState } from "./states";
import { useReadOnly } from "../../../shell/read-only";
import { tableWrap } from "../../../components/table-wrap";

export const LOCKED_NOTE_TEXT = "In a billed cycle: only the notes can be changed, and it cannot be deleted.";
export const INTERACTION_LABEL = "Patient interactive communication";
/** How the call went: its legend, and what counts (ADR 033). */
export const OUTCOME_LEGEND = "How the call went";
export const OUTCOME_HINT = "Only a two-way phone or video call counts as the live interaction for 98979–98981. An unsuccessful attempt counts for nothing, its minutes included.";

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

