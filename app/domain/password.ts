/**
 * The portal's one password rule (ASVS 4.0.3 2.1; NIST SP 800-63B §5.1.1.2), for every new password: sign-up,
 * reset and change in the portal's forms (conform + zod, in the browser and on the server), and the demo and
 * test users of provisioning (scripts/identity/provision.ts), whose pool policy says the same to the identity service.
 *
 * - At least 12 characters (2.1.1), counted as a person counts them (Unicode code points) after runs of spaces are
 *   collapsed into one; at most 128 (2.1.2: 64 or more are allowed, more than 128 refused). Any character is
 *   allowed, spaces and emoji included (2.1.4); nothing is truncated (2.1.3).
 * - No composition rules: no required upper case, digits or symbols (2.1.9).
 * - Not one of the commonly used (breached) passwords (2.1.7): the list is server-only
 *   (app/auth/password.server.ts passes `isCommon`), so the browser's check is the length rule and the server's is
 *   the whole rule.
 * - Not beginning or ending with a space: the identity service (Cognito) refuses those.
 *
 * Pure and browser-safe.
 */
import * as z from "zod";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Not in the spec (it has no rule for a password's length or content): the portal's own words. */
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON = "This password is too common and easy to guess. Please choose another.";
export const PASSWORD_SPACE_AT_ENDS = "Password cannot begin or end with a space.";

export interface PasswordRuleOptions {
  /** The breached-password check (server-side: app/auth/password.server.ts). */
  isCommon?: (password: string) => boolean;
}

/** A password's length as the rule counts it: code points, runs of spaces counting as one. */
export function passwordLength(password: string): number {
  return [...password.replace(/ {2,}/g, " ")].length;
}

/** How a password is compared with the common-password list: NFKC, lower case, runs of spaces as one. */
export function normalisePassword(password: string): string {
  return password.normalize("NFKC").replace(/ {2,}/g, " ").toLowerCase();
}

/** The first reason `password` breaks the rule, or null (an empty password is the form's "required" message). */
export function passwordProblem(password: string, options: PasswordRuleOptions = {}): string | null {
  if (password === "") return null;
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (/^\s|\s$/.test(password)) return PASSWORD_SPACE_AT_ENDS;
  if (options.isCommon?.(password)) return PASSWORD_TOO_COMMON;
  return null;
}

/** A new password's form field: `required` when empty, else the rule's message. */
export function newPasswordField(required: string, options: PasswordRuleOptions = {}) {
  return z
    // The required message for a missing value only (app/forms/fields.ts missing()): over-long input gets the length message.
    .string({ error: (issue) => (issue.code === "invalid_type" ? required : undefined) })
    .min(1, { error: required, abort: true })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value, options);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}
