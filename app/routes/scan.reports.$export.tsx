/** GET `/scan/reports/{assessments|participants}.{csv|pdf}?date=&location=`: the scan report's exports (attachments). */
import { fileRoute } from "../media/file-route.server";
import { scanReportExport } from "../areas/scan/reports/report-route.server";

export const loader = fileRoute(scanReportExport);
