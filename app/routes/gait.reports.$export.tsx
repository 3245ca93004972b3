/** GET `/gait/reports/chart.png?date=` and `/gait/reports/report.csv?date=`: the gait report's downloads (attachments). */
import { fileRoute } from "../media/file-route.server";
import { gaitReportExport } from "../areas/gait/reports/report-route.server";
import { authenticate } from "../auth/current-user.server";
import type { Route } from "./+types/gait.reports.$export";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute(gaitReportExport);
