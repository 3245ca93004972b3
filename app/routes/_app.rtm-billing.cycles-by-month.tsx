/**
 * `/rtm-billing/cycles-by-month/`: the RTM Billing worklist (002 §2). Loader and action live in the area
 * (app/areas/rtm-billing/worklist-route.server.ts).
 */
import { loadWorklist, worklistAction } from "../areas/rtm-billing/worklist-route.server";
import { WorklistPage } from "../areas/rtm-billing/worklist-page";
import rtmStyles from "../areas/rtm-billing/rtm-billing.css?url";
import type { Route } from "./+types/_app.rtm-billing.cycles-by-month";

export const meta = (): Route.MetaDescriptors => [{ title: "RTM Billing | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: rtmStyles }];

export const loader = loadWorklist;
export const action = worklistAction;

export default function RtmBillingRoute({ loaderData }: Route.ComponentProps) {
  return <WorklistPage data={loaderData} />;
}
