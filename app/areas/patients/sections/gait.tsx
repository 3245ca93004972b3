/**
 * The gait patient tabs (000 §2.8 Gait activity view): Assessment — the sessions with their measure groups,
 * threshold warnings and the therapist comment (view / add / edit / delete dialogs); Progress charts — drawn
 * from the sessions of the newer schema only, with a notice that older data is not charted.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useLazyValidation } from "../../../forms/lazy-validation";
import { Form, Link, useLocation } from "react-router";
import {
  assistanceLabel,
  FLEXION_THRESHOLD,
  formatMeasureValue,
  GAIT_COMMENT_MAX,
  measureGroups,
  OLDER_DATA_NOTICE,
  PROGRESS_MEASURES,
  schemaLabel,
  sessionWarnings,
  SPEED_THRESHOLD,
  WARNING_TEXT,
  type GaitProgress,
  type GaitSession,
} from "../rules/gait";
import { displayName } from "../../../domain/names";
import { formatDateTime } from "../../../domain/zoned-day";
import { FormToken } from "../../../forms/form-token";
import { Dialog } from "../../../components/dialog";
import { ErrorList } from "../../../components/field";
import { ChartFigure } from "../../../islands/chart";
import type { ChartSpec, DrawnChart } from "../../../islands/chart-spec";
import { SubmitButton } from "../../../components/submit-button";
import { closeDialogHref, dialogHref } from "./section-urls";
import { TextAreaField } from "./text-area-field";
import { useReadOnly } from "../../../shell/read-only";

const sessionTitle = (s: GaitSession, timeZone: string) => formatDateTime(s.capturedDate, timeZone);

export function GaitAssessment({ sessions, timeZone }: { sessions: GaitSession[]; timeZone: string }) {
  return (
    <ul className="gait-sessions">
      {sessions.map((s) => (
        <li key={s.id}>
          <GaitSessionCard session={s} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

function GaitSessionCard({ session, timeZone }: { session: GaitSession; timeZone: string }) {
  const location = useLocation();
  const titleId = `gait-${session.id}`;
  const warnings = sessionWarnings(session);
  const comment = session.session.meta.comment;
  const title = sessionTitle(session, timeZone);
  const readOnly = useReadOnly();
  return (
    <article className="session-card gait-card" aria-labelledby={titleId}>
      <header className="session-head">
        <h3 id={titleId}>{title}</h3>
        <span className="tag">{schemaLabel(session.sessionSchema)}</span>
        <span className="muted">Assistance: {assistanceLabel(session.session.meta.assistanceOption)}</span>
        {session.practitioner ? <span className="muted">By {displayName(session.practitioner)}</span> : null}
      </header>
      {warnings.length > 0 ? (
        <ul className="warnings" aria-label="Warnings">
          {warnings.map((w) => (
            <li key={w} className="warning">
              {WARNING_TEXT[w]}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="measure-groups">
        {measureGroups(session).map((g) => (
          <section key={g.item} className="measure-group" aria-label={`${g.title} of ${title}`}>
            <h4>{g.title}</h4>
            <dl>
              {g.measures.map((m) => (
                <div key={m.name} className={m.warning ? "measure measure-warning" : "measure"}>
                  <dt>{m.displayName}</dt>
                  <dd>
                    {m.text}
                    {m.warning ? <span className="visually-hidden"> ({WARNING_TEXT[m.warning]})</span> : null}
                    {m.warning ? <span aria-hidden="true"> ⚠</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <footer className="gait-comment">
        {comment ? (
          <>
            <p className="comment-excerpt">
              <span className="comment-label">Comment:</span> {comment}
            </p>
            <Link to={dialogHref(location, "comment", { session: session.id })} preventScrollReset>
              View comment<span className="visually-hidden"> of {title}</span>
            </Link>
          </>
        ) : readOnly ? null : (
          <Link to={dialogHref(location, "comment", { session: session.id })} preventScrollReset>
            Add comment<span className="visually-hidden"> to {title}</span>
          </Link>
        )}
      </footer>
    </article>
  );
}

/** `comment`: the comment with Edit and Delete, or the form to add one; `comment-edit`: the form. */
export function CommentDialog({ session, timeZone, edit, lastResult }: { session: GaitSession; timeZone: string; edit: boolean; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const location = useLocation();
  // Support staff read a comment; they add, edit and delete none (ADR 026; the form's dialog says so).
  const readOnly = useReadOnly();
  const comment = session.session.meta.comment;
  const title = `Therapist Comment, ${sessionTitle(session, timeZone)}`;
  if (comment && !edit) {
    return (
      <Dialog title={title} closeHref={closeDialogHref(location)}>
        <p className="comment-text">{comment}</p>
        <div className="modal-actions">
          {readOnly ? (
            <Link to={closeDialogHref(location)} className="button" preventScrollReset>
              Close
            </Link>
          ) : (
            <>
              <Link to={dialogHref(location, "comment-delete", { session: session.id })} className="button" preventScrollReset>
                Delete
              </Link>
              <Link to={dialogHref(location, "comment-edit", { session: session.id })} className="button primary" preventScrollReset>
                Edit
              </Link>
            </>
          )}
        </div>
      </Dialog>
    );
  }
  return <CommentForm session={session} title={title} lastResult={lastResult} />;
}

function CommentForm({ session, title, lastResult }: { session: GaitSession; title: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const location = useLocation();
  const [form, fields] = useForm({
    id: `comment-${session.id}`,
    lastResult,
    defaultValue: { comment: session.session.meta.comment ?? "" },
    ...useLazyValidation(`comment-${session.id}`, () => import("../forms/gait-comment"), (m) => m.gaitCommentSchema, { shouldValidate: "onBlur", shouldRevalidate: "onInput" }),
  });
  return (
    <Dialog title={title} closeHref={closeDialogHref(location)} changes>
      <Form method="post" {...getFormProps(form)} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="comment-save" />
        <FormToken />
        <input type="hidden" name="sessionId" value={session.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <TextAreaField label="Comment" meta={fields.comment} max={GAIT_COMMENT_MAX} rows={6} />
        <div className="modal-actions">
          <Link to={closeDialogHref(location)} className="button" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton pendingText="Saving…">Save</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

export function CommentDeleteDialog({ session, timeZone, errors }: { session: GaitSession; timeZone: string; errors?: string[] }) {
  const location = useLocation();
  return (
    <Dialog title="Delete Comment" closeHref={closeDialogHref(location)} alert description={`Delete the comment of the assessment of ${sessionTitle(session, timeZone)}? This cannot be undone.`} changes>
      <ErrorList errors={errors} />
      {session.session.meta.comment ? <blockquote className="note-quote">{session.session.meta.comment}</blockquote> : null}
      <Form method="post" className="modal-actions" preventScrollReset>
        <input type="hidden" name="intent" value="comment-delete" />
        <FormToken />
        <input type="hidden" name="sessionId" value={session.id} />
        <Link to={closeDialogHref(location)} className="button" preventScrollReset>
          Cancel
        </Link>
        <SubmitButton className="button danger" pendingText="Deleting…">
          Delete
        </SubmitButton>
      </Form>
    </Dialog>
  );
}

export function MissingSessionDialog() {
  const location = useLocation();
  return (
    <Dialog title="Therapist Comment" closeHref={closeDialogHref(location)}>
      <p>This assessment is not in the selected date range.</p>
    </Dialog>
  );
}

const series = (progress: GaitProgress, names: readonly string[]) =>
  PROGRESS_MEASURES.filter((m) => names.includes(m.name)).map((m) => ({ name: m.label, x: progress.rows.map((r) => r.day), y: progress.rows.map((r) => r.values[m.name] ?? null) }));

interface GaitChartSpec {
  key: "speed" | "hip" | "posture";
  title: string;
  spec: ChartSpec;
}

/** A progress chart as the loader hands it to the view: drawn (drawChart). */
export interface GaitChart {
  key: GaitChartSpec["key"];
  title: string;
  chart: DrawnChart;
}

/** The progress charts that have values: speed (0.8 m/s line), hip flexion (20° line), trunk and head. */
export function gaitCharts(progress: GaitProgress): GaitChartSpec[] {
  const charts: GaitChartSpec[] = [
    {
      key: "speed",
      title: "Average Speed",
      spec: { description: `Line chart of the average gait speed per assessment in m/s, with the ${SPEED_THRESHOLD} m/s threshold. The data table follows.`, yTitle: "m/s", series: series(progress, ["avgSpeed"]), thresholds: [{ y: SPEED_THRESHOLD, label: `${SPEED_THRESHOLD} m/s` }] },
    },
    {
      key: "hip",
      title: "Hip Flexion",
      spec: { description: `Line chart of the left and right hip flexion per assessment in degrees, with the ${FLEXION_THRESHOLD}° threshold. The data table follows.`, yTitle: "degrees", series: series(progress, ["leftFlexion", "rightFlexion"]), thresholds: [{ y: FLEXION_THRESHOLD, label: `${FLEXION_THRESHOLD}°` }] },
    },
    {
      key: "posture",
      title: "Trunk and Head",
      spec: { description: "Line chart of the maximum trunk angle and head flexion per assessment in degrees. The data table follows.", yTitle: "degrees", series: series(progress, ["maxTrunkAngle", "maxHeadFlexionAngle"]) },
    },
  ];
  return charts.filter((c) => c.spec.series.some((s) => s.y.some((v) => v != null)));
}

/** A table cell's warning: speed below 0.8, hip flexion below 20. */
const chartFlag = (key: GaitChart["key"]) => (v: number) =>
  key === "speed" && v < SPEED_THRESHOLD ? WARNING_TEXT.speed : key === "hip" && v < FLEXION_THRESHOLD ? WARNING_TEXT.flexion : null;

export function GaitProgressView({ progress, charts }: { progress: GaitProgress; charts: GaitChart[] }) {
  return (
    <div className="gait-progress">
      {progress.olderCount > 0 ? (
        <p className="notice notice-info" role="note">
          {OLDER_DATA_NOTICE}
        </p>
      ) : null}
      {progress.slowCount > 0 || progress.lowFlexionCount > 0 ? (
        <ul className="warnings" aria-label="Warnings">
          {progress.slowCount > 0 ? (
            <li className="warning">
              {WARNING_TEXT.speed} ({progress.slowCount} of {progress.rows.length} assessments)
            </li>
          ) : null}
          {progress.lowFlexionCount > 0 ? (
            <li className="warning">
              {WARNING_TEXT.flexion} ({progress.lowFlexionCount} of {progress.rows.length} assessments)
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="chart-grid">
        {charts.map((c) => (
          <ChartFigure
            key={c.key}
            title={c.title}
            chart={c.chart}
            format={(v) => formatMeasureValue(c.key === "speed" ? "avgSpeed" : "angle", v)}
            flag={chartFlag(c.key)}
          />
        ))}
      </div>
    </div>
  );
}
