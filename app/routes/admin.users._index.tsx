/** `/admin/users/`: the Users section opens on Get User By UUID (003 §2). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../areas/admin/access.server";
import { FIND_USER_PATH } from "../areas/admin/users/lookup";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  throw redirect(FIND_USER_PATH);
}
