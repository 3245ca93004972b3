/**
 * The Idempotency-Key of the provider-API calls an action makes for one form (ADR 017): `submitOnce` runs the
 * form's work inside `withIdempotencyKey(formToken, …)`, and the API client (`api/client.server.ts`) sends the
 * key with every POST made in that work. The API declares the header on its create operations, stores the first
 * answer per (user, operation, key) in its database and replays it for a repeat — so a double submit saves once
 * even when the two posts reach different portal processes. An action makes each create operation at most once
 * per form; two different operations under one key are two different changes to the API.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The contract's pattern for the key (openapi/components/parameters/IdempotencyKey.yaml). */
const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

const current = new AsyncLocalStorage<string>();

/** Runs `work` with `key` as the Idempotency-Key of its API posts (a malformed key is not sent). */
export function withIdempotencyKey<T>(key: string, work: () => Promise<T>): Promise<T> {
  return KEY.test(key) ? current.run(key, work) : work();
}

/** The key of the form being handled, if any. */
export const currentIdempotencyKey = (): string | undefined => current.getStore();

/** What the user reads when the API refuses a key reused with another request (422). */
export const KEY_REUSED_MESSAGE = "This form was already sent with other values. Close it and open it again to send it.";

/**
 * For a delete whose action reads the record first (for its name in the toast, or to check it may be removed)
 * and found it gone: whether this very form removed it. A repeat of the form that reached another portal
 * process after the first one's delete finds the record gone; its delete, sent again under the form's key, gets
 * the API's stored success (ADR 017). False without a key, or when the record was gone for another reason (the
 * delete is refused then, as the read was).
 */
export async function deletedByThisForm(remove: () => Promise<{ error?: unknown }>): Promise<boolean> {
  if (!currentIdempotencyKey()) return false;
  return !(await remove()).error;
}

/** The record's name the delete dialog posted (for the toast when the record is gone already), else `fallback`. */
export function postedName(form: FormData, fallback: string): string {
  const posted = form.get("name");
  return typeof posted === "string" && posted.trim() ? posted.trim().slice(0, 200) : fallback;
}
