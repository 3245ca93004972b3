/**
 * Phone numbers (000 §5 "Phone format"): valid when empty or exactly 10 digits after removing non-digits (a
 * leading country code 1 — "+1 (303) 555-0142" as the portal shows it — is accepted); sent as +1 and the
 * digits; shown as (xxx) xxx-xxxx, optionally prefixed with +1. In an input, the spec's mask '(999)999-9999':
 * `maskPhone` formats as the user types (with JavaScript, app/components/phone-input.ts) and the server applies the
 * same function to a posted form it shows again (without JavaScript), so both show the same text.
 *
 * One definition for the portal's forms and the reference API (its patient handlers and the Bulk Add import read a
 * phone with `phoneValue` and refuse with the same words): a number the portal sends is one the API takes.
 */
export const PHONE_DIGITS = 10;

/** 000 §5 / §8, verbatim: the portal's fields and the API's refusals (`phoneNumber: …`). */
export const PHONE_MESSAGES = {
  invalid: "Phone number must be 10 digits",
  required: "Phone number is required",
} as const;

/** The 10 national digits of an input, or null when it is not a 10-digit number. Empty input → null. */
export function phoneDigits(input: string | null | undefined): string | null {
  let digits = (input ?? "").replace(/\D/g, "");
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith("1")) digits = digits.slice(1);
  return digits.length === PHONE_DIGITS ? digits : null;
}

export const isPhoneEmpty = (input: string | null | undefined) => (input ?? "").trim() === "";

/** Valid when empty or 10 digits (the spec's rule). */
export const isValidPhone = (input: string | null | undefined) => isPhoneEmpty(input) || phoneDigits(input) !== null;

/** The value to send: "+1" and the 10 digits; null for an empty (or invalid) input. */
export function normalizePhone(input: string | null | undefined): string | null {
  const digits = phoneDigits(input);
  return digits === null ? null : `+1${digits}`;
}

/**
 * A phone as the API stores it: null for an empty input, "+1" and the 10 digits for a phone number, undefined for
 * anything else (refused with PHONE_MESSAGES.invalid). The same rule as `isValidPhone`.
 */
export function phoneValue(input: string | null | undefined): string | null | undefined {
  if (isPhoneEmpty(input)) return null;
  return normalizePhone(input) ?? undefined;
}

/** The spec's input mask, '(999)999-9999'. */
export const PHONE_MASK = "(999)999-9999";

/**
 * An input's text in the mask '(999)999-9999', as far as it is typed: "303" → "(303", "30355" → "(303)55",
 * "3035550142" → "(303)555-0142"; a leading country code 1 of an 11-digit number is dropped ("+1 303 555 0142").
 * Text that is not a phone number being typed — letters, more than 10 digits — is returned as it is (trimmed), so the
 * validation's message shows against what the user wrote; nothing is silently cut.
 */
export function maskPhone(input: string | null | undefined): string {
  const text = (input ?? "").trim();
  if (!/^[\d\s()+.-]*$/.test(text)) return text;
  let d = text.replace(/\D/g, "");
  if (d.length === PHONE_DIGITS + 1 && d.startsWith("1")) d = d.slice(1);
  if (d.length > PHONE_DIGITS) return text;
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})${d.slice(3)}`;
  return `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`;
}

/** "(303) 555-0142" (with `prefix`: "+1 (303) 555-0142"); anything that is not a 10-digit number as given; "" for none. */
export function formatPhone(value: string | null | undefined, options: { prefix?: boolean } = {}): string {
  const digits = phoneDigits(value);
  if (digits === null) return (value ?? "").trim();
  const national = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return options.prefix ? `+1 ${national}` : national;
}
