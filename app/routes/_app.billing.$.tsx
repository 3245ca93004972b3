/**
 * `billing` and `billing/{billingSection}` (002 §2 "RTM Billing sections"): the one section is the month's
 * worklist, so `/billing/` and `/billing/cycles-by-month/` go there (keeping the query); any other section is
 * the not-found page.
 */
import { data, redirect } from "react-router";
import { requireProduct } from "../auth/current-user.server";
import { WORKLIST_PATH } from "../areas/rtm-billing/rules/worklist";
import { requestUrl } from "../request-url";
import type { Route } from "./+types/_app.billing.$";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireProduct(context, "HEALTH");
  const section = (params["*"] ?? "").replace(/\/+$/, "");
  if (section !== "" && section !== "cycles-by-month") throw data(null, { status: 404 });
  return redirect(`${WORKLIST_PATH}${requestUrl(request).search}`);
}

/** A UI route, so a 404 renders the not-found page inside the shell. */
export default function BillingSection() {
  return null;
}
