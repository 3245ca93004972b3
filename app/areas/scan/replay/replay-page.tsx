/**
 * The replay page (002 §2 "Replay viewer"): the session's header (assessment, date, participant, practitioner,
 * location, scan version, results), then the viewer — the canvas island with JavaScript, the server-rendered
 * frames without — or the refusal ('Cannot replay for sessions < 2.18.0', 'No pose logs available').
 * Its URLs are a parameter (`ReplayLinks`): the portal's (`portalReplayLinks`) or the admin area's.
 * `ReplaySection` (the viewer with its streamed no-JavaScript fallback) also serves the admin gait replay.
 */
import { Suspense } from "react";
import { Await } from "react-router";
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { LoadErrorView } from "../../../components/load-error";
import { formatResultValue, LOG_NAMES, replayLog, shortUuid } from "../../../domain/scan-display";
import { formatDateTime, formatInstantDay } from "../../../domain/zoned-day";
import { ReplayStill, ReplayViewer } from "../../../islands/replay-viewer";
import type { ReplaySummary, ReplayTab } from "../../../replay/summary";
import type { loadReplay } from "./replay-route.server";
import { logPath } from "../scan-paths";

type Data = SerializeFrom<typeof loadReplay>;

export const replayPath = (sessionId: string) => `/scan/sessions/${encodeURIComponent(sessionId)}/replay`;
export const frameImagePath = (sessionId: string, frame: number) => `/scan/sessions/${encodeURIComponent(sessionId)}/frame.svg?frame=${frame + 1}`;

/** Where a replay page's links go. */
export interface ReplayLinks {
  back: { href: string; label: string };
  /** The page's path (frame and tab links are `path?frame=n&tab=…`). */
  path: string;
  /** The log the island reads (same origin). */
  log: string;
  /** The log as an attachment. */
  logDownload: string;
  logDownloadLabel: string;
  /** A frame's server-rendered image (0-based frame). */
  frameImage: (frame: number) => string;
}

/** The portal's links for a session: its replayed log is the pose log, else the hands log. */
export function portalReplayLinks(session: { id: string; artifacts: readonly string[] }): ReplayLinks {
  const log = replayLog(session.artifacts) ?? "pose-log";
  return {
    back: { href: "/scan/sessions/", label: "Back to Scan Sessions" },
    path: replayPath(session.id),
    log: logPath(session.id, log),
    logDownload: logPath(session.id, log, true),
    logDownloadLabel: `Download ${LOG_NAMES[log]}`,
    frameImage: (f) => frameImagePath(session.id, f),
  };
}

/** `links`: the page's URLs for the session (the portal's by default). */
export function ReplayPage({
  data,
  links: linksOf = portalReplayLinks,
  title = "Session Replay",
}: {
  data: Data;
  links?: (session: { id: string; sessionUUID: string; artifacts: readonly string[] }) => ReplayLinks;
  title?: string;
}) {
  if (data.state === "error")
    return (
      <>
        <h1>{title}</h1>
        <LoadErrorView message={data.message} retryHref="" retryLabel="Reload this page" />
      </>
    );
  const { session: s, timeZone } = data;
  const links = linksOf(s);
  const practitioner = s.practitioner ? `${s.practitioner.firstName} ${s.practitioner.lastName}` : "—";
  return (
    <>
      <p>
        <Link to={links.back.href}>{links.back.label}</Link>
      </p>
      <h1>{title}</h1>
      {/* The replay first (issue 34: Play was below the first screen at every width), the session's details beside it
         from lg, after it below. */}
      <div className="replay-layout">
        <div className="replay-main">
          <h2>Replay</h2>
          {data.refusal ? (
            <p className="notice notice-error" role="alert">
              {data.refusal}
            </p>
          ) : (
            <>
              <ReplaySection links={links} frame={data.frame} tab={data.tab} still={data.still} />
              <p>
                <a href={links.logDownload}>{links.logDownloadLabel}</a>
              </p>
            </>
          )}
        </div>
        <div className="replay-details">
          <dl className="session-facts">
            <div>
              <dt>Assessment</dt>
              <dd>{data.assessmentName ? `${data.assessmentName} (${s.session.data.assessmentId})` : s.session.data.assessmentId}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatDateTime(s.createdDate, timeZone)}</dd>
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
        </div>
      </div>
    </>
  );
}

type Still = Promise<{ summary: ReplaySummary; error: null } | { error: string; summary: null }> | null;

/** The viewer: the canvas island with JavaScript; without, the server-rendered frame streamed in (or a link to it). */
export function ReplaySection({ links, frame, tab, still }: { links: Pick<ReplayLinks, "path" | "log" | "frameImage">; frame: number; tab: ReplayTab; still: SerializeFrom<Still> | Still }) {
  const { path } = links;
  return (
    <ReplayViewer
      src={links.log}
      path={path}
      initialFrame={frame}
      tab={tab}
      preloadLog={!still}
      fallback={
        !still ? (
          <p className="replay-loading">
            Loading the replay… <a href={`${path}?frame=${frame + 1}&still=1`}>Show the frames as images</a>
          </p>
        ) : (
          <Suspense fallback={<p className="replay-loading">Loading the replay…</p>}>
            <Await resolve={still as Still}>
              {(view) =>
                !view ? null : view.summary === null ? (
                  <p className="notice notice-error" role="alert">
                    {view.error}
                  </p>
                ) : (
                  <ReplayStill summary={view.summary} path={path} imageSrc={links.frameImage} tab={tab} />
                )
              }
            </Await>
          </Suspense>
        )
      }
    />
  );
}
