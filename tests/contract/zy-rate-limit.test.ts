/**
 * Every 429 carries `Retry-After` (issue 23, finding 10; ADR 019, ADR 024 §10): an anonymous caller (the
 * health check) spends its whole budget — `RateLimit-Limit` requests in the current window — and the next answer
 * must be a 429 `{message, status}` with `Retry-After` (whole seconds, at most the window) and the RateLimit
 * headers. Anonymous callers are counted by client address, so this file runs last before the conformance table
 * (files run in name order): no later request of the suite comes from the spent budget.
 */
import { describe, expect, it } from "vitest";
import { call, describeRes, expectError, type Res } from "./lib/client.js";

/** Above this the deployment's limit is not one a test can spend (requests per window). */
const MAX_SPEND = 20_000;

describe("rate limit", () => {
  it("a caller over its budget gets 429 with Retry-After", async () => {
    const first = await call({ op: "checkHealth", as: null, kind: "setup" });
    const limit = Number(first.headers.get("ratelimit-limit"));
    const reset = Number(first.headers.get("ratelimit-reset"));
    expect(limit, "RateLimit-Limit on every answer").toBeGreaterThan(0);
    expect(limit, `a limit this suite can spend (at most ${MAX_SPEND} a window)`).toBeLessThanOrEqual(MAX_SPEND);
    let refused: Res | undefined;
    let sent = 1;
    const worker = async () => {
      // Up to three windows' budget: a window that ends while a slow machine spends it (CI's lanes share 2 cores) starts
      // the count again, and the next one is spent in turn.
      while (!refused && sent <= 3 * limit) {
        sent++;
        // Plain fetch (not recorded): thousands of identical successes say nothing to the conformance table.
        const res = await fetch(first.url);
        await res.arrayBuffer();
        if (res.status === 429) refused = await call({ op: "checkHealth", as: null, kind: "rule" });
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    expect(refused, `no 429 after ${sent} requests (limit ${limit})`).toBeDefined();
    const res = refused!;
    expectError(res, 429);
    const retryAfter = res.headers.get("retry-after");
    expect(retryAfter, `Retry-After\n${describeRes(res)}`).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(Math.max(reset, 60) + 1);
    expect(res.headers.get("ratelimit-remaining")).toBe("0");
    expect(res.headers.get("cache-control")).toBe("no-store");
  }, 240_000); // up to three windows of a minute
});
