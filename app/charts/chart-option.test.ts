import { describe, expect, it } from "vitest";
import type { ChartSpec } from "../islands/chart-spec";
import { chartOption, chartSize, dayText, dayValue, niceTop, tooltipText } from "./chart-option";

const line: ChartSpec = {
  description: "Line chart of the maximum range of motion per day of Knee Bend, in degrees.",
  yTitle: "degrees",
  series: [
    { name: "Left", x: ["2026-11-01", "2026-11-03"], y: [40, null] },
    { name: "Right", x: ["2026-11-02"], y: [55] },
  ],
  thresholds: [{ y: 20, label: "20°" }],
};

const bars: ChartSpec = {
  kind: "bar",
  description: "Bar chart of gait speed per subject.",
  yTitle: "Gait speed (m/s)",
  xTitle: "Subject",
  series: [{ name: "Gait speed", x: ["Al Doe", "Bo Roe"], y: [0.61, 1.2], colors: ["#b54708", "#1f5fa8"] }],
  thresholds: [{ y: 0.8, label: "0.8 m/s" }],
};

type Any = Record<string, any>;

describe("chartOption", () => {
  it("draws days on a UTC time axis, whatever the process' time zone", () => {
    const o = chartOption(line) as Any;
    expect(o.useUTC).toBe(true);
    expect(o.xAxis.type).toBe("time");
    expect(o.series[0].data).toEqual([
      [Date.UTC(2026, 10, 1), 40],
      [Date.UTC(2026, 10, 3), null],
    ]);
    expect(dayValue("2026-11-01")).toBe(Date.UTC(2026, 10, 1));
    expect(dayText(Date.UTC(2026, 10, 1))).toBe("11/01/2026");
  });

  it("names several series in a legend, one series needs none", () => {
    expect((chartOption(line) as Any).legend.show).toBe(true);
    expect((chartOption({ ...line, series: [line.series[0]!] }) as Any).legend.show).toBe(false);
  });

  it("draws each reference line once, on the first series, and keeps it inside the y axis", () => {
    const o = chartOption(bars) as Any;
    expect(o.series[0].markLine.data).toEqual([{ yAxis: 0.8, name: "0.8 m/s", label: { formatter: "0.8 m/s" } }]);
    expect(o.yAxis.max({ min: 0, max: 0.5 })).toBeCloseTo(1.0);
    expect(o.yAxis.max({ min: 0, max: 1.2 })).toBeCloseTo(1.4);
    expect(niceTop(30)).toBe(33);
    expect((chartOption({ ...line, thresholds: undefined }) as Any).series[0].markLine).toBeUndefined();
  });

  it("colours each bar as the spec says, over the categories in order", () => {
    const o = chartOption(bars) as Any;
    expect(o.xAxis.data).toEqual(["Al Doe", "Bo Roe"]);
    expect(o.series[0].data).toEqual([
      { value: 0.61, itemStyle: { color: "#b54708" } },
      { value: 1.2, itemStyle: { color: "#1f5fa8" } },
    ]);
    expect(o.series[0].label.formatter({ value: 0.61 })).toBe("0.61");
  });

  it("groups several bar series over the union of their categories (a missing one is a gap)", () => {
    const o = chartOption({ ...bars, series: [{ name: "A", x: ["x", "y"], y: [1, 2] }, { name: "B", x: ["y"], y: [3] }], thresholds: undefined, valueDecimals: 0 }) as Any;
    expect(o.xAxis.data).toEqual(["x", "y"]);
    expect(o.series[1].data).toEqual([null, 3]);
    expect(o.series[1].label.formatter({ value: 3 })).toBe("3");
  });

  it("keeps a spec's y range, and draws the tooltip in the chart (rich text: no HTML, no style attributes)", () => {
    const o = chartOption({ ...line, yRange: [0, 10] }) as Any;
    expect([o.yAxis.min, o.yAxis.max]).toEqual([0, 10]);
    expect(o.tooltip.renderMode).toBe("richText");
    expect(o.animation).toBe(false);
  });

  it("adds a title and background for the image only", () => {
    expect((chartOption(bars) as Any).title).toBeUndefined();
    const o = chartOption(bars, { title: { text: "T", subtext: "S" }, backgroundColor: "#ffffff" }) as Any;
    expect(o.title).toMatchObject({ text: "T", subtext: "S" });
    expect(o.backgroundColor).toBe("#ffffff");
  });

  it("sizes lines and bars", () => {
    expect(chartSize(line)).toEqual({ width: 720, height: 320 });
    expect(chartSize(bars)).toEqual({ width: 900, height: 440 });
  });

  it("writes the tooltip as plain text: the day and each series' value, or the bar and its value", () => {
    expect(tooltipText(line, [{ seriesName: "Left", value: [Date.UTC(2026, 10, 1), 40] }, { seriesName: "Right", value: [Date.UTC(2026, 10, 1), null] }])).toBe("11/01/2026\nLeft: 40\nRight: —");
    expect(tooltipText(bars, { name: "Al <b>", seriesName: "Gait speed", value: 0.6 })).toBe("Al <b>: 0.60");
    expect((chartOption(line) as Any).tooltip.formatter([{ seriesName: "Left", value: [Date.UTC(2026, 10, 3), 41] }])).toBe("11/03/2026\nLeft: 41");
  });
});
