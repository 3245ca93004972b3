/** `/admin/users/`: the Users section opens on Get User By UUID (003 §2). */
import { redirect } from "react-router";
import { requireAdmin } from "../areas/admin/access.server";
import { FIND_USER_PATH } from "../areas/admin/users/lookup-values";
import type { Route } from "./+types/admin.users._index";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  throw redirect(FIND_USER_PATH);
}
