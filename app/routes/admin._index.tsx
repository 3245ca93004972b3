/** `/admin/`: the admin area's start (a placeholder until the admin issue). */
import type { MetaFunction } from "@remix-run/node";
import { AdminPlaceholder } from "../areas/admin/admin-placeholder";

export const meta: MetaFunction = () => [{ title: "Admin | Exer Provider Portal" }];

export default function AdminHome() {
  return <AdminPlaceholder title="Admin" />;
}
