/**
 * `/admin/access-history` (ADR 018): product admins and support search the access history (who saw which patient)
 * by user and/or patient. Loader in app/areas/admin/access-history/.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminAccessHistoryPage } from "../areas/admin/access-history/access-history-page";
import { loadAdminAccessHistory } from "../areas/admin/access-history/access-history-route.server";

export const meta: MetaFunction = () => [{ title: "Access History | Exer Admin" }];
export const loader = loadAdminAccessHistory;
export const headers = () => ({ "Cache-Control": "no-store" });

export default function AdminAccessHistoryRoute() {
  return <AdminAccessHistoryPage data={useLoaderData<typeof loader>()} />;
}
