import type { ApiError } from "../api/result";

/**
 * A failed API call as form errors (000 §8: "the server's message, inline in the form"). The API names the
 * field it refuses at the start of its message ("end: The end date must be between …"), or the shared mapping
 * found it (`error.field`, app/api/readable-error.ts: a validator's refusal in a person's words): such a message
 * goes to that field (without the prefix) when the form has it, any other message to the form.
 */
export function apiErrorFields(error: ApiError | string, fields: readonly string[]): { formErrors?: string[]; fieldErrors?: Record<string, string[]> } {
  const message = typeof error === "string" ? error : error.message;
  if (typeof error !== "string" && error.field && fields.includes(error.field)) return { fieldErrors: { [error.field]: [message] } };
  const m = /^([A-Za-z]+): (.+)$/s.exec(message);
  if (m && fields.includes(m[1]!)) return { fieldErrors: { [m[1]!]: [m[2]!] } };
  return { formErrors: [message] };
}

/**
 * The status a page answers for a failed API call (ADR 005): the API's 4xx as it is (the user's input or
 * rights), anything else — a 5xx, no answer — 502 (the portal is a gateway: never a 500 of its own).
 */
export const failedStatus = (error: ApiError): number => (error.status >= 400 && error.status < 500 ? error.status : 502);
