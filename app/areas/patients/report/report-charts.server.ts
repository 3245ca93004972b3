/**
 * The report's charts: ECharts (the portal's one registration, app/charts/echarts.ts) rendered on the server to SVG
 * (no browser, no canvas), placed into the PDF as
 * vector graphics by svg-to-pdfkit. Printable in black and white: every series is black or grey and is told
 * apart by its line style and marker (solid with circles, dashed with triangles), the goal is a dotted marked
 * line with its label, and a legend names them. The x axis is the report's period (day 0 … dayCount − 1), so
 * gaps between active days stay visible.
 */
import type { EChartsOption } from "echarts";
import { echarts } from "../../../charts/echarts";
import type { ExerciseSection, ProSection } from "./report-data";

export const CHART_SIZE = { width: 520, height: 210 } as const;

const FONT = "Helvetica";
const INK = "#000000";
const GREY = "#555555";

const DAY_MS = 86_400_000;
const dayIndex = (start: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
const dayLabel = (start: string, index: number) => {
  const d = new Date(Date.parse(`${start}T00:00:00Z`) + index * DAY_MS).toISOString();
  return `${d.slice(5, 7)}/${d.slice(8, 10)}`;
};

export interface Period {
  minDate: string;
  dayCount: number;
}

function render(option: EChartsOption): string {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: CHART_SIZE.width, height: CHART_SIZE.height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: FONT, color: INK }, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const xAxis = (period: Period): EChartsOption["xAxis"] => ({
  type: "value",
  min: 0,
  max: Math.max(1, period.dayCount - 1),
  minInterval: 1,
  splitNumber: Math.min(8, Math.max(1, period.dayCount - 1)),
  axisLine: { lineStyle: { color: INK } },
  axisLabel: { color: INK, fontSize: 10, formatter: (v: number) => (Number.isInteger(v) ? dayLabel(period.minDate, v) : "") },
  splitLine: { show: false },
});

const yAxis = (name: string, range?: [number, number]): EChartsOption["yAxis"] => ({
  type: "value",
  name,
  nameTextStyle: { color: INK, fontSize: 10 },
  ...(range ? { min: range[0], max: range[1] } : {}),
  axisLine: { show: true, lineStyle: { color: INK } },
  axisLabel: { color: INK, fontSize: 10 },
  splitLine: { lineStyle: { color: "#dddddd", type: "dotted" } },
});

const grid = { left: 48, right: 24, top: 36, bottom: 28 };
const legend = { top: 0, right: 0, textStyle: { color: INK, fontSize: 10 }, itemWidth: 28 };

const goalLine = (goal: number, label: string) => ({
  silent: true,
  symbol: "none",
  lineStyle: { color: INK, type: "dotted" as const, width: 1.5 },
  label: { formatter: label, color: INK, fontSize: 9, position: "insideEndTop" as const },
  data: [{ yAxis: goal }],
});

/** The exercise's trend (null for a section without values: it says so in text instead). */
export function exerciseChartSvg(section: ExerciseSection, period: Period): string | null {
  if (section.empty) return null;
  const at = (day: string) => dayIndex(period.minDate, day);
  if (section.metric === "ROM") {
    return render({
      grid,
      legend: { ...legend, data: ["Maximum", "Minimum"] },
      xAxis: xAxis(period),
      yAxis: yAxis(section.yName),
      series: [
        { name: "Maximum", type: "line", data: section.points.filter((p) => p.max !== null).map((p) => [at(p.day), p.max]), color: INK, lineStyle: { color: INK, width: 1.5, type: "solid" }, symbol: "circle", symbolSize: 5, itemStyle: { color: INK } },
        { name: "Minimum", type: "line", data: section.points.filter((p) => p.min !== null).map((p) => [at(p.day), p.min]), color: GREY, lineStyle: { color: GREY, width: 1.5, type: "dashed" }, symbol: "triangle", symbolSize: 6, itemStyle: { color: GREY } },
      ],
    });
  }
  const max = Math.max(...section.points.map((p) => p.reps), section.goal ?? 0);
  return render({
    grid,
    legend: { ...legend, data: ["Repetitions"] },
    xAxis: xAxis(period),
    yAxis: { ...(yAxis(section.yName) as object), min: 0, max: max === 0 ? 1 : undefined },
    series: [
      {
        name: "Repetitions",
        type: "line",
        data: section.points.map((p) => [at(p.day), p.reps]),
        color: INK,
        lineStyle: { color: INK, width: 1.5 },
        symbol: "circle",
        symbolSize: 5,
        itemStyle: { color: INK },
        ...(section.goal !== null ? { markLine: goalLine(section.goal, `Goal ${section.goal}`) } : {}),
      },
    ],
  });
}

/** A PRO question's answers over time (null without numeric answers). */
export function proChartSvg(section: ProSection, period: Period): string | null {
  if (section.empty) return null;
  return render({
    grid,
    legend: { ...legend, data: [section.title] },
    xAxis: xAxis(period),
    yAxis: yAxis("Answer", section.yRange),
    series: [
      {
        name: section.title,
        type: "line",
        data: section.points.map((p) => [dayIndex(period.minDate, p.day), p.value]),
        color: INK,
        lineStyle: { color: INK, width: 1.5, type: "dashed" },
        symbol: "rect",
        symbolSize: 5,
        itemStyle: { color: INK },
      },
    ],
  });
}
