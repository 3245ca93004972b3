/** GET `/rtm-billing/months/{yyyy-LL}/patients/{id}.pdf`: a patient's RTM audit packet of the month (app/areas/rtm-billing/audit-packet-route.server.ts). */
import { fileRoute } from "../media/file-route.server";
import { rtmAuditPacketResponse } from "../areas/rtm-billing/audit-packet-route.server";
import type { Route } from "./+types/rtm-billing.months.$month.patients.$patientRecordId[.pdf]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => rtmAuditPacketResponse(args, args.params.month, args.params.patientRecordId));
