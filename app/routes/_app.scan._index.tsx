/** `/scan/`: the Scan area's root goes on to Scan Sessions (Scan users only: 404 otherwise). */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireProduct } from "../auth/user.server";
import { SESSIONS_PATH } from "../areas/scan/sessions/sessions-state";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProduct(request, context, "SCAN");
  throw redirect(SESSIONS_PATH);
}
