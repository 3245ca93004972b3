import { describe, expect, it } from "vitest";
import { formatPhone, isValidPhone, maskPhone, normalizePhone, PHONE_MESSAGES, phoneDigits, phoneValue } from "./phone";
import { PATIENT_MESSAGES } from "../areas/patients/forms/patient";

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

describe("the input mask (999)999-9999 (000 §5), as typed and as the server shows a form again", () => {
  it("fills in as the digits come", () => {
    const steps = ["3", "30", "303", "3035", "30355", "303555", "3035550", "30355501", "303555014", "3035550142"].map(maskPhone);
    expect(steps).toEqual(["(3", "(30", "(303", "(303)5", "(303)55", "(303)555", "(303)555-0", "(303)555-01", "(303)555-014", "(303)555-0142"]);
  });
  it("reformats any spelling of a number, drops the country code, and leaves what is no phone number as typed", () => {
    expect(maskPhone("(303) 555-0142")).toBe("(303)555-0142");
    expect(maskPhone("+1 303 555 0142")).toBe("(303)555-0142");
    expect(maskPhone("+13035550142")).toBe("(303)555-0142");
    expect(maskPhone("(303)555-0")).toBe("(303)555-0");
    expect(maskPhone("(303)555-")).toBe("(303)555");
    expect(maskPhone("303555014299")).toBe("303555014299");
    expect(maskPhone("call me")).toBe("call me");
    expect(maskPhone("")).toBe("");
    expect(maskPhone(null)).toBe("");
  });
  it("a masked number is still valid and sent as +1 and the digits", () => {
    expect(isValidPhone("(303)555-0142")).toBe(true);
    expect(normalizePhone("(303)555-0142")).toBe("+13035550142");
  });
});

describe("one phone rule for the portal and the API (issue 34)", () => {
  it("the API's reading: empty is none, a phone number +1 and its digits, anything else refused", () => {
    expect(phoneValue("")).toBeNull();
    expect(phoneValue(null)).toBeNull();
    expect(phoneValue("Tel. (303) 555-0142")).toBe("+13035550142");
    expect(phoneValue("555-0142")).toBeUndefined();
    for (const typed of ["Tel. (303) 555-0142", "555-0142", "abc", "1 303 555 0142"]) expect(phoneValue(typed) !== undefined).toBe(isValidPhone(typed));
  });

  it("the portal's forms refuse with the words the API uses", () => {
    expect(PATIENT_MESSAGES.phoneInvalid).toBe(PHONE_MESSAGES.invalid);
    expect(PATIENT_MESSAGES.phoneRequired).toBe(PHONE_MESSAGES.required);
    expect(PHONE_MESSAGES).toEqual({ invalid: "Phone number must be 10 digits", required: "Phone number is required" });
  });
});
