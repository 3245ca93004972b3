/** GET `/scan/reports/{assessments|participants}.{csv|pdf}?date=&location=`: the scan report's exports (attachments). */
import { fileRoute } from "../media/file-route.server";
import { scanReportExport } from "../areas/scan/reports/report-route.server";
import { authenticate } from "../auth/current-user.server";
import type { Route } from "./+types/scan.reports.$export";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute(scanReportExport);
