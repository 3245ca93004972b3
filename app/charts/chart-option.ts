/**
 * The one option builder of the portal's screen charts (ADR 039): a ChartSpec (plain data from the loader) becomes
 * the ECharts option that the server draws as SVG into the first HTML (draw-chart.server.ts), that the browser's
 * island draws again over it with tooltips and zoom (app/islands/chart-island.client.tsx) and that the gait
 * report's image download is converted from. One function, so the three cannot drift apart; the island's first
 * frame equals the server's drawing at the same size.
 *
 * Days are drawn on a time axis in UTC ('YYYY-MM-DD' is a calendar day, not an instant): the server's and the
 * browser's time zones must not move a point. Every text is plain (the tooltip is drawn in the SVG, `richText`,
 * not as HTML: no markup from names, and no style attributes the CSP would refuse).
 */
import type { BarSeriesOption, LineSeriesOption } from "echarts/charts";
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from "echarts/components";
import type { ComposeOption } from "echarts/core";
import type { ChartSpec } from "../islands/chart-spec";

export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | LegendComponentOption | MarkLineComponentOption | TitleComponentOption | TooltipComponentOption | DataZoomComponentOption
>;

export const COLORS = ["#1f5fa8", "#b54708", "#2e7d32", "#7b3fa0", "#00838f", "#ad1457", "#5d4037", "#455a64"];
const TEXT = "#333333";
const MUTED = "#555555";
const GRID_LINE = "#e3e6eb";
const REFERENCE = "#b3261e";
/** The portal's body font (app/styles/app.css --font); the image download names a font the server has. */
export const SCREEN_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The drawing's size in SVG units: the server draws at it, the page scales it to the column (same aspect). */
export function chartSize(spec: ChartSpec): { width: number; height: number } {
  return spec.kind === "bar" ? { width: 900, height: 440 } : { width: 720, height: 320 };
}

const DAY_MS = 86_400_000;
/** A 'YYYY-MM-DD' day as the UTC midnight the time axis places it at. */
export const dayValue = (day: string) => Date.parse(`${day}T00:00:00Z`);

