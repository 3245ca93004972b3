/**
 * `/scan/sessions/{id}/replay`: a scan session's replay (002 §2 "Replay viewer"); `?frame=n` (1-based) and
 * `?tab=insights|results` (app/areas/scan/replay/).
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadReplay } from "../areas/scan/replay/replay-route.server";
import { ReplayPage } from "../areas/scan/replay/replay-page";
import replayStyles from "../replay/replay.css";

export const meta: MetaFunction = () => [{ title: "Session Replay | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: replayStyles }];

export const loader = loadReplay;

export default function ScanReplayRoute() {
  return <ReplayPage data={useLoaderData<typeof loader>()} />;
}
