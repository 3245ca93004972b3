/** GET `/scan/sessions/{id}/hands-log.json`: a scan session's hands log (app/areas/scan/pose-log-route.server.ts). */
import { fileRoute } from "../media/file-route.server";
import { scanLogResponse } from "../areas/scan/pose-log-route.server";
import type { Route } from "./+types/scan.sessions.$sessionId.hands-log[.json]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => scanLogResponse(args, "hands-log"));
