/**
 * GET `/scan/sessions/{sessionUUID}/export.json`: the research organization's session export (JSON attachment;
 * 404 for other organizations). app/areas/scan/sessions/export-route.server.ts.
 */
import { fileRoute } from "../media/file-route.server";
import { sessionExportResponse } from "../areas/scan/sessions/export-route.server";
import type { Route } from "./+types/scan.sessions.$sessionId.export[.json]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => sessionExportResponse(args));
