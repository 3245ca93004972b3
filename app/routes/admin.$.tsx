/**
 * `/admin/*` paths that are none of the admin area's pages: the not-found screen inside the admin shell (003 §2:
 * 'Looks like our form is a little off…'). The layout (routes/admin.tsx) has already sent non-admins to `/`.
 */
import { data } from "react-router";
import { requireAdmin } from "../areas/admin/access.server";
import type { Route } from "./+types/admin.$";

export const meta = (): Route.MetaDescriptors => [{ title: "Not Found | Exer Provider Portal" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
