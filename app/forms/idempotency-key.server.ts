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
