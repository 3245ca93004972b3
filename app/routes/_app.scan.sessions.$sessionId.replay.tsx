/**
 * `/scan/sessions/{id}/replay`: a scan session's replay (002 §2 "Replay viewer"); `?frame=n` (1-based) and
 * `?tab=insights|results` (app/areas/scan/replay/).
 */
import { loadReplay } from "../areas/scan/replay/replay-route.server";
import { ReplayPage } from "../areas/scan/replay/replay-page";
import replayStyles from "../replay/replay.css?url";
import type { Route } from "./+types/_app.scan.sessions.$sessionId.replay";

export const meta = (): Route.MetaDescriptors => [{ title: "Session Replay | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: replayStyles }];

export const loader = loadReplay;

export default function ScanReplayRoute({ loaderData }: Route.ComponentProps) {
  return <ReplayPage data={loaderData} />;
}
