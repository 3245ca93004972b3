import * as z from "zod";
import { config } from "zod/v4/core";
import { notSingleLine, SINGLE_LINE } from "../domain/single-line";
import { EMAIL_INVALID, EMAIL_REQUIRED } from "./messages";

/** Not the spec's: a value that none of the form's controls offers (only a forged or stale post sends one). */
export const NOT_OFFERED = "That is not one of the choices this form offers.";

/** The spec's words for over-long text (000 §5 'Max Character Limit is 500'), for any maximum. */
export const maxCharacters = (max: number | bigint) => `Max Character Limit is ${max}`;

/**
 * zod 4 decides, when an object schema is built, whether it may compile a faster parser, by probing
 * `new Function("")`. The portal's CSP refuses eval (no 'unsafe-eval'), and the browser reports the probe as a
 * violation even though zod catches it. In the browser, schemas are built jitless, with no probe (ADR 024 §13). Every
 * module that builds a schema imports this one (directly or through another form module), so this runs before any
 * schema is built; the shell does not import zod at all (ADR 038: 25 KB gzip that pages without a form did not need).
 * The server keeps the compiled parsers (no CSP applies there).
 */
if (typeof document !== "undefined") config({ jitless: true });

/**
 * Every form's fallback messages (browser and server: every schema module imports this one): over-long text gets
 * the length message, never zod's English. A check's own message still wins.
 */
config({
  customError: (issue) => {
    if (issue.code === "too_big" && issue.origin === "string") return maxCharacters(issue.maximum);
    // A value no control of the form can send (a forged or stale post: `products=XRAY`, `updateRequired=maybe`, an
    // unknown icon): one plain sentence at its field instead of zod's English ("Invalid option: expected one of …").
    if (issue.code === "invalid_value" || issue.code === "invalid_union" || (issue.code === "invalid_type" && issue.expected !== "string")) return NOT_OFFERED;
    return undefined;
  },
});

/**
 * A string schema's message for a missing or non-text value only (`z.string({ error: missing(REQUIRED) })`). A
 * schema-level message applies to every check that has none of its own, so `z.string({ error: REQUIRED }).max(n)`
 * told over-long input that it was required; through this, such a check falls back to the length message.
 */
export const missing =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === "invalid_type" ? message : undefined;

/** A required e-mail: 'Email is required.' when empty, 'Email must be valid.' otherwise. */
export const emailField = () =>
  z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .pipe(z.email({ error: EMAIL_INVALID }).max(254, { error: EMAIL_INVALID }));

/** A required string (conform turns empty inputs into undefined: the message then applies). */
export const requiredString = (message: string, max = 256) =>
  z.string({ error: missing(message) }).trim().min(1, { error: message }).max(max, { error: maxCharacters(max) });

/**
 * A name or title: one line of text (app/domain/single-line.ts, the contract's SingleLineText). Chained onto the
 * field's string schema: `singleLine(z.string().trim().min(1, …), "First name")`.
 */
export const singleLine = <T extends z.ZodString>(schema: T, label: string): T => schema.regex(SINGLE_LINE, { error: notSingleLine(label) }) as T;

/** A required name: `requiredString` on one line. */
export const requiredName = (message: string, label: string, max = 256) => singleLine(requiredString(message, max), label);

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
