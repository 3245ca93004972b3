/**
 * Phone numbers (000 §5 "Phone format"): valid when empty or exactly 10 digits after removing non-digits (a
 * leading country code 1 — "+1 (303) 555-0142" as the portal shows it — is accepted); sent as +1 and the
 * digits; shown as (xxx) xxx-xxxx, optionally prefixed with +1.
 */
export const PHONE_DIGITS = 10;

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

/** "(303) 555-0142" (with `prefix`: "+1 (303) 555-0142"); anything that is not a 10-digit number as given; "" for none. */
export function formatPhone(value: string | null | undefined, options: { prefix?: boolean } = {}): string {
  const digits = phoneDigits(value);
  if (digits === null) return (value ?? "").trim();
  const national = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return options.prefix ? `+1 ${national}` : national;
}
