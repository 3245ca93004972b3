/**
 * GET `/scan/sessions/{sessionUUID}/analysis.pdf?org=&age=&sex=`: the session analysis as a PDF
 * (app/areas/scan/sessions/analysis-pdf.server.ts). The segment is the session's UUID (the contract looks a
 * session up by its UUID only).
 */
import { fileRoute } from "../media/file-route.server";
import { PDF_FAILED } from "../api/scan.server";
import { analysisPdfResponse } from "../areas/scan/sessions/analysis-pdf.server";
import type { Route } from "./+types/scan.sessions.$sessionId.analysis[.pdf]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => analysisPdfResponse(args), { failed: PDF_FAILED });
