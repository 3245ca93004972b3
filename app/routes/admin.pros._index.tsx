/** `/admin/pros/`: the PRO section opens on its forms (003 §2). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../areas/admin/access.server";
import { PRO_FORMS_PATH } from "../areas/admin/pros/pros-route.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  throw redirect(PRO_FORMS_PATH);
}
