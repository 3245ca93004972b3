import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, DEFAULT_RATE_LIMIT_PER_MINUTE } from "../config.js";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, mintToken, type TestApi } from "../testing/harness.js";

// Three requests per caller. The counting runs in a one-minute window, so a slow machine cannot see the window
// reset halfway through (a one-second window did, under CI's load); the reset is seen on a second API with a
// one-second window, waited out after the refusal.
let api: TestApi;
let quick: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi({ rateLimit: { points: 3, windowSeconds: 60 } });
  fx = await createFixture(api.db);
  quick = await createTestApi({ rateLimit: { points: 3, windowSeconds: 1 } }, { db: api.db });
});
afterAll(async () => {
  await quick?.app.close();
  await api?.close();
});

const headersOf = (res: { headers: Record<string, unknown> }) => ({
  limit: res.headers["ratelimit-limit"],
  remaining: res.headers["ratelimit-remaining"],
  reset: res.headers["ratelimit-reset"],
});
/** Seconds until the window resets: at most the window, at least 1. */
const resetWithin = (windowSeconds: number) => expect.toSatisfy((v: unknown) => Number(v) >= 1 && Number(v) <= windowSeconds && String(Number(v)) === v);

describe("rate limits per caller", () => {
  it("counts a user's requests down in the RateLimit headers, answers 429 with Retry-After past the limit and leaves another user alone", async () => {
    const a = await mintToken(fx.adminA);
    const b = await mintToken(fx.practitionerB);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api.request("GET", "/v2/users/current", { token: a }));
    expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.slice(0, 3).map((r) => headersOf(r))).toEqual([
      { limit: "3", remaining: "2", reset: resetWithin(60) },
      { limit: "3", remaining: "1", reset: resetWithin(60) },
      { limit: "3", remaining: "0", reset: resetWithin(60) },
    ]);
    const refused = answers[3]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^Too many requests: at most 3 every 60 seconds\. Try again in \d+ seconds\.$/), status: 429 });
    expect(headersOf(refused)).toEqual({ limit: "3", remaining: "0", reset: resetWithin(60) });
    expect(refused.headers["retry-after"]).toBe(refused.headers["ratelimit-reset"]);

    // Another user has a budget of their own.
    const other = await api.request("GET", "/v2/users/current", { token: b });
    expect(other.status).toBe(200);
    expect(headersOf(other)).toMatchObject({ remaining: "2" });
  });

  it("serves a refused user again, with a fresh budget, once the window has passed", async () => {
    const a = await mintToken(fx.adminA);
    let refused;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await quick.request("GET", "/v2/users/current", { token: a });
      if (res.status === 429) refused = res;
    }
    expect(refused?.headers["retry-after"]).toBe("1");
    // The window that refused began before the refusal, so it has ended a second after it.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await quick.request("GET", "/v2/users/current", { token: a });
    expect(again.status).toBe(200);
    expect(headersOf(again)).toMatchObject({ remaining: "2" });
  });

  it("counts anonymous calls and tokens that do not verify by client address, so a forged token spends no user's budget", async () => {
    const forged = `${(await mintToken(fx.adminA)).slice(0, -4)}AAAA`;
    const statuses = [];
    statuses.push((await api.request("GET", "/healthcheck")).status);
    statuses.push((await api.request("GET", "/v2/users/current", { token: forged })).status);
    statuses.push((await api.request("GET", "/healthcheck")).status);
    const refused = await api.request("GET", "/healthcheck");
    expect(statuses).toEqual([200, 401, 200]);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // The user whose token was forged is unaffected (practitioner B spent one of three above).
    const user = await api.request("GET", "/v2/users/current", { as: fx.practitionerB });
    expect(user.status).toBe(200);
  });

  it("takes its limit from RATE_LIMIT_PER_MINUTE, with a generous default, and refuses a nonsensical one", () => {
    expect(loadConfig({}).rateLimit).toEqual({ points: DEFAULT_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: "120" }).rateLimit).toEqual({ points: 120, windowSeconds: 60 });
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "0" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "lots" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
