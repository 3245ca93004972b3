import { describe, expect, it } from "vitest";
import { formatPhone, isValidPhone, normalizePhone, phoneDigits } from "./phone";

describe("phone format (000 §5)", () => {
  it("accepts empty or exactly 10 digits after removing non-digits", () => {
    expect(isValidPhone("")).toBe(true);
    expect(isValidPhone("  ")).toBe(true);
    expect(isValidPhone(null)).toBe(true);
    expect(isValidPhone("(303)555-0142")).toBe(true);
    expect(isValidPhone("303.555.0142")).toBe(true);
    expect(isValidPhone("+1 (303) 555-0142")).toBe(true);
    expect(isValidPhone("555-0142")).toBe(false);
    expect(isValidPhone("23035550142")).toBe(false);
    expect(isValidPhone("303555014299")).toBe(false);
    expect(isValidPhone("abc")).toBe(false);
  });

  it("sends +1 and the digits", () => {
    expect(normalizePhone("(303) 555-0142")).toBe("+13035550142");
    expect(normalizePhone("+13035550142")).toBe("+13035550142");
    expect(normalizePhone("")).toBeNull();
    expect(normalizePhone("12")).toBeNull();
    expect(phoneDigits("1-303-555-0142")).toBe("3035550142");
  });

  it("shows (xxx) xxx-xxxx with an optional +1", () => {
    expect(formatPhone("+13035550142")).toBe("(303) 555-0142");
    expect(formatPhone("3035550142", { prefix: true })).toBe("+1 (303) 555-0142");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone("12345")).toBe("12345");
  });
});
