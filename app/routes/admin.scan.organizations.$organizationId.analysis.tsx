/**
 * `/admin/scan/organizations/{organizationId}/analysis`: an organization's scan analysis (003 §2) and its
 * '{assessment} Analysis' dialog (`?assessment={id}`, `&mode=edit`). Loader and action in
 * app/areas/admin/analysis/analysis-route.server.ts.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { analysisAction, loadAnalysisPage } from "../areas/admin/analysis/analysis-route.server";
import { AnalysisPage } from "../areas/admin/analysis/analysis-page";
import riskStyles from "../areas/scan/analysis/analysis.css";
import analysisStyles from "../areas/admin/analysis/analysis.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.organizationName ? `${data.organizationName} ` : ""}Scan Analysis | Exer Provider Portal` }];
export const links = () => [
  { rel: "stylesheet", href: riskStyles },
  { rel: "stylesheet", href: analysisStyles },
];

export const loader = loadAnalysisPage;
export const action = analysisAction;

export default function AdminScanAnalysisRoute() {
  return <AnalysisPage data={useLoaderData<typeof loader>()} />;
}
