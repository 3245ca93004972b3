/** GET `/rtm-billing/cycles/{id}.pdf`: an RTM cycle's PDF (app/areas/rtm-billing/pdf-route.server.ts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { rtmPdfResponse } from "../areas/rtm-billing/pdf-route.server";

export const loader = (args: LoaderFunctionArgs) => rtmPdfResponse(args, "cycle", args.params.cycleId);
