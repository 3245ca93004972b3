/**
 * `/admin/scan/sessions/`: the admin Scan Sessions (003 §2) with the Session Details (`?details={sessionUUID}`)
 * and analysis (`?analysis={sessionUUID}&org=&age=&sex=`) dialogs. Loader and URL state in app/areas/admin/sessions/.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadAdminScanSessions } from "../areas/admin/sessions/scan-sessions-route.server";
import { AdminScanSessionsPage } from "../areas/admin/sessions/scan-sessions-page";
import adminSessionsStyles from "../areas/admin/sessions/admin-sessions.css";
import sessionsStyles from "../areas/scan/sessions/sessions.css";
import analysisStyles from "../areas/scan/analysis/analysis.css";

export const meta: MetaFunction = () => [{ title: "Scan Sessions | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: sessionsStyles },
  { rel: "stylesheet", href: analysisStyles },
  { rel: "stylesheet", href: adminSessionsStyles },
];

export const loader = loadAdminScanSessions;

export default function AdminScanSessionsRoute() {
  return <AdminScanSessionsPage data={useLoaderData<typeof loader>()} />;
}
