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
