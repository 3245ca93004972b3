/** GET `/rtm-billing/monthly-summaries/{id}.pdf`: a patient's RTM month PDF (app/areas/rtm-billing/pdf-route.server.ts). */
import { fileRoute } from "../media/file-route.server";
import { PDF_FAILED } from "../api/scan.server";
import { rtmPdfResponse } from "../areas/rtm-billing/pdf-route.server";
import type { Route } from "./+types/rtm-billing.monthly-summaries.$summaryId[.pdf]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => rtmPdfResponse(args, "month", args.params.summaryId), { failed: PDF_FAILED });
