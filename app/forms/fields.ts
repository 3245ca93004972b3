import * as z from "zod";
import { EMAIL_INVALID, EMAIL_REQUIRED } from "./messages";

/** A required e-mail: 'Email is required.' when empty, 'Email must be valid.' otherwise. */
export const emailField = () =>
  z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .pipe(z.email({ error: EMAIL_INVALID }).max(254, { error: EMAIL_INVALID }));

/** A required string (conform turns empty inputs into undefined: the message then applies). */
export const requiredString = (message: string, max = 256) => z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** Run a cross-field check even when other fields have errors, as long as `fields` themselves are valid. */
export const whenValid =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));

/**
 * A whole number typed in a text input (`type="text" inputMode="numeric"`, never `type="number"`: a number input
 * drops or alters what it cannot read, so "abc" or "12.5" would come back as an empty or other value instead of as
 * typed with its message; issue 25). Digits with an optional sign, surrounding spaces ignored; "1e3", "0x10" and
 * "12.5" are refused (`invalid`), not read as 1000, 16 or 12. Empty is `required`; out of range `belowMin` /
 * `aboveMax` (default `invalid`). Parses to a number.
 */
export const wholeNumberField = (o: { required: string; invalid: string; min: number; max: number; belowMin?: string; aboveMax?: string }) =>
  z
    .string({ error: o.required })
    .trim()
    .min(1, { error: o.required })
    .regex(/^[+-]?\d{1,9}$/, { error: o.invalid })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(o.min, { error: o.belowMin ?? o.invalid })
        .max(o.max, { error: o.aboveMax ?? o.invalid }),
    );
