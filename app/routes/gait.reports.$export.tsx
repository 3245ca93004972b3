/** GET `/gait/reports/chart.png?date=` and `/gait/reports/report.csv?date=`: the gait report's downloads (attachments). */
import { fileRoute } from "../media/file-route.server";
import { gaitReportExport } from "../areas/gait/reports/report-route.server";

export const loader = fileRoute(gaitReportExport);
