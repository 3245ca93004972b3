/**
 * `/scan/sessions/`: Scan Sessions (002 §2) and the session analysis dialog (`?analysis={sessionUUID}`). Loader
 * in app/areas/scan/sessions/sessions-route.server.ts; the URL's params: sessions-state.ts.
 */
import { loadScanSessions } from "../areas/scan/sessions/sessions-route.server";
import { SessionsPage } from "../areas/scan/sessions/sessions-page";
import sessionsStyles from "../areas/scan/sessions/sessions.css?url";
import analysisStyles from "../areas/scan/analysis/analysis.css?url";
import type { Route } from "./+types/_app.scan.sessions._index";

export const meta = (): Route.MetaDescriptors => [{ title: "Scan Sessions | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: sessionsStyles },
  { rel: "stylesheet", href: analysisStyles },
];

export const loader = loadScanSessions;

export default function ScanSessionsRoute({ loaderData }: Route.ComponentProps) {
  return <SessionsPage data={loaderData} />;
}
