/** `/gait/` (002 §2): the Gait area's root is its reports page. */
import { redirect } from "react-router";
import { requireProduct } from "../auth/current-user.server";
import type { Route } from "./+types/_app.gait._index";

export async function loader({ context }: Route.LoaderArgs) {
  requireProduct(context, "GAIT");
  return redirect("/gait/reports/");
}
