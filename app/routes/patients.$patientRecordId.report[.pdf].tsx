/**
 * GET `/patients/{id}/report.pdf?from=YYYY-MM-DD&to=YYYY-MM-DD`: the Download Patient Report file (000 §2.8),
 * rendered by the portal from the API's report data (ADR 014; areas/patients/report/).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { patientReportPdf } from "../areas/patients/report/report-route.server";

export const loader = (args: LoaderFunctionArgs) => patientReportPdf(args);
