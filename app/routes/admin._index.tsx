/** `/admin/`: support staff to Admin Settings, product admins to Organizations (003 §2; the rule is ADR 015's). */
import { redirect } from "react-router";
import { adminHome } from "../shell/admin-nav";
import { requireAdmin } from "../areas/admin/access.server";
import type { Route } from "./+types/admin._index";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAdmin(context);
  throw redirect(adminHome(user.role));
}
