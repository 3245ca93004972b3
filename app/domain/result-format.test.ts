import { describe, expect, it } from "vitest";
import { formatResult as apiFormatResult } from "../../reference-api/src/areas/scan/pdf";
import { csvResultValue, formatDegrees, formatResultValue, isDegreeUnit } from "./result-format";

const UNITS = ["deg", "Deg", " degrees ", "degree", "°", "m/s", "s", "in", "cm", "reps", ""];
const VALUES = [0, 9.2, 101.456, 123, 0.915, 12.5, -3.75];

describe("the one result formatter (002 §9, 003 §9; issue 25)", () => {
  it("shows degrees with 0 decimals, everything else with 2; the CSV with 2", () => {
    expect(formatResultValue(123, "deg")).toBe("123");
    expect(formatResultValue(9.2, "deg")).toBe("9");
    expect(formatResultValue(9.2, "m/s")).toBe("9.20");
    expect(csvResultValue(123)).toBe("123.00");
    expect(csvResultValue(Number.NaN)).toBe("");
    expect(formatDegrees(96.5)).toBe("97°");
    expect(isDegreeUnit(" DEGREES ")).toBe(true);
    expect(isDegreeUnit("m/s")).toBe(false);
  });

  it("the reference API's PDFs write every value as the portal does", () => {
    for (const units of UNITS)
      for (const value of VALUES) expect(apiFormatResult(value, units), `${value} ${units}`).toBe(`${formatResultValue(value, units)} ${units}`.trim());
  });
});
