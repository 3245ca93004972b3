/**
 * What a chart island draws: line series over days (`kind` "line", the default) or bars over categories (`kind`
 * "bar": `x` holds the category labels, e.g. the gait report's subjects), an optional y range and reference
 * lines (thresholds).
 * Plain data: the server draws it as SVG (app/charts/draw-chart.server.ts) and as a table (chart.tsx), the browser's
 * island draws it again with tooltips and zoom (chart-island.client.tsx), all through app/charts/chart-option.ts.
 */
export interface ChartSeries {
  name: string;
  /** Days, 'YYYY-MM-DD' (line charts), or category labels (bar charts). */
  x: string[];
  y: (number | null)[];
  /** Bar charts: a colour per bar (e.g. below a threshold); default the series colour. */
  colors?: string[];
}

export interface ChartThreshold {
  y: number;
  label: string;
}

export interface ChartSpec {
  /** Default "line". */
  kind?: "line" | "bar";
  /** Bar charts: the x axis' title. */
  xTitle?: string;
  /** Bar charts: decimals of the value written on each bar (default 2; counts: 0). */
  valueDecimals?: number;
  /** Accessible description of the plot (the table carries the values). */
  description: string;
  yTitle: string;
  yRange?: [number, number];
  series: ChartSeries[];
  thresholds?: ChartThreshold[];
}

/** A chart as loaders hand it to the page: its spec (the table and the island) and its SVG drawn on the server. */
export interface DrawnChart {
  spec: ChartSpec;
  svg: string;
}
