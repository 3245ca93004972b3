/**
 * GET `/scan/sessions/{sessionUUID}/export.json`: the research organization's session export (JSON attachment;
 * 404 for other organizations). app/areas/scan/sessions/export-route.server.ts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sessionExportResponse } from "../areas/scan/sessions/export-route.server";

export const loader = (args: LoaderFunctionArgs) => sessionExportResponse(args);
