/**
 * The result of every provider-API call (spec 000 §7: a failed call yields a message and a status, not an
 * exception). Status 0 = no response (network failure, time-out, cancelled).
 */
import { readableApiMessage, type ListItemMessage } from "./readable-error";
export interface ApiError {
  message: string;
  status: number;
  /** A refusal about one field of the request (app/api/readable-error.ts): a form shows it at that field. */
  field?: string;
  /** A refusal of one item of a list field (`blocks[0].exerciseId: …`): which item, and what to say at it. */
  item?: ListItemMessage;
  /** The billing rule that refused an RTM cycle's mark billed (409, ADR 033), when the API names one. */
  rule?: string;
}

export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

export const NO_RESPONSE_MESSAGE = "The service did not answer.";
export const TIMEOUT_MESSAGE = "The service did not answer in time.";
export const CANCELLED_MESSAGE = "The request was cancelled.";

/**
 * The API's error body `{message, status}` (or anything else) → ApiError with the HTTP status. A refusal (4xx) in
 * a validator's words (a field path, a pattern) becomes a sentence a person reads, with its field apart.
 */
export function errorFromResponse(status: number, body: unknown, statusText = ""): ApiError {
  if (body && typeof body === "object" && "message" in body && typeof (body as { message: unknown }).message === "string") {
    const message = (body as { message: string }).message.trim();
    const rule = (body as { rule?: unknown }).rule;
    // A billing rule's refusal (ADR 033) is a sentence written for people: kept as it is, with the rule's name.
    if (message && typeof rule === "string" && rule) return { message, status, rule };
    if (message && status >= 400 && status < 500) {
      const readable = readableApiMessage(message);
      return { message: readable.message, status, ...(readable.field ? { field: readable.field } : {}), ...(readable.item ? { item: readable.item } : {}) };
    }
    if (message) return { message, status };
  }
  if (typeof body === "string" && body.trim() && body.length < 300 && !body.trimStart().startsWith("<")) return { message: body.trim(), status };
  return { message: statusText ? `${statusText} (${status})` : `Request failed with status ${status}`, status };
}

/** A thrown fetch failure → status 0 with a reason. */
export function errorFromThrown(err: unknown, cancelled: boolean): ApiError {
  if (cancelled) return { message: CANCELLED_MESSAGE, status: 0 };
  const name = err && typeof err === "object" && "name" in err ? String((err as { name: unknown }).name) : "";
  if (name === "TimeoutError") return { message: TIMEOUT_MESSAGE, status: 0 };
  return { message: NO_RESPONSE_MESSAGE, status: 0 };
}

export const isOk = <T>(r: ApiResult<T>): r is { data: T } => r.error === undefined;
