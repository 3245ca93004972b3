/** `/admin/insights`: figures per organization (003 §2 does not show this page's content: see insights.ts). */
import { InsightsPage } from "../areas/admin/insights/insights-page";
import { loadInsights } from "../areas/admin/insights/insights-route.server";
import insightsStyles from "../areas/admin/insights/insights.css?url";
import type { Route } from "./+types/admin.insights";

export const meta = (): Route.MetaDescriptors => [{ title: "Insights | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: insightsStyles }];
export const loader = loadInsights;

export default function AdminInsightsRoute({ loaderData }: Route.ComponentProps) {
  return <InsightsPage data={loaderData} />;
}
