/**
 * GET `/scan/sessions/{sessionUUID}/analysis.pdf?org=&age=&sex=`: the session analysis as a PDF
 * (app/areas/scan/sessions/analysis-pdf.server.ts). The segment is the session's UUID (the contract looks a
 * session up by its UUID only).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { analysisPdfResponse } from "../areas/scan/sessions/analysis-pdf.server";

export const loader = (args: LoaderFunctionArgs) => analysisPdfResponse(args);
