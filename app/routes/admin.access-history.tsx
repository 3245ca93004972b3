/**
 * `/admin/access-history` (ADR 018): product admins and support search the access history (who saw which patient)
 * by user and/or patient. Loader in app/areas/admin/access-history/.
 */
import { AdminAccessHistoryPage } from "../areas/admin/access-history/access-history-page";
import { loadAdminAccessHistory } from "../areas/admin/access-history/access-history-route.server";
import type { Route } from "./+types/admin.access-history";

export const meta = (): Route.MetaDescriptors => [{ title: "Access History | Exer Admin" }];
export const loader = loadAdminAccessHistory;
export const headers = () => ({ "Cache-Control": "no-store" });

export default function AdminAccessHistoryRoute({ loaderData }: Route.ComponentProps) {
  return <AdminAccessHistoryPage data={loaderData} />;
}
