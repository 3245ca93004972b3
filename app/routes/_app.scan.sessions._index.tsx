/**
 * `/scan/sessions/`: Scan Sessions (002 §2) and the session analysis dialog (`?analysis={sessionUUID}`). Loader
 * in app/areas/scan/sessions/sessions-route.server.ts; the URL's params: sessions-state.ts.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadScanSessions } from "../areas/scan/sessions/sessions-route.server";
import { SessionsPage } from "../areas/scan/sessions/sessions-page";
import sessionsStyles from "../areas/scan/sessions/sessions.css";
import analysisStyles from "../areas/scan/analysis/analysis.css";

export const meta: MetaFunction = () => [{ title: "Scan Sessions | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: sessionsStyles },
  { rel: "stylesheet", href: analysisStyles },
];

export const loader = loadScanSessions;

export default function ScanSessionsRoute() {
  return <SessionsPage data={useLoaderData<typeof loader>()} />;
}
