/**
 * `/admin/scan/organizations/{organizationId}/analysis`: an organization's scan analysis (003 §2) and its
 * '{assessment} Analysis' dialog (`?assessment={id}`, `&mode=edit`). Loader and action in
 * app/areas/admin/analysis/analysis-route.server.ts.
 */
import { analysisAction, loadAnalysisPage } from "../areas/admin/analysis/analysis-route.server";
import { AnalysisPage } from "../areas/admin/analysis/analysis-page";
import riskStyles from "../areas/scan/analysis/analysis.css?url";
import analysisStyles from "../areas/admin/analysis/analysis.css?url";
import type { Route } from "./+types/admin.scan.organizations.$organizationId.analysis";

export const meta = ({ loaderData }: Route.MetaArgs): Route.MetaDescriptors => [{ title: `${loaderData?.organizationName ? `${loaderData.organizationName} ` : ""}Scan Analysis | Exer Provider Portal` }];
export const links = () => [
  { rel: "stylesheet", href: riskStyles },
  { rel: "stylesheet", href: analysisStyles },
];

export const loader = loadAnalysisPage;
export const action = analysisAction;

export default function AdminScanAnalysisRoute({ loaderData }: Route.ComponentProps) {
  return <AnalysisPage data={loaderData} />;
}
