/** GET `/rtm-billing/cycles/{id}.pdf`: an RTM cycle's PDF (app/areas/rtm-billing/pdf-route.server.ts). */
import { fileRoute } from "../media/file-route.server";
import { PDF_FAILED } from "../api/scan.server";
import { rtmPdfResponse } from "../areas/rtm-billing/pdf-route.server";
import type { Route } from "./+types/rtm-billing.cycles.$cycleId[.pdf]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => rtmPdfResponse(args, "cycle", args.params.cycleId), { failed: PDF_FAILED });
