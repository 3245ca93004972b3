/** `/admin/insights`: figures per organization (003 §2 does not show this page's content: see insights.ts). */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InsightsPage } from "../areas/admin/insights/insights-page";
import { loadInsights } from "../areas/admin/insights/insights-route.server";
import insightsStyles from "../areas/admin/insights/insights.css";

export const meta: MetaFunction = () => [{ title: "Insights | Exer Provider Portal" }];
export const links = () => [{ rel: "stylesheet", href: insightsStyles }];
export const loader = loadInsights;

export default function AdminInsightsRoute() {
  return <InsightsPage data={useLoaderData<typeof loader>()} />;
}
