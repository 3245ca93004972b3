/**
 * No double save on a double submit. A form carries a one-time token (`formToken()`, a hidden field); the
 * action runs its work through `submitOnce(key, work)`: a second submission with the same token — a double
 * click, a resent form after a slow answer — does not run the work again but waits for the first one and
 * gets its outcome (e.g. the same redirect). Outcomes that saved nothing (`keep: false`: invalid input, a
 * refused call) are forgotten so the user can correct and resend the same form.
 *
 * What makes it hold across processes is the provider API (ADR 017): the work runs with the token as the
 * Idempotency-Key of its API posts and deletes (`withIdempotencyKey`), and the API replays the first answer of a
 * keyed operation (the creates, RTM advance/revert, the forms' deletes) for a repeated key — a repeat that reaches
 * another portal replica gets the same record and redirect. The memory here is only a fast path of this process
 * (bounded, entries expire after 15 minutes): a repeat that lands on the same process waits for the first without
 * calling the API, and a repeated update (which the API does not key; the same values again change nothing) gets
 * the first outcome. Nothing relies on it.
 */
import { FORM_TOKEN_FIELD, newFormToken } from "./form-token";
import { withIdempotencyKey } from "./idempotency-key.server";

const TTL_MS = 15 * 60_000;
const MAX_ENTRIES = 10_000;
const TOKEN = /^[0-9a-f-]{36}$/;

type Entry = { at: number; outcome: Promise<unknown> };
const entries = new Map<string, Entry>();

export { FORM_TOKEN_FIELD };

/** A token minted by a loader (forms whose dialog state a loader computes); forms rendered by components use <FormToken />. */
export const formToken = newFormToken;

function sweep(now: number) {
  for (const [key, entry] of entries) {
    if (now - entry.at > TTL_MS || entries.size > MAX_ENTRIES) entries.delete(key);
    else break; // insertion order = age order
  }
}

/**
 * Runs `work` once per (scope, token). `scope` should name the user and the form so tokens never cross users.
 * Without a well-formed token the work simply runs.
 */
export async function submitOnce<R extends { keep: boolean; value: unknown }>(scope: string, token: unknown, work: () => Promise<R>): Promise<R["value"]> {
  if (typeof token !== "string" || !TOKEN.test(token)) return (await work()).value;
  const key = `${scope}\u0000${token}`;
  const now = Date.now();
  sweep(now);
  const existing = entries.get(key);
  if (existing) return ((await existing.outcome) as R).value;
  const outcome = withIdempotencyKey(token, work);
  entries.set(key, { at: now, outcome });
  try {
    const result = await outcome;
    if (!result.keep) entries.delete(key);
    return result.value;
  } catch (err) {
    entries.delete(key);
    throw err;
  }
}

/** For tests. */
export const forgetSubmissions = () => entries.clear();

/** submitOnce for one API call: its result is the outcome, kept when the call succeeded (nothing saved otherwise). */
export const callOnce = <R extends { error?: unknown }>(scope: string, token: unknown, call: () => Promise<R>): Promise<R> =>
  submitOnce(scope, token, async () => {
    const result = await call();
    return { keep: !result.error, value: result };
  });
