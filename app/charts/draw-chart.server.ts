/**
 * Draws a chart on the server (ADR 039): the ECharts option of chart-option.ts rendered to an SVG string
 * (`ssr: true`, no browser, no canvas), so a chart is in the first HTML — with JavaScript off and before any
 * script arrives on a slow link. The browser's island (app/islands/chart-island.client.tsx) only adds tooltips
 * and zoom over it.
 *
 * The SVG is made fit for the page:
 * - accessible: `role="img"` named by its `<title>` (the chart's title) and described by its `<desc>` (its
 *   description), through ids of its own (Chromium does not take the `<desc>` of an SVG with a role otherwise);
 *   the data table next to it carries the values;
 * - within the CSP (style-src without 'unsafe-inline', ADR 024 §13): ECharts writes text styles as `style`
 *   attributes and a `<style>` block of hover rules (meant for its SSR client runtime, which the portal does not
 *   use); the attributes become presentation attributes and the block goes;
 * - its ids (clip paths, title, description) are the drawing's own (a random prefix), so they cannot collide with
 *   another chart's or the island's drawing on the same page;
 * - ECharts' SSR metadata (`ecmeta_*`, hover classes) is dropped: bytes the page does not use.
 *
 * ECharts (~600 module files, 4 MB) is imported when the first chart is drawn, not at the server's start (README,
 * "What the server loads at start"): drawing is asynchronous for that only.
 */
import { randomUUID } from "node:crypto";
import type { ChartSpec, DrawnChart } from "../islands/chart-spec";
import { chartOption, chartSize, type ChartOptionExtras } from "./chart-option";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `font: normal normal 12px sans-serif` and `font-size:12px;font-family:…` as presentation attributes. */
function styleToAttributes(style: string): string {
  const attrs: string[] = [];
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (name === "font") {
      // ECharts writes `font: <style> <weight> <size> <family>`.
      const m = /^(\S+)\s+(\S+)\s+(\S+)\s+(.+)$/.exec(value);
      if (!m) continue;
      attrs.push(`font-style="${m[1]}"`, `font-weight="${m[2]}"`, `font-size="${m[3]}"`, `font-family="${m[4]!.replace(/"/g, "'")}"`);
    } else if (/^[a-z-]+$/.test(name) && value) {
      attrs.push(`${name}="${value.replace(/"/g, "'")}"`);
    }
  }
  return attrs.join(" ");
}

/** The SVG of an option, cleaned for the page (see above). */
export function svgForPage(svg: string, a11y: { title: string; description: string }, idPrefix: string): string {
  return svg
    .replace(/<style\s*>[\s\S]*?<\/style>/g, "")
    .replace(/ style="([^"]*)"/g, (_, style: string) => {
      const attrs = styleToAttributes(style.replace(/&quot;/g, "'"));
      return attrs ? ` ${attrs}` : "";
    })
    .replace(/ ecmeta_[a-z_]+="[^"]*"/g, "")
    .replace(/ class="zr\d+-cls-\d+"/g, "")
    .replace(/\bzr\d+-c(\d+)\b/g, `${idPrefix}-c$1`)
    .replace(/\n/g, "")
    .replace(/^<svg /, `<svg role="img" focusable="false" aria-labelledby="${idPrefix}-t" aria-describedby="${idPrefix}-d" `)
    .replace(/^(<svg[^>]*>)/, `$1<title id="${idPrefix}-t">${escapeXml(a11y.title)}</title><desc id="${idPrefix}-d">${escapeXml(a11y.description)}</desc>`);
}

/** The chart's option drawn as SVG at its size (chartSize). */
export async function renderChartSvg(spec: ChartSpec, extras: ChartOptionExtras = {}, size = chartSize(spec)): Promise<string> {
  const { echarts } = await import("./echarts");
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: size.width, height: size.height });
  try {
    chart.setOption(chartOption(spec, extras));
    return chart.renderToSVGString({ useViewBox: true });
  } finally {
    chart.dispose();
  }
}

/** A chart for a page: drawn on the server, titled and described for assistive technology. */
export async function drawChart(title: string, spec: ChartSpec): Promise<DrawnChart> {
  return { spec, svg: svgForPage(await renderChartSvg(spec), { title, description: spec.description }, `chart-${randomUUID().slice(0, 8)}`) };
}
