/** `/scan/`: the Scan area's root goes on to Scan Sessions (Scan users only: 404 otherwise). */
import { redirect } from "react-router";
import { requireProduct } from "../auth/user.server";
import { SESSIONS_PATH } from "../areas/scan/sessions/sessions-state";
import type { Route } from "./+types/_app.scan._index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireProduct(request, context, "SCAN");
  throw redirect(SESSIONS_PATH);
}
