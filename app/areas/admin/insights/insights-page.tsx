/**
 * The admin Insights page: totals, then per organization its figures as grouped bars (drawn by the loader;
 * the chart island adds tooltips and zoom after hydration) with the table (open without JavaScript).
 */
import type { SerializeFrom } from "../../../route-data";
import { Await, useLocation } from "react-router";
import { Suspense } from "react";
import { LoadErrorView } from "../../../components/load-error";
import { ChartFigure } from "../../../islands/chart";
import type { DrawnChart } from "../../../islands/chart-spec";
import { INSIGHTS_CHART_TITLE, insightsTotals, type InsightsRow } from "./insights";
import type { InsightsData, loadInsights } from "./insights-route.server";
import { tableWrap } from "../../../components/table-wrap";

export function InsightsPage({ data }: { data: SerializeFrom<typeof loadInsights> }) {
  const location = useLocation();
  return (
    <section aria-labelledby="insights-title">
      <div className="page-header">
        <h1 id="insights-title">Insights</h1>
      </div>
      <Suspense fallback={<p role="status">Loading insights…</p>}>
        <Await resolve={data.insights as unknown as Promise<InsightsData>} errorElement={<LoadErrorView message="Could not get insights." retryHref={location.pathname} />}>
          {(d) => ("error" in d ? <LoadErrorView message={d.error} retryHref={location.pathname} /> : <Figures rows={d.rows} since={d.since} chart={d.chart} />)}
        </Await>
      </Suspense>
    </section>
  );
}

function Figures({ rows, since, chart }: { rows: InsightsRow[]; since: string; chart: DrawnChart }) {
  const totals = insightsTotals(rows);
  const title = INSIGHTS_CHART_TITLE;
  return (
    <>
      <dl className="insights-totals" aria-label="Totals">
        <div>
          <dt>Organizations</dt>
          <dd>
            {totals.organizations} <span className="muted">({totals.disabled} disabled)</span>
          </dd>
        </div>
        <div>
          <dt>Active patients</dt>
          <dd>{totals.activePatients}</dd>
        </div>
        <div>
          <dt>Sessions since {since}</dt>
          <dd>{totals.sessions}</dd>
        </div>
        <div>
          <dt>Cycles ready to bill</dt>
          <dd>{totals.readyToBill}</dd>
        </div>
      </dl>
      <ChartFigure title={title} chart={chart} table={<InsightsTable rows={rows} caption={title} />} />
    </>
  );
}

function InsightsTable({ rows, caption }: { rows: InsightsRow[]; caption: string }) {
  return (
    <div {...tableWrap(`${caption}: data`)}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}: data</caption>
        <thead>
          <tr>
            <th scope="col">Organization</th>
            <th scope="col">Status</th>
            <th scope="col">Products</th>
            <th scope="col">Active patients</th>
            <th scope="col">Sessions (last 30 days)</th>
            <th scope="col">Cycles ready to bill</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">{r.name}</th>
              <td>{r.disabled ? "Disabled" : "Enabled"}</td>
              <td>{r.products.length ? r.products.join(", ") : "—"}</td>
              <td>{r.activePatients}</td>
              <td>{r.sessions}</td>
              <td>{r.readyToBill}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
