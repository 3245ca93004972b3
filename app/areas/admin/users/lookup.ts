/**
 * The admin user look-ups (003 §2 "Users", §5, §8): find a user by UUID or by e-mail, and a provider's sign-up
 * link by e-mail. 003 §5 has schemas for UUID ('UUID is required') and e-mail ('Email is required'); the
 * not-found messages are 003 §8's. A malformed UUID finds nobody (the same message, no call); a malformed
 * e-mail gets 003 §5's 'Email must be valid'.
 */
import * as z from "zod";
import { missing } from "../../../forms/fields";
import { isUuid } from "../../../domain/uuid";

export * from "./lookup-values";

export const SIGNUP_LINK_PATH = "/admin/users/signup-link";

export const UUID_REQUIRED = "UUID is required";
export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_INVALID = "Email must be valid";
export const NO_USER_FOR_UUID = "No patient found, please check the UUID.";
export const NO_USER_FOR_EMAIL = "No patient found, please check the email.";

export const uuidSchema = z.string({ error: missing(UUID_REQUIRED) }).trim().min(1, UUID_REQUIRED);
export const emailSchema = z.string({ error: missing(EMAIL_REQUIRED) }).trim().min(1, EMAIL_REQUIRED).max(254, EMAIL_INVALID).pipe(z.email(EMAIL_INVALID));

/** What a look-up form asked for: nothing yet, a field error, or a value to look up. */
export type Lookup<T> = { kind: "none" } | { kind: "invalid"; input: string; error: string } | { kind: "ok"; input: string; value: T };

export function readLookup<T>(params: URLSearchParams, name: string, schema: z.ZodType<T>): Lookup<T> {
  const raw = params.get(name);
  if (raw === null) return { kind: "none" };
  const input = raw.slice(0, 300);
  const r = schema.safeParse(input);
  return r.success ? { kind: "ok", input, value: r.data } : { kind: "invalid", input, error: r.error.issues[0]?.message ?? "Invalid value" };
}

/** The UUID to look up, or null when it cannot be one (nobody found, no call). */
export const lookupUuid = (value: string): string | null => (isUuid(value) ? value.toLowerCase() : null);

/** The provider sign-up link (003 §2): the portal's sign-up page for the invite code. */
export const signupLink = (origin: string, inviteCode: string) => `${origin.replace(/\/+$/, "")}/user/create/${encodeURIComponent(inviteCode)}`;
