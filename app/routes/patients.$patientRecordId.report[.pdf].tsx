/**
 * GET `/patients/{id}/report.pdf?from=YYYY-MM-DD&to=YYYY-MM-DD`: the Download Patient Report file (000 §2.8),
 * rendered by the portal from the API's report data (ADR 014; areas/patients/report/).
 */
import { fileRoute } from "../media/file-route.server";
import { PDF_FAILED } from "../api/scan.server";
import { patientReportPdf } from "../areas/patients/report/report-route.server";
import type { Route } from "./+types/patients.$patientRecordId.report[.pdf]";
import { authenticate } from "../auth/current-user.server";

/** Signed in: the session and the user, resolved once for the request (ADR 037). */
export const middleware: Route.MiddlewareFunction[] = [authenticate];

export const loader = fileRoute((args: Route.LoaderArgs) => patientReportPdf(args), { failed: PDF_FAILED });
