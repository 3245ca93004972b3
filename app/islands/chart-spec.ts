/**
 * What a chart island draws: line series over days (`kind` "line", the default) or bars over categories (`kind`
 * "bar": `x` holds the category labels, e.g. the gait report's subjects), an optional y range and reference
 * lines (thresholds).
 * Plain data, so the server can render the same figures as a table (chart.tsx) and the browser as a plot
 * (line-chart.client.tsx).
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
