import { describe, expect, it } from "vitest";
import { countedLength, normalizeLineBreaks } from "./text-length";

describe("countedLength", () => {
  it("counts a line break as two characters, however it is written", () => {
    expect(countedLength("abc")).toBe(3);
    expect(countedLength("a\nb")).toBe(4);
    expect(countedLength("a\r\nb")).toBe(4);
    expect(countedLength("a\rb")).toBe(4);
    expect(countedLength("\n\n")).toBe(4);
    expect(countedLength("")).toBe(0);
  });

  it("normalizes line breaks to LF", () => {
    expect(normalizeLineBreaks("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
  });
});
