/** GET `/rtm-billing/monthly-summaries/{id}.pdf`: a patient's RTM month PDF (app/areas/rtm-billing/pdf-route.server.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { rtmPdfResponse } from "../areas/rtm-billing/pdf-route.server";

export const loader = (args: LoaderFunctionArgs) => rtmPdfResponse(args, "month", args.params.summaryId);
