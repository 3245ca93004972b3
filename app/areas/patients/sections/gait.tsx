/**
 * The gait patient tabs (000 §2.8 Gait activity view): Assessment — the sessions with their measure groups,
 * threshold warnings and the therapist comment (view / add / edit / delete dialogs: gait-comment-dialogs.tsx, loaded on
 * first use); Progress charts — drawn
 * from the sessions of the newer schema only, with a notice that older data is not charted.
 */
import { useLocation } from "react-router";
import { Link } from "../../../components/link";
import {
  assistanceLabel,
  FLEXION_THRESHOLD,
  formatMeasureValue,
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
import { ChartFigure } from "../../../islands/chart";
import type { ChartSpec, DrawnChart } from "../../../islands/chart-spec";
import { dialogHref } from "./section-urls";
import { useReadOnly } from "../../../shell/read-only";

/** A session's title: when it was captured, in the organization's zone. */
export const sessionTitle = (s: GaitSession, timeZone: string) => formatDateTime(s.capturedDate, timeZone);

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

/** Only sessions of the older gait assessment: nothing is charted. */
export function OlderDataOnly() {
  return (
    <p className="notice notice-info" role="note">
      {OLDER_DATA_NOTICE}
    </p>
  );
}

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
