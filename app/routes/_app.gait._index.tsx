/** `/gait/` (002 §2): the Gait area's root is its reports page. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireProduct } from "../auth/user.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProduct(request, context, "GAIT");
  return redirect("/gait/reports/");
}
