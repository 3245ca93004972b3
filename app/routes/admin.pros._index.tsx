/** `/admin/pros/`: the PRO section opens on its forms (003 §2). */
import { redirect } from "react-router";
import { requireAdmin } from "../areas/admin/access.server";
import { PRO_FORMS_PATH } from "../areas/admin/pros/pros-route.server";
import type { Route } from "./+types/admin.pros._index";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  throw redirect(PRO_FORMS_PATH);
}
