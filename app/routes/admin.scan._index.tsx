/** `/admin/scan/` → `/admin/scan/sessions/` (003 §2). Admins only (the admin layout sends anyone else to `/`). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../areas/admin/access.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/scan/sessions/");
}
