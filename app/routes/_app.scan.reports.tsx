/**
 * `/scan/reports/` (002 §2): Scan Reports. Loader in app/areas/scan/reports/report-route.server.ts; exports at
 * `/scan/reports/{assessments|participants}.{csv|pdf}` (routes/scan.reports.$export.tsx).
 */
import { loadScanReports } from "../areas/scan/reports/report-route.server";
import { ScanReportsPage } from "../areas/scan/reports/reports-page";
import reportStyles from "../areas/scan/reports/reports.css?url";
import type { Route } from "./+types/_app.scan.reports";

export const meta = (): Route.MetaDescriptors => [{ title: "Scan Reports | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: reportStyles }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = loadScanReports;

export default function ScanReportsRoute({ loaderData }: Route.ComponentProps) {
  return <ScanReportsPage data={loaderData} />;
}
