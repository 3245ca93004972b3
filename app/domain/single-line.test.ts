import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isSingleLine, notSingleLine, SINGLE_LINE_PATTERN } from "./single-line";

describe("single-line text (names and titles)", () => {
  it("is the contract's rule, one pattern for the API and the portal", () => {
    const contract = JSON.parse(readFileSync(new URL("../../openapi/dist/provider-api.json", import.meta.url), "utf8")) as { components: { schemas: Record<string, { pattern?: string }> } };
    expect(contract.components.schemas.SingleLineText?.pattern).toBe(SINGLE_LINE_PATTERN);
  });

  it("refuses line breaks, tabs and other control characters; accepts any other text", () => {
    for (const bad of ["a\r\nX: y", "a\nb", "a\rb", "tab\there", "bell\u0007", "esc\u001b[31m", "del\u007f", "next\u0085line", "c1\u009f", "ls\u2028", "ps\u2029", "nul\u0000"]) {
      expect(isSingleLine(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ["", "Ana", "O'Brien-Smith", "José Núñez", "渡辺 健", "Zoë 🙂", "Front Range PT — Denver", "Knee (Phase 1), 3×/day"]) {
      expect(isSingleLine(good), good).toBe(true);
    }
    expect(notSingleLine("First name")).toBe("First name must be a single line of text (no line breaks, tabs or other control characters)");
  });
});
