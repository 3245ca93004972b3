import { describe, expect, it } from "vitest";
import type { ChartSpec } from "../islands/chart-spec";
import { drawChart, svgForPage } from "./draw-chart.server";

const spec: ChartSpec = {
  description: 'Line chart of "Knee <Bend>" & more.',
  yTitle: "degrees",
  series: [{ name: "Left <b>", x: ["2026-11-01", "2026-11-05", "2026-11-09"], y: [40, 55, 60] }],
  thresholds: [{ y: 50, label: "Goal" }],
};

describe("drawChart", () => {
  const { svg, spec: kept } = drawChart("Knee <Bend>", spec);

  it("keeps the spec for the table and the island", () => {
    expect(kept).toBe(spec);
  });

  it("is an SVG image named and described for assistive technology", () => {
    expect(svg).toMatch(/^<svg role="img" focusable="false" [^>]*viewBox="0 0 720 320"[^>]*><title>Knee &lt;Bend&gt;<\/title><desc>Line chart of &quot;Knee &lt;Bend&gt;&quot; &amp; more\.<\/desc>/);
  });

  it("draws the values, the axis and the reference line", () => {
    expect(svg).toContain(">11/05<");
    expect(svg).toContain(">degrees<");
    expect(svg).toContain(">Goal<");
    expect(svg).toContain('stroke="#1f5fa8"');
  });

  it("carries nothing the CSP refuses: no style attributes, no <style> element", () => {
    expect(svg).not.toMatch(/ style=/);
    expect(svg).not.toContain("<style");
    expect(svg).toMatch(/font-size="12px"/);
    expect(svg).not.toMatch(/ecmeta_|zr\d+-/);
  });
});

describe("svgForPage", () => {
  it("turns ECharts' font shorthand into presentation attributes and prefixes the ids", () => {
    const out = svgForPage(
      '<svg width="1"><text style="font: normal bold 12px &quot;DejaVu Sans&quot;, sans-serif">a</text><clipPath id="zr3-c0"></clipPath><path clip-path="url(#zr3-c0)" class="zr3-cls-1" ecmeta_ssr_type="chart"/><style ><![CDATA[.zr3-cls-1:hover{}]]></style></svg>',
      { title: "T", description: "D" },
      "p",
    );
    expect(out).toBe(
      `<svg role="img" focusable="false" width="1"><title>T</title><desc>D</desc><text font-style="normal" font-weight="bold" font-size="12px" font-family="'DejaVu Sans', sans-serif">a</text><clipPath id="p3-c0"></clipPath><path clip-path="url(#p3-c0)"/></svg>`,
    );
  });
});
