/**
 * The admin gait replay page ('Gait Session Replay', 003 §2) with the shared replay viewer, apart from the sessions
 * list (gait-sessions-page.tsx), which does not load the viewer.
 */
import { Link } from "../../../components/link";
import type { SerializeFrom } from "../../../route-data";
import { LoadErrorView } from "../../../components/load-error";
import { FactList } from "../../../components/fact-list";
import { ReplaySection } from "../../scan/replay/replay-page";
import type { loadAdminGaitReplay } from "./gait-sessions-route.server";
import { gaitFramePath, gaitLogPath, gaitReplayPath, GAIT_SESSIONS_PATH as PATH } from "./gait-paths";

export function AdminGaitReplayPage({ data }: { data: SerializeFrom<typeof loadAdminGaitReplay> }) {
  if (data.state === "error")
    return (
      <>
        <h1>Gait Session Replay</h1>
        <LoadErrorView message={data.message} retryHref="" retryLabel="Reload this page" />
      </>
    );
  const s = data.session;
  const facts: [string, string][] = [
    ["Patient", s.patientName],
    ["Captured", s.captured],
    ["Organization", s.organization],
    ["Practitioner", s.practitioner ?? "—"],
    ["Gait ID", s.gaitUid ?? "—"],
    ["Session UUID", s.sessionUUID],
  ];
  return (
    <>
      <p>
        <Link to={PATH}>Back to Gait Sessions</Link>
      </p>
      <h1>Gait Session Replay</h1>
      {/* The replay first, the session's details beside it from lg (replay.css; as the scan replay page). */}
      <div className="replay-layout">
        <div className="replay-main">
          {data.refusal ? (
            <p className="notice notice-error" role="alert">
              {data.refusal}
            </p>
          ) : (
            <>
              <ReplaySection links={{ path: gaitReplayPath(s.id), log: gaitLogPath(s.id), frameImage: (f) => gaitFramePath(s.id, f) }} frame={data.frame} tab={data.tab} still={data.still} />
              <p>
                <a href={gaitLogPath(s.id, true)}>Log</a>
              </p>
            </>
          )}
        </div>
        <div className="replay-details">
          <FactList facts={facts} className="session-facts" />
        </div>
      </div>
    </>
  );
}
