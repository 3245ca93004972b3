import { describe, expect, it } from "vitest";
import { fmt, markdownTable } from "./table.js";

describe("markdownTable", () => {
  it("pads columns, aligns the first left and the others right, and marks the alignment in the rule", () => {
    expect(markdownTable(["endpoint", "p50 ms"], [["patients", "12.5"], ["a|b", 3]])).toBe(
      ["| endpoint | p50 ms |", "|:---------|-------:|", "| patients |   12.5 |", "| a\\|b     |      3 |"].join("\n"),
    );
  });

  it("shows missing values as a dash and follows an explicit alignment", () => {
    expect(markdownTable(["a", "b"], [[null, NaN]], ["r", "l"])).toBe(["|   a | b   |", "|----:|:----|", "|   - | -   |"].join("\n"));
  });
});

describe("fmt", () => {
  it("rounds to the given decimals and shows a dash for no value", () => {
    expect(fmt(12.345)).toBe("12.3");
    expect(fmt(12.345, 0)).toBe("12");
    expect(fmt(NaN)).toBe("-");
    expect(fmt(null)).toBe("-");
  });
});
