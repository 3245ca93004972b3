/**
 * `/scan/reports/` (002 §2): Scan Reports. Loader in app/areas/scan/reports/report-route.server.ts; exports at
 * `/scan/reports/{assessments|participants}.{csv|pdf}` (routes/scan.reports.$export.tsx).
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadScanReports } from "../areas/scan/reports/report-route.server";
import { ScanReportsPage } from "../areas/scan/reports/reports-page";
import reportStyles from "../areas/scan/reports/reports.css";

export const meta: MetaFunction = () => [{ title: "Scan Reports | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: reportStyles }];
export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = loadScanReports;

export default function ScanReportsRoute() {
  return <ScanReportsPage data={useLoaderData<typeof loader>()} />;
}
