/** `/scan/`: the Scan area's root goes on to Scan Sessions (Scan users only: 404 otherwise). */
import { redirect } from "react-router";
import { requireProduct } from "../auth/current-user.server";
import { SESSIONS_PATH } from "../areas/scan/sessions/sessions-state";
import type { Route } from "./+types/_app.scan._index";

export async function loader({ context }: Route.LoaderArgs) {
  requireProduct(context, "SCAN");
  throw redirect(SESSIONS_PATH);
}
