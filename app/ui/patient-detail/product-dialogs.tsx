/**
 * The product view's dialogs (000 §2.8): the program drawer (`?dialog=program&program={hepId}`: View
 * Program, with Edit and Close; `&print=1` prints it), Download Patient Report (`?dialog=report`), and the
 * zoom control of the Patient View (`?dialog=patient-view&zoom=…`).
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { PatientRecord, Program } from "../../api/patients.server";
import type { ApiError } from "../../api/result";
import { formatDay } from "../../domain/patient-record";
import type { DateRange } from "../../domain/date-range";
import { Dialog, withoutParams, withParams } from "../dialog";
import { editProgramHref } from "./program-card";

export const REPORT_TITLE = "Download Patient Report";
export const NO_REPORT_DATA = "There are no sessions or survey answers to report yet.";

const SIDE: { [k: string]: string } = { LEFT: "Left", RIGHT: "Right" };
const goalText = (g: Program["blocks"][number]["setGoal"]) =>
  g.goalType === "REPS" ? `${g.reps} reps` : g.goalType === "TIME" ? `${g.time} s` : g.goalType === "REPS_OR_TIME" ? `${g.reps} reps or ${g.time} s` : "Range of motion";

export function ProgramDrawer({ record, program, error }: { record: SerializeFrom<PatientRecord>; program: SerializeFrom<Program> | null; error: ApiError | null }) {
  const location = useLocation();
  const closeHref = withoutParams(location, ["dialog", "program", "print"]);
  const print = new URLSearchParams(location.search).get("print") === "1";
  useEffect(() => {
    if (print && program) window.print();
  }, [print, program]);
  return (
    <Dialog title="View Program" closeHref={closeHref} size="wide">
      {program ? (
        <div className="program-view">
          <h3>{program.name}</h3>
          <p>
            {program.dailyFrequency} times a day, {program.weeklyFrequency} days a week
          </p>
          {program.notes ? <p className="program-notes">{program.notes}</p> : null}
          <table className="data-table">
            <caption className="visually-hidden">Exercises of {program.name}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Exercise</th>
                <th scope="col">Side</th>
                <th scope="col">Sets</th>
                <th scope="col">Goal</th>
              </tr>
            </thead>
            <tbody>
              {program.blocks.map((b, i) => (
                <tr key={b.uuid}>
                  <td>{i + 1}</td>
                  <td>{b.exerciseId}</td>
                  <td>{b.sideOfBody ? SIDE[b.sideOfBody] : "Both"}</td>
                  <td>{b.numSets}</td>
                  <td>{goalText(b.setGoal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p role="alert">{error?.message ?? "The Program could not be loaded."}</p>
      )}
      <div className="modal-actions">
        <Link to={closeHref} className="button" preventScrollReset>
          Close
        </Link>
        {program ? (
          <Link to={editProgramHref(record.id, program.id)} className="button primary">
            Edit
          </Link>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Whether the patient has anything to report (sessions or PRO answers). */
export const hasReportData = (record: { mostRecentActivity: string | null; mostRecentSession: string | null }) => Boolean(record.mostRecentActivity || record.mostRecentSession);

/**
 * Download Patient Report: the range (the page's range by default), downloaded as a PDF from the report
 * route (a plain GET form: the browser downloads the file, with or without JavaScript).
 */
export function ReportDialog({ record, range, today }: { record: SerializeFrom<PatientRecord>; range: SerializeFrom<DateRange>; today: string }) {
  const location = useLocation();
  const closeHref = withoutParams(location, ["dialog"]);
  const enabled = hasReportData(record);
  return (
    <Dialog title={REPORT_TITLE} closeHref={closeHref} description={`Sessions and survey answers from ${formatDay(range.start)} to ${formatDay(range.end)}, as a PDF.`}>
      {enabled ? (
        <Form method="get" action={`/patients/${encodeURIComponent(record.id)}/report.pdf`} reloadDocument className="stack">
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

/** Patient View zoom (000 §9): starts at 110 %, steps of 10, reset to 100 %. */
export const ZOOM = { start: 110, step: 10, reset: 100, min: 50, max: 200 } as const;

export function zoomOf(search: string): number {
  const raw = new URLSearchParams(search).get("zoom");
  const n = raw === null ? ZOOM.start : Number(raw);
  if (!Number.isFinite(n)) return ZOOM.start;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(n / ZOOM.step) * ZOOM.step));
}

export function ZoomControl({ zoom }: { zoom: number }) {
  const location = useLocation();
  const to = (z: number) => withParams(location, { zoom: String(z) });
  return (
    <div className="zoom-control" role="group" aria-label="Zoom">
      {zoom > ZOOM.min ? (
        <Link className="button" to={to(zoom - ZOOM.step)} replace preventScrollReset aria-label="Zoom out">
          −
        </Link>
      ) : (
        <button type="button" className="button" disabled aria-label="Zoom out">
          −
        </button>
      )}
      <output aria-live="polite">{zoom}%</output>
      {zoom < ZOOM.max ? (
        <Link className="button" to={to(zoom + ZOOM.step)} replace preventScrollReset aria-label="Zoom in">
          +
        </Link>
      ) : (
        <button type="button" className="button" disabled aria-label="Zoom in">
          +
        </button>
      )}
      <Link className="button" to={to(ZOOM.reset)} replace preventScrollReset>
        Reset
      </Link>
    </div>
  );
}
