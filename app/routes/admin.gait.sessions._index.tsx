/** `/admin/gait/sessions?sort=&dir=`: the admin Gait Sessions (003 §2; app/areas/admin/sessions/). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadAdminGaitSessions } from "../areas/admin/sessions/gait-sessions-route.server";
import { AdminGaitSessionsPage } from "../areas/admin/sessions/gait-sessions-page";
import sessionsStyles from "../areas/scan/sessions/sessions.css";
import adminSessionsStyles from "../areas/admin/sessions/admin-sessions.css";

export const meta: MetaFunction = () => [{ title: "Gait Sessions | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: sessionsStyles },
  { rel: "stylesheet", href: adminSessionsStyles },
];

export const loader = loadAdminGaitSessions;

export default function AdminGaitSessionsRoute() {
  return <AdminGaitSessionsPage data={useLoaderData<typeof loader>()} />;
}
