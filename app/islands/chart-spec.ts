/**
 * What a chart island draws: line series over days, an optional y range and reference lines (thresholds).
 * Plain data, so the server can render the same figures as a table (chart.tsx) and the browser as a plot
 * (line-chart.client.tsx).
 */
export interface ChartSeries {
  name: string;
  /** Days, 'YYYY-MM-DD'. */
  x: string[];
  y: (number | null)[];
}

export interface ChartThreshold {
  y: number;
  label: string;
}

export interface ChartSpec {
  /** Accessible description of the plot (the table carries the values). */
  description: string;
  yTitle: string;
  yRange?: [number, number];
  series: ChartSeries[];
  thresholds?: ChartThreshold[];
}
