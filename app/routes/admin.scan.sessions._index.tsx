/**
 * `/admin/scan/sessions/`: the admin Scan Sessions (003 §2) with the Session Details (`?details={sessionUUID}`)
 * and analysis (`?analysis={sessionUUID}&org=&age=&sex=`) dialogs. Loader and URL state in app/areas/admin/sessions/.
 */
import { loadAdminScanSessions } from "../areas/admin/sessions/scan-sessions-route.server";
import { AdminScanSessionsPage } from "../areas/admin/sessions/scan-sessions-page";
import adminSessionsStyles from "../areas/admin/sessions/admin-sessions.css?url";
import sessionsStyles from "../areas/scan/sessions/sessions.css?url";
import analysisStyles from "../areas/scan/analysis/analysis.css?url";
import type { Route } from "./+types/admin.scan.sessions._index";

export const meta = (): Route.MetaDescriptors => [{ title: "Scan Sessions | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: sessionsStyles },
  { rel: "stylesheet", href: analysisStyles },
  { rel: "stylesheet", href: adminSessionsStyles },
];

export const loader = loadAdminScanSessions;

export default function AdminScanSessionsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminScanSessionsPage data={loaderData} />;
}
