import { describe, expect, it } from "vitest";
import { optionsKeeping } from "./field";

describe("optionsKeeping: an edit form's select never loses the stored value (issue 34)", () => {
  const options = [
    { value: "RIGHT", label: "Right" },
    { value: "LEFT", label: "Left" },
  ];
  it("adds a stored value the options lack, with its label (else the value)", () => {
    expect(optionsKeeping(options, "p-9", "Dr. Lee").map((o) => o.label)).toEqual(["Right", "Left", "Dr. Lee"]);
    expect(optionsKeeping(options, "OTHER").at(-1)).toEqual({ value: "OTHER", label: "OTHER" });
  });
  it("leaves the options alone when the value is among them, empty or absent", () => {
    expect(optionsKeeping(options, "LEFT")).toBe(options);
    expect(optionsKeeping(options, "")).toBe(options);
    expect(optionsKeeping(options, undefined)).toBe(options);
  });
});
