/** `/admin/gait/sessions/{id}/replay?frame=n&tab=`: 'Gait Session Replay' with the shared replay viewer (app/areas/admin/sessions/). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadAdminGaitReplay } from "../areas/admin/sessions/gait-sessions-route.server";
import { AdminGaitReplayPage } from "../areas/admin/sessions/gait-sessions-page";
import replayStyles from "../replay/replay.css";

export const meta: MetaFunction = () => [{ title: "Gait Session Replay | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: replayStyles }];

export const loader = loadAdminGaitReplay;

export default function AdminGaitReplayRoute() {
  return <AdminGaitReplayPage data={useLoaderData<typeof loader>()} />;
}
