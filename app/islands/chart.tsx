/**
 * A chart as the server drew it, with its data table (ADR 039). The loader draws the chart's SVG
 * (app/charts/draw-chart.server.ts); it is in the first HTML, so the chart shows with JavaScript off and before
 * any script arrives on a slow link. The data table is always in the HTML too (open when JavaScript does not run;
 * folded under "Show data table" once the page is interactive).
 * Once hydrated, the island (chart-island.client.tsx: ECharts, tree-shaken, loaded with React.lazy, so pages
 * without charts never fetch it) draws the same option over the server's SVG at the same size and adds tooltips,
 * zoom and the image download.
 */
import { Suspense, useId, type ReactNode } from "react";
import { formatDay } from "../domain/zoned-day";
import { useHydrated } from "../components/use-hydrated";
import type { ChartSpec, DrawnChart } from "./chart-spec";
import { tableWrap } from "../components/table-wrap";
import { lazyPart } from "../components/lazy-part";

const ChartIsland = lazyPart(() => import("./chart-island.client"));

interface ChartFigureProps {
  title: string;
  /** The chart's spec and its server-drawn SVG (drawChart in the loader). */
  chart: DrawnChart;
  /** How the table writes a value (default: as it is). */
  format?: (value: number, series: number) => string;
  /** Marks a table cell (a threshold warning, for example). */
  flag?: (value: number, series: number) => string | null;
  /** The server-rendered fallback in place of the default by-day table (bar charts bring their own). */
  table?: ReactNode;
  children?: ReactNode;
}

export function ChartFigure({ title, chart, format, flag, table, children }: ChartFigureProps) {
  const hydrated = useHydrated();
  const id = useId();
  const { spec } = chart;
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart-title">
        {title}
      </figcaption>
      {children}
      <div className={`chart-plot chart-plot-${spec.kind ?? "line"}`} data-testid="chart-plot">
        {/* The server's drawing, kept as React received it (the island draws over it, it never changes this). */}
        <div className="chart-svg" dangerouslySetInnerHTML={{ __html: chart.svg }} />
        {hydrated ? (
          <Suspense fallback={null}>
            <ChartIsland spec={spec} title={title} />
          </Suspense>
        ) : null}
      </div>
      <details className="chart-data" open={!hydrated}>
        <summary>{hydrated ? "Show data table" : "Data table"}</summary>
        {table ?? <ChartTable caption={title} spec={spec} format={format} flag={flag} />}
      </details>
    </figure>
  );
}

/** The chart's values by day (newest first), one column per series. */
export function ChartTable({ caption, spec, format, flag }: { caption: string; spec: ChartSpec; format?: ChartFigureProps["format"]; flag?: ChartFigureProps["flag"] }) {
  const days = [...new Set(spec.series.flatMap((s) => s.x))].sort().reverse();
  /** A series' values on a day (several when it was measured more than once that day). */
  const valuesOn = (s: ChartSpec["series"][number], day: string) => s.x.flatMap((x, i) => (x === day && s.y[i] != null ? [s.y[i]!] : []));
  return (
    <div {...tableWrap(`${caption}: data`)}>
      <table className="data-table chart-table">
        <caption className="visually-hidden">{caption}: data</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {spec.series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
                {spec.yTitle ? <span className="muted"> ({spec.yTitle})</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day}>
              <th scope="row">{formatDay(day)}</th>
              {spec.series.map((s, si) => {
                const values = valuesOn(s, day);
                const marks = values.map((v) => flag?.(v, si)).filter(Boolean);
                return (
                  <td key={s.name} className={marks.length ? "cell-warning" : undefined}>
                    {values.length ? values.map((v) => (format ? format(v, si) : String(v))).join(", ") : "—"}
                    {marks.length ? <span className="visually-hidden"> ({marks[0]})</span> : null}
                    {marks.length ? <span aria-hidden="true"> ⚠</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
