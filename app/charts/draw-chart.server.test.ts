import { describe, expect, it } from "vitest";
import type { ChartSpec } from "../islands/chart-spec";
import { drawChart, svgForPage } from "./draw-chart.server";

const spec: ChartSpec = {
  description: 'Line chart of "Knee <Bend>" & more.',
  yTitle: "degrees",
  series: [{ name: "Left <b>", x: ["2026-11-01", "2026-11-05", "2026-11-09"], y: [40, 55, 60] }],
  thresholds: [{ y: 50, label: "Goal" }],
};

const { svg, spec: kept } = await drawChart("Knee <Bend>", spec);

describe("drawChart", () => {
  it("keeps the spec for the table and the island", () => {
    expect(kept).toBe(spec);
  });

  it("is an SVG image named and described for assistive technology", async () => {
    const id = /aria-labelledby="(chart-[0-9a-f]{8})-t"/.exec(svg)?.[1];
    expect(id).toBeDefined();
    expect(svg).toMatch(
      new RegExp(`^<svg role="img" focusable="false" aria-labelledby="${id}-t" aria-describedby="${id}-d" [^>]*viewBox="0 0 720 320"[^>]*><title id="${id}-t">Knee &lt;Bend&gt;</title><desc id="${id}-d">Line chart of &quot;Knee &lt;Bend&gt;&quot; &amp; more\\.</desc>`),
    );
    expect((await drawChart("Knee", spec)).svg).not.toContain(id);
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
      `<svg role="img" focusable="false" aria-labelledby="p-t" aria-describedby="p-d" width="1"><title id="p-t">T</title><desc id="p-d">D</desc><text font-style="normal" font-weight="bold" font-size="12px" font-family="'DejaVu Sans', sans-serif">a</text><clipPath id="p-c0"></clipPath><path clip-path="url(#p-c0)"/></svg>`,
    );
  });
});
