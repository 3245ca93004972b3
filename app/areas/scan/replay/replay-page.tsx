/**
 * The replay page (002 §2 "Replay viewer"): the session's header (assessment, date, participant, practitioner,
 * location, scan version, results), then the viewer — the canvas island with JavaScript, the server-rendered
 * frames without — or the refusal ('Cannot replay for sessions < 2.18.0', 'No pose logs available').
 */
import { Suspense } from "react";
import { Await, Link } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { LoadErrorView } from "../../../components/load-error";
import { formatResultValue, shortUuid } from "../../../domain/scan-display";
import { formatInstantDay, formatTime } from "../../../domain/zoned-day";
import { ReplayStill, ReplayViewer } from "../../../islands/replay-viewer";
import type { loadReplay } from "./replay-route.server";
import { poseLogPath } from "../scan-paths";

type Data = SerializeFrom<typeof loadReplay>;

export const replayPath = (sessionId: string) => `/scan/sessions/${encodeURIComponent(sessionId)}/replay`;
export const frameImagePath = (sessionId: string, frame: number) => `/scan/sessions/${encodeURIComponent(sessionId)}/frame.svg?frame=${frame + 1}`;

export function ReplayPage({ data }: { data: Data }) {
  if (data.state === "error")
    return (
      <>
        <h1>Session Replay</h1>
        <LoadErrorView message={data.message} retryHref="" retryLabel="Reload this page" />
      </>
    );
  const { session: s, timeZone } = data;
  const path = replayPath(s.id);
  const practitioner = s.practitioner ? `${s.practitioner.firstName} ${s.practitioner.lastName}` : "—";
  return (
    <>
      <p>
        <Link to="/scan/sessions/">Back to Scan Sessions</Link>
      </p>
      <h1>Session Replay</h1>
      <dl className="session-facts">
        <div>
          <dt>Assessment</dt>
          <dd>{data.assessmentName ? `${data.assessmentName} (${s.session.data.assessmentId})` : s.session.data.assessmentId}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            {formatInstantDay(s.createdDate, timeZone)} {formatTime(s.createdDate, timeZone)}
          </dd>
        </div>
        <div>
          <dt>Participant</dt>
          <dd>
            {s.participant.uid}
            {s.participant.isArchived ? ` (Archived${s.participant.archivedDate ? ` ${formatInstantDay(s.participant.archivedDate, timeZone)}` : ""})` : ""}
          </dd>
        </div>
        <div>
          <dt>Practitioner</dt>
          <dd>{practitioner}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{s.location?.name ?? "—"}</dd>
        </div>
        <div>
          <dt>Scan version</dt>
          <dd>{s.session.meta.scanVersion}</dd>
        </div>
        <div>
          <dt>Session</dt>
          <dd title={s.sessionUUID}>{shortUuid(s.sessionUUID)}</dd>
        </div>
      </dl>
      <h2>Results</h2>
      {s.session.data.results.length ? (
        <ul>
          {s.session.data.results.map((r) => (
            <li key={r.id}>
              {r.name}: {formatResultValue(r.value, r.units)} {r.units}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No results recorded.</p>
      )}
      <h2>Replay</h2>
      {data.refusal ? (
        <p className="notice notice-error" role="alert">
          {data.refusal}
        </p>
      ) : (
        <>
          <p>
            <a href={poseLogPath(s.id, true)}>Download pose log</a>
          </p>
          <ReplayViewer
            src={poseLogPath(s.id)}
            path={path}
            initialFrame={data.frame}
            tab={data.tab}
            fallback={
              !data.still ? (
                <p className="replay-loading">
                  Loading the replay… <a href={`${path}?frame=${data.frame + 1}&still=1`}>Show the frames as images</a>
                </p>
              ) : (
                <Suspense fallback={<p className="replay-loading">Loading the replay…</p>}>
                  <Await resolve={data.still}>
                    {(still) =>
                      !still ? null : still.summary === null ? (
                        <p className="notice notice-error" role="alert">
                          {still.error}
                        </p>
                      ) : (
                        <ReplayStill summary={still.summary} path={path} imageSrc={(f) => frameImagePath(s.id, f)} tab={data.tab} />
                      )
                    }
                  </Await>
                </Suspense>
              )
            }
          />
        </>
      )}
    </>
  );
}
