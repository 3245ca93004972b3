/**
 * `/gait/reports/` (002 §2): Gait Reports. Loader in app/areas/gait/reports/report-route.server.ts; downloads at
 * `/gait/reports/chart.png` and `/gait/reports/report.csv` (routes/gait.reports.$export.tsx).
 */
import { loadGaitReports } from "../areas/gait/reports/report-route.server";
import { GaitReportsPage } from "../areas/gait/reports/reports-page";
import reportStyles from "../areas/scan/reports/reports.css?url";
import type { Route } from "./+types/_app.gait.reports";

export const meta = (): Route.MetaDescriptors => [{ title: "Gait Reports | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: reportStyles }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = loadGaitReports;

export default function GaitReportsRoute({ loaderData }: Route.ComponentProps) {
  return <GaitReportsPage data={loaderData} />;
}
