/** `/admin/`: support staff to Admin Settings, product admins to Organizations (003 §2; the rule is ADR 015's). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { adminHome } from "../areas/admin/access";
import { requireAdmin } from "../areas/admin/access.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(request, context);
  throw redirect(adminHome(user.role));
}
