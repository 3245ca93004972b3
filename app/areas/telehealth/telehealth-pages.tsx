/**
 * The telehealth pages (002 §2: content not shown in the spec — designed here): an index of the three remote
 * assessments, a page per assessment (what it measures, setting up the video call, the steps, what to watch,
 * the organization's recent scan sessions of it when it holds Scan). The hands demo is hands-demo-page.tsx: these
 * pages do not load the replay viewer.
 */
import { Link } from "../../components/link";
import type { SerializeFrom } from "../../route-data";
import { formatResultValue } from "../../domain/scan-display";
import { formatInstantDay } from "../../domain/zoned-day";
import { DEMO_HANDS_PATH, REMOTE_ASSESSMENTS, remoteAssessment, telehealthPath } from "./assessments";
import { analysisPath } from "../scan/scan-paths";
import type { loadRemoteAssessment, loadTelehealthIndex } from "./telehealth-route.server";
import { tableWrap } from "../../components/table-wrap";

export function TelehealthIndexPage({ data }: { data: SerializeFrom<typeof loadTelehealthIndex> }) {
  return (
    <>
      <h1>Telehealth</h1>
      <p>Remote assessments you can run over a video call. Each page explains what is measured, how to set up the call and what to watch for.</p>
      <ul className="telehealth-cards">
        {REMOTE_ASSESSMENTS.map((a) => (
          <li key={a.slug}>
            <h2>
              <Link to={telehealthPath(a.slug)}>{a.title}</Link>
            </h2>
            <p>{a.measures}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link to={DEMO_HANDS_PATH}>Watch the hands demo</Link>: a sample hands recording in the replay viewer.
      </p>
      {data.hasScan ? (
        <p>
          Sessions recorded with the scan app are under <Link to="/scan/sessions/">Scan Sessions</Link>.
        </p>
      ) : null}
    </>
  );
}

export function RemoteAssessmentPage({ data }: { data: SerializeFrom<typeof loadRemoteAssessment> }) {
  const a = remoteAssessment(data.slug);
  const sessions = data.sessions;
  return (
    <>
      <p>
        <Link to={telehealthPath()}>Telehealth</Link>
      </p>
      <h1>Telehealth: {a.title}</h1>
      <p>
        <strong>Measures:</strong> {a.measures}
      </p>
      <h2>Before the call</h2>
      <ul>
        {a.setup.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <h2>During the call</h2>
      <ol>
        {a.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <h2>What to watch for</h2>
      <ul>
        {a.watch.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      {a.slug !== "external-shoulder-rotation" ? (
        <p>
          <Link to={DEMO_HANDS_PATH}>See a sample hands recording</Link> in the replay viewer.
        </p>
      ) : null}
      {sessions ? (
        <>
          <h2>Recent {a.slug === "external-shoulder-rotation" ? "range-of-motion" : "tremor"} sessions of your organization</h2>
          {a.slug === "external-shoulder-rotation" ? <p className="muted">Range-of-motion scans ({a.assessmentId}: knee, hip and trunk), for context.</p> : null}
          {"error" in sessions ? (
            <p className="notice notice-error" role="alert">
              {sessions.error}
            </p>
          ) : sessions.items.length === 0 ? (
            <p>No sessions recorded yet.</p>
          ) : (
            <div {...tableWrap("Recent sessions")}>
              <table className="data-table stacked-table">
                <caption className="visually-hidden">Recent sessions</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Participant</th>
                    <th scope="col">Location</th>
                    <th scope="col">Results</th>
                    {a.slug === "external-shoulder-rotation" ? null : <th scope="col">Analysis</th>}
                  </tr>
                </thead>
                <tbody>
                  {sessions.items.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">{formatInstantDay(s.createdDate, data.timeZone)}</th>
                      <td data-label="Participant">{s.participant.uid}</td>
                      <td data-label="Location">{s.location?.name ?? "—"}</td>
                      <td data-label="Results">{s.session.data.results.map((r) => `${r.name} ${formatResultValue(r.value, r.units)} ${r.units}`).join("; ")}</td>
                      {a.slug === "external-shoulder-rotation" ? null : (
                        <td>
                          <Link to={analysisPath(s.sessionUUID)} aria-label={`Analysis of the session of ${s.participant.uid} on ${formatInstantDay(s.createdDate, data.timeZone)}`}>
                            Analysis
                          </Link>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {"total" in sessions && sessions.total > sessions.items.length ? (
            <p>
              The {sessions.items.length} newest of {sessions.total}: see <Link to="/scan/sessions/">Scan Sessions</Link>.
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
