/**
 * The chart island (ADR 039; browser only, loaded with React.lazy by chart.tsx once the page has hydrated, so
 * ECharts — tree-shaken to line and bar charts, app/charts/echarts.ts — is a chunk of its own, fetched only on
 * chart tabs and never before the page is interactive). It draws the same option as the server
 * (app/charts/chart-option.ts) at the server drawing's rendered size, in a layer over it: nothing moves when it
 * arrives. Then the server's SVG fades under it (still the figure's image for assistive technology; the live
 * layer is hidden from it) and the chart has tooltips (pointer), zoom (Ctrl + wheel or pinch, and the buttons) and
 * an image download of what it shows.
 * If ECharts fails, the island leaves the server's drawing and the table as they are.
 */
import { useEffect, useRef, useState } from "react";
import { chartOption, chartSize } from "../charts/chart-option";
import { echarts } from "../charts/echarts";
import type { ChartSpec } from "./chart-spec";

type Chart = ReturnType<typeof echarts.init>;

/** The zoom window, in per cent of the x axis. */
interface Window {
  start: number;
  end: number;
}

const FULL: Window = { start: 0, end: 100 };

/** Half the window around its centre (at least 2 % wide). */
export function zoomedIn({ start, end }: Window): Window {
  const centre = (start + end) / 2;
  const half = Math.max(1, (end - start) / 4);
  return { start: Math.max(0, centre - half), end: Math.min(100, centre + half) };
}

/** A file name of the chart's title. */
const fileName = (title: string) => `${title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "chart"}.svg`;

export default function ChartIsland({ spec, title }: { spec: ChartSpec; title: string }) {
  const liveRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);
  const [zoom, setZoom] = useState<Window>(FULL);

  useEffect(() => {
    const live = liveRef.current;
    const plot = live?.parentElement;
    const drawn = plot?.querySelector<SVGSVGElement>(".chart-svg > svg");
    if (!live || !plot || !drawn) return;
    const size = chartSize(spec);
    /** The server drawing's box: the width it scales to, the height of its aspect ratio. */
    const box = () => {
      const width = Math.round(drawn.getBoundingClientRect().width) || size.width;
      return { width, height: Math.round((width * size.height) / size.width) };
    };
    let chart: Chart;
    try {
      chart = echarts.init(live, null, { renderer: "svg", ...box() });
      chart.setOption(chartOption(spec));
    } catch {
      return;
    }
    chartRef.current = chart;
    plot.classList.add("chart-plot-live");
    setReady(true);
    chart.on("datazoom", () => {
      const dz = (chart.getOption() as { dataZoom?: { start?: number; end?: number }[] }).dataZoom?.[0];
      setZoom({ start: dz?.start ?? 0, end: dz?.end ?? 100 });
    });
    const observer = new ResizeObserver(() => {
      if (!chart.isDisposed()) chart.resize(box());
    });
    observer.observe(plot);
    return () => {
      observer.disconnect();
      plot.classList.remove("chart-plot-live");
      chartRef.current = null;
      chart.dispose();
    };
  }, [spec]);

  const setWindow = (w: Window) => chartRef.current?.dispatchAction({ type: "dataZoom", start: w.start, end: w.end });
  const download = () => {
    const chart = chartRef.current;
    if (!chart) return;
    const a = document.createElement("a");
    a.href = chart.getDataURL({ type: "svg", backgroundColor: "#ffffff" });
    a.download = fileName(title);
    a.click();
  };
  const zoomed = zoom.start > 0 || zoom.end < 100;

  return (
    <>
      <div ref={liveRef} className="chart-live" aria-hidden="true" data-testid="chart-live" />
      {ready ? (
        <div className="chart-tools" role="group" aria-label={`${title}: chart tools`}>
          <button type="button" className="button" onClick={() => setWindow(zoomedIn(zoom))} disabled={zoom.end - zoom.start <= 2}>
            Zoom in
          </button>
          <button type="button" className="button" onClick={() => setWindow(FULL)} disabled={!zoomed}>
            Reset zoom
          </button>
          <button type="button" className="button" onClick={download}>
            Download image
          </button>
        </div>
      ) : null}
    </>
  );
}
