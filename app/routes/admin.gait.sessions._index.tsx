/** `/admin/gait/sessions?sort=&dir=`: the admin Gait Sessions (003 §2; app/areas/admin/sessions/). */
import { loadAdminGaitSessions } from "../areas/admin/sessions/gait-sessions-route.server";
import { AdminGaitSessionsPage } from "../areas/admin/sessions/gait-sessions-page";
import sessionsStyles from "../areas/scan/sessions/sessions.css?url";
import adminSessionsStyles from "../areas/admin/sessions/admin-sessions.css?url";
import type { Route } from "./+types/admin.gait.sessions._index";

export const meta = (): Route.MetaDescriptors => [{ title: "Gait Sessions | Exer Provider Portal" }];
export const links = () => [
  { rel: "stylesheet", href: sessionsStyles },
  { rel: "stylesheet", href: adminSessionsStyles },
];

export const loader = loadAdminGaitSessions;

export default function AdminGaitSessionsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminGaitSessionsPage data={loaderData} />;
}
