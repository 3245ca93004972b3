/**
 * The Plotly line chart (browser only: loaded with React.lazy after hydration by chart.tsx, so plotly's basic
 * bundle is a chunk of its own, fetched only on chart tabs). The plot is one image to assistive technology;
 * the data table next to it carries the values.
 */
import type { Annotation, BarTrace, Config, Layout, ScatterTrace, Shape } from "plotly.js-basic-dist-min";
import type { ChartSpec } from "./chart-spec";
import { Plot } from "./plotly-react.client";

const COLORS = ["#1f5fa8", "#b54708", "#2e7d32", "#7b3fa0", "#00838f", "#ad1457", "#5d4037", "#455a64"];

// No mode bar (its buttons have no accessible names): the page links the server's PNG of the same chart.
// `responsive`: Plotly's own window-resize handler; the Plot also follows its element's size.
const CONFIG: Config = { displayModeBar: false, responsive: true };

export default function LineChart({ spec }: { spec: ChartSpec }) {
  if (spec.kind === "bar") return <BarChart spec={spec} />;
  const data = spec.series.map((s, i): ScatterTrace => ({
    type: "scatter",
    mode: "lines+markers",
    name: s.name,
    x: s.x,
    y: s.y,
    connectgaps: true,
    line: { color: COLORS[i % COLORS.length], width: 2 },
    marker: { size: 6 },
    hovertemplate: `%{x|%m/%d/%Y}: %{y}<extra>${s.name.replace(/[<>]/g, "")}</extra>`,
  }));
  const shapes = (spec.thresholds ?? []).map((t): Shape => ({ type: "line", xref: "paper", x0: 0, x1: 1, y0: t.y, y1: t.y, line: { color: "#b3261e", width: 1.5, dash: "dash" } }));
  const annotations = (spec.thresholds ?? []).map((t): Annotation => ({ xref: "paper", x: 1, xanchor: "right", y: t.y, yanchor: "bottom", text: t.label, showarrow: false, font: { color: "#b3261e", size: 12 } }));
  const layout: Layout = {
    autosize: true,
    height: 320,
    margin: { l: 56, r: 16, t: 16, b: 48 },
    xaxis: { type: "date", tickformat: "%m/%d", automargin: true },
    yaxis: { title: { text: spec.yTitle }, range: spec.yRange, automargin: true, zeroline: false },
    legend: { orientation: "h", y: -0.2 },
    showlegend: spec.series.length > 1,
    shapes,
    annotations,
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
  };
  return (
    <div role="img" aria-label={spec.description} className="chart-plot" data-testid="chart-plot">
      <Plot data={data} layout={layout} config={CONFIG} className="chart-plot-area chart-plot-area-line" />
    </div>
  );
}

/** Bars over categories (the gait report's speed per subject), with the same reference lines. */
function BarChart({ spec }: { spec: ChartSpec }) {
  const data = spec.series.map((s, i): BarTrace => ({
    type: "bar",
    name: s.name,
    x: s.x,
    y: s.y,
    marker: { color: s.colors ?? COLORS[i % COLORS.length] },
    texttemplate: `%{y:.${spec.valueDecimals ?? 2}f}`,
    textposition: "outside",
    cliponaxis: false,
    hovertemplate: `%{x}: %{y:.${spec.valueDecimals ?? 2}f}<extra>${spec.series.length > 1 ? s.name.replace(/[<>]/g, "") : ""}</extra>`,
  }));
  const shapes = (spec.thresholds ?? []).map((t): Shape => ({ type: "line", xref: "paper", x0: 0, x1: 1, y0: t.y, y1: t.y, line: { color: "#b3261e", width: 2, dash: "dash" } }));
  // The line's label right of the plot, clear of the last bar.
  const annotations = (spec.thresholds ?? []).map((t): Annotation => ({ xref: "paper", x: 1, xanchor: "left", y: t.y, yanchor: "middle", text: t.label, showarrow: false, font: { color: "#b3261e", size: 12 } }));
  const layout: Layout = {
    autosize: true,
    height: 420,
    margin: { l: 56, r: 72, t: 24, b: 120 },
    xaxis: { type: "category", title: spec.xTitle ? { text: spec.xTitle } : undefined, automargin: true, tickangle: -35 },
    yaxis: { title: { text: spec.yTitle }, range: spec.yRange, automargin: true, zeroline: true },
    // Several series (grouped bars, e.g. the admin Insights' figures per organization): a legend names them.
    showlegend: spec.series.length > 1,
    legend: { orientation: "h", y: 1.08 },
    shapes,
    annotations,
    paper_bgcolor: "rgba(0,0,0,0)",
    plot_bgcolor: "rgba(0,0,0,0)",
  };
  return (
    <div role="img" aria-label={spec.description} className="chart-plot" data-testid="chart-plot">
      <Plot data={data} layout={layout} config={CONFIG} className="chart-plot-area chart-plot-area-bar" />
    </div>
  );
}
