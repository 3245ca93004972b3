/** GET `/rtm-billing/months/{yyyy-LL}.csv`: the month's RTM billing export (app/areas/rtm-billing/export-route.server.ts). */
import { rtmExportResponse } from "../areas/rtm-billing/export-route.server";
import type { Route } from "./+types/rtm-billing.months.$month[.csv]";

export const loader = (args: Route.LoaderArgs) => rtmExportResponse(args, args.params.month);
