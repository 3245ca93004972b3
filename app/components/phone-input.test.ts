import { describe, expect, it } from "vitest";
import { caretAfterDigits } from "./phone-input";

describe("caretAfterDigits: the caret stays after the same digit when the mask reformats", () => {
  it("after the n-th digit, past the mask's characters", () => {
    expect(caretAfterDigits("(303)555-0142", 3)).toBe(4);
    expect(caretAfterDigits("(303)555-0142", 4)).toBe(6);
    expect(caretAfterDigits("(303)555-0142", 7)).toBe(10);
    expect(caretAfterDigits("(303)555-0142", 10)).toBe(13);
    expect(caretAfterDigits("(303", 0)).toBe(1);
  });
});
