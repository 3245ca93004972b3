/**
 * A hedged request (001 §2.1, §9: "The exercise list has a fallback fetch after 1000 ms"): when the first
 * call has not answered after `delayMs`, the same call is made once more and the first good answer of the two
 * wins. A failure is returned only when every call made has failed (the last failure); a first call that fails
 * before the delay is returned as it is (the fallback is for a slow answer, not a retry).
 */
export const EXERCISE_FALLBACK_FETCH_MS = 1000;

export interface HedgeOptions<T> {
  delayMs?: number;
  /** Whether an answer is a good one (default: any). ApiResults: `(r) => !r.error`. */
  ok?: (value: T) => boolean;
  /** Told when the fallback call starts (logging, tests). */
  onHedge?: () => void;
}

export function hedgedRequest<T>(call: () => Promise<T>, { delayMs = EXERCISE_FALLBACK_FETCH_MS, ok = () => true, onHedge }: HedgeOptions<T> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let pending = 0;

    const finish = (outcome: { value: T } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ("value" in outcome) resolve(outcome.value);
      else reject(outcome.error);
    };
    // A failure while the other call is still running waits for it.
    const failed = (outcome: { value: T } | { error: unknown }) => {
      if (pending === 0) finish(outcome);
    };
    const start = () => {
      pending += 1;
      call().then(
        (value) => {
          pending -= 1;
          if (ok(value)) finish({ value });
          else failed({ value });
        },
        (error: unknown) => {
          pending -= 1;
          failed({ error });
        },
      );
    };
    const timer = setTimeout(() => {
      if (settled) return;
      onHedge?.();
      start();
    }, delayMs);
    start();
  });
}
