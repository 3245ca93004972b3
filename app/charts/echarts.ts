/**
 * ECharts, tree-shaken to what the portal's charts use: line and bar series, their grid, legend, reference
 * lines (markLine), tooltip and zoom (dataZoom inside), drawn by the SVG renderer. The same registration serves
 * the server (the screens' first HTML and the PDFs draw SVG with `ssr: true`) and the browser's chart island
 * (app/islands/chart-island.client.tsx, loaded on chart tabs only). Add a component here before an option uses it.
 */
import * as echarts from "echarts/core";
import { BarChart, LineChart } from "echarts/charts";
import { DataZoomInsideComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, DataZoomInsideComponent, SVGRenderer]);

export { echarts };
