/**
 * `/admin/scan/sessions/{sessionUUID}/replay?frame=n&tab=insights|results`: a scan session's replay in the admin
 * area — the portal's replay page (app/areas/scan/replay/) with the admin's calls and links
 * (app/areas/admin/sessions/scan-replay-route.server.ts).
 */
import { loadAdminScanReplay } from "../areas/admin/sessions/scan-replay-route.server";
import { adminFramePath, adminLogPath, adminReplayPath, ADMIN_SESSIONS_PATH } from "../areas/admin/sessions/scan-sessions-state";
import { ReplayPage } from "../areas/scan/replay/replay-page";
import replayStyles from "../replay/replay.css?url";
import type { Route } from "./+types/admin.scan.sessions.$sessionId.replay";

export const meta = (): Route.MetaDescriptors => [{ title: "Session Replay | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: replayStyles }];

export const loader = loadAdminScanReplay;

export default function AdminScanReplayRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReplayPage
      data={loaderData}
      title="Scan Session Replay"
      links={(s) => ({
        back: { href: ADMIN_SESSIONS_PATH, label: "Back to Scan Sessions" },
        path: adminReplayPath(s.sessionUUID),
        log: adminLogPath(s.sessionUUID),
        logDownload: adminLogPath(s.sessionUUID, true),
        logDownloadLabel: "Log download",
        frameImage: (f) => adminFramePath(s.sessionUUID, f),
      })}
    />
  );
}
