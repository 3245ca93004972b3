/** `/admin/gait/` → `/admin/gait/sessions` (003 §2). Admins only (the admin layout sends anyone else to `/`). */
import { redirect } from "react-router";
import { requireAdmin } from "../areas/admin/access.server";
import type { Route } from "./+types/admin.gait._index";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return redirect("/admin/gait/sessions");
}
