/** GET `/rtm-billing/months/{yyyy-LL}.csv`: the month's RTM billing export (app/areas/rtm-billing/export-route.server.ts). */
import { fileRoute } from "../media/file-route.server";
import { rtmExportResponse } from "../areas/rtm-billing/export-route.server";
import type { Route } from "./+types/rtm-billing.months.$month[.csv]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => rtmExportResponse(args, args.params.month));
