/** `/admin/gait/sessions/{id}/replay?frame=n&tab=`: 'Gait Session Replay' with the shared replay viewer (app/areas/admin/sessions/). */
import { loadAdminGaitReplay } from "../areas/admin/sessions/gait-sessions-route.server";
import { AdminGaitReplayPage } from "../areas/admin/sessions/gait-replay-page";
import replayStyles from "../replay/replay.css?url";
import type { Route } from "./+types/admin.gait.sessions.$sessionId.replay";

export const meta = (): Route.MetaDescriptors => [{ title: "Gait Session Replay | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: replayStyles }];

export const loader = loadAdminGaitReplay;

export default function AdminGaitReplayRoute({ loaderData }: Route.ComponentProps) {
  return <AdminGaitReplayPage data={loaderData} />;
}