const pad = (n: number) => String(n).padStart(2, "0");
/** 'MM/DD/YYYY' of a time-axis value (UTC). */
export function dayText(value: number): string {
  const d = new Date(value);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

export interface ChartOptionExtras {
  fontFamily?: string;
  /** A title and subtitle drawn in the image (the image download stands alone; the page has its figcaption). */
  title?: { text: string; subtext?: string };
  /** A background (the image download); the page's is transparent. */
  backgroundColor?: string;
}

/** Reference lines, drawn on the first series. */
function referenceLines(spec: ChartSpec, bar: boolean): MarkLineComponentOption | undefined {
  const thresholds = spec.thresholds ?? [];
  if (thresholds.length === 0) return undefined;
  return {
    silent: true,
    symbol: "none",
    animation: false,
    lineStyle: { color: REFERENCE, type: "dashed", width: bar ? 2 : 1.5 },
    label: { color: REFERENCE, fontSize: 12, position: bar ? "end" : "insideEndTop" },
    data: thresholds.map((t) => ({ yAxis: t.y, name: t.label, label: { formatter: t.label } })),
  };
}

/** The y axis' top includes every reference line (ECharts scales to the series only). */
const yMax = (spec: ChartSpec) => {
  const lines = (spec.thresholds ?? []).map((t) => t.y);
  return lines.length ? (extent: { max: number }) => niceTop(Math.max(extent.max, ...lines)) : undefined;
};
/** 10 % above the value, rounded up to a step of 0.2 below 2, else to a whole number. */
export const niceTop = (v: number) => (v < 2 ? Math.ceil((v * 1.1) / 0.2) * 0.2 : Math.ceil(v * 1.1));

/** What the tooltip formatter receives of a point (ECharts' callback parameters, the fields used). */
export interface TooltipParam {
  seriesName?: string;
  name?: string;
  value?: unknown;
}

/**
 * The tooltip's plain text (drawn in the SVG: no markup): a line chart's day as MM/DD/YYYY, then each series' value
 * that day; a bar's category and value (with its series' name when there are several).
 */
export function tooltipText(spec: ChartSpec, params: TooltipParam | TooltipParam[]): string {
  const list = Array.isArray(params) ? params : [params];
  if (spec.kind === "bar") {
    const decimals = spec.valueDecimals ?? 2;
    return list
      .map((p) => {
        const v = typeof p.value === "number" ? p.value.toFixed(decimals) : "—";
        return spec.series.length > 1 ? `${p.name ?? ""}\n${p.seriesName ?? ""}: ${v}` : `${p.name ?? ""}: ${v}`;
      })
      .join("\n");
  }
  const at = (p: TooltipParam) => (Array.isArray(p.value) ? (p.value as unknown[]) : []);
  const day = at(list[0] ?? {})[0];
  const lines = list.map((p) => `${p.seriesName ?? ""}: ${at(p)[1] ?? "—"}`);
  return [typeof day === "number" ? dayText(day) : "", ...lines].join("\n");
}

export function chartOption(spec: ChartSpec, extras: ChartOptionExtras = {}): ChartOption {
  const bar = spec.kind === "bar";
  const several = spec.series.length > 1;
  const decimals = spec.valueDecimals ?? 2;
  const titled = extras.title !== undefined;
  const top = (titled ? 64 : 16) + (several ? 28 : 0) + (bar ? 8 : 16);
  const base: ChartOption = {
    animation: false,
    useUTC: true,
    color: COLORS,
    backgroundColor: extras.backgroundColor ?? "transparent",
    textStyle: { fontFamily: extras.fontFamily ?? SCREEN_FONT, color: TEXT },
    title: titled ? { text: extras.title!.text, subtext: extras.title!.subtext, left: 16, top: 8, textStyle: { fontSize: 18, color: TEXT }, subtextStyle: { fontSize: 13, color: MUTED } } : undefined,
    legend: several ? { show: true, top: titled ? 64 : 8, left: 16, textStyle: { color: TEXT } } : { show: false },
    tooltip: {
      trigger: bar ? "item" : "axis",
      renderMode: "richText",
      confine: true,
      textStyle: { color: TEXT },
      formatter: (params) => tooltipText(spec, params as TooltipParam | TooltipParam[]),
    },
  };
  if (bar) {
    const categories = [...new Set(spec.series.flatMap((s) => s.x))];
    return {
      ...base,
      grid: { left: 72, right: 88, top, bottom: 140 },
      xAxis: {
        type: "category",
        data: categories,
        name: spec.xTitle,
        nameLocation: "middle",
        nameGap: 120,
        nameTextStyle: { color: MUTED, fontSize: 12 },
        axisLabel: { rotate: 35, interval: 0, color: TEXT, fontSize: 11, width: 110, overflow: "truncate" },
        axisLine: { lineStyle: { color: MUTED } },
      },
      yAxis: {
        type: "value",
        name: spec.yTitle,
        nameLocation: "middle",
        nameGap: 48,
        nameTextStyle: { color: MUTED, fontSize: 12 },
        min: spec.yRange?.[0] ?? 0,
        max: spec.yRange?.[1] ?? yMax(spec),
        axisLabel: { color: MUTED },
        splitLine: { lineStyle: { color: GRID_LINE } },
      },
      dataZoom: [{ type: "inside", xAxisIndex: 0, zoomOnMouseWheel: "ctrl", moveOnMouseWheel: false }],
      series: spec.series.map((s, i): BarSeriesOption => {
        const byCategory = new Map(s.x.map((x, j) => [x, j]));
        return {
          type: "bar",
          name: s.name,
          barMaxWidth: 60,
          color: COLORS[i % COLORS.length],
          label: { show: true, position: "top", fontSize: 10, color: TEXT, formatter: ({ value }) => (typeof value === "number" ? value.toFixed(decimals) : "") },
          data: categories.map((c) => {
            const j = byCategory.get(c);
            const y = j === undefined ? null : (s.y[j] ?? null);
            const colour = j === undefined ? undefined : s.colors?.[j];
            return colour ? { value: y as number, itemStyle: { color: colour } } : (y as number);
          }),
          markLine: i === 0 ? referenceLines(spec, true) : undefined,
        };
      }),
    };
  }
  return {
    ...base,
    grid: { left: 64, right: 24, top, bottom: 40 },
    xAxis: {
      type: "time",
      axisLabel: { color: MUTED, formatter: "{MM}/{dd}", hideOverlap: true },
      axisLine: { lineStyle: { color: MUTED } },
      splitLine: { show: false },
      minInterval: DAY_MS,
      axisPointer: { label: { formatter: ({ value }) => dayText(Number(value)) } },
    },
    yAxis: {
      type: "value",
      name: spec.yTitle,
      nameLocation: "middle",
      nameGap: 44,
      nameTextStyle: { color: MUTED, fontSize: 12 },
      scale: spec.yRange === undefined,
      min: spec.yRange?.[0],
      max: spec.yRange?.[1] ?? yMax(spec),
      axisLabel: { color: MUTED },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    dataZoom: [{ type: "inside", xAxisIndex: 0, zoomOnMouseWheel: "ctrl", moveOnMouseWheel: false }],
    series: spec.series.map(
      (s, i): LineSeriesOption => ({
        type: "line",
        name: s.name,
        connectNulls: true,
        symbol: "circle",
        symbolSize: 6,
        color: COLORS[i % COLORS.length],
        lineStyle: { width: 2 },
        data: s.x.map((day, j) => [dayValue(day), s.y[j] ?? null]),
        markLine: i === 0 ? referenceLines(spec, false) : undefined,
      }),
    ),
  };
}
