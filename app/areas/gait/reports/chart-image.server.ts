/**
 * The gait report's chart image (`/gait/reports/chart.png`): the page's chart — the same spec (gaitBarSpec) through
 * the same option builder (app/charts/chart-option.ts) — with its title and share drawn in (the image stands
 * alone), on white, in a font the server has; report-route.server.ts converts it to PNG with sharp.
 */
import { renderChartSvg } from "../../../charts/draw-chart.server";
import { formatDay } from "../../../domain/zoned-day";
import { gaitBarSpec, gaitChartTitle, shareBelow, shareLabel, type GaitBar } from "./report";

export function gaitChartImageSvg(bars: readonly GaitBar[], day: string): Promise<string> {
  return renderChartSvg(gaitBarSpec(bars, day), {
    title: { text: gaitChartTitle(formatDay(day)), subtext: bars.length ? shareLabel(shareBelow(bars)) : "No sessions exist for that date." },
    backgroundColor: "#ffffff",
    fontFamily: "DejaVu Sans, sans-serif",
  });
}
