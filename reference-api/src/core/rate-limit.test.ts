import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, DEFAULT_RATE_LIMIT_PER_MINUTE } from "../config.js";
import { createFixture, type Fixture } from "../testing/fixture.js";
import { createTestApi, mintToken, type TestApi } from "../testing/harness.js";

// Three requests per caller and one-second window, so the window's reset can be seen in a test.
let api: TestApi;
let fx: Fixture;
beforeAll(async () => {
  api = await createTestApi({ rateLimit: { points: 3, windowSeconds: 1 } });
  fx = await createFixture(api.db);
});
afterAll(() => api?.close());

const headersOf = (res: { headers: Record<string, unknown> }) => ({
  limit: res.headers["ratelimit-limit"],
  remaining: res.headers["ratelimit-remaining"],
  reset: res.headers["ratelimit-reset"],
});

describe("rate limits per caller", () => {
  it("counts a user's requests down in the RateLimit headers, answers 429 with Retry-After past the limit, leaves another user alone and resets with the window", async () => {
    const a = await mintToken(fx.adminA);
    const b = await mintToken(fx.practitionerB);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api.request("GET", "/v2/users/current", { token: a }));
    expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.slice(0, 3).map((r) => headersOf(r))).toEqual([
      { limit: "3", remaining: "2", reset: "1" },
      { limit: "3", remaining: "1", reset: "1" },
      { limit: "3", remaining: "0", reset: "1" },
    ]);
    const refused = answers[3]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.stringContaining("Too many requests"), status: 429 });
    expect(headersOf(refused)).toEqual({ limit: "3", remaining: "0", reset: "1" });
    expect(refused.headers["retry-after"]).toBe("1");

    // Another user has a budget of their own.
    const other = await api.request("GET", "/v2/users/current", { token: b });
    expect(other.status).toBe(200);
    expect(headersOf(other)).toMatchObject({ remaining: "2" });

    // After the window the first user is served again, with a fresh budget.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await api.request("GET", "/v2/users/current", { token: a });
    expect(again.status).toBe(200);
    expect(headersOf(again)).toMatchObject({ remaining: "2" });
  });

  it("counts anonymous calls and tokens that do not verify by client address, so a forged token spends no user's budget", async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const forged = `${(await mintToken(fx.adminA)).slice(0, -4)}AAAA`;
    const statuses = [];
    statuses.push((await api.request("GET", "/healthcheck")).status);
    statuses.push((await api.request("GET", "/v2/users/current", { token: forged })).status);
    statuses.push((await api.request("GET", "/healthcheck")).status);
    const refused = await api.request("GET", "/healthcheck");
    expect(statuses).toEqual([200, 401, 200]);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // The user whose token was forged is unaffected.
    const user = await api.request("GET", "/v2/users/current", { as: fx.adminA });
    expect(user.status).toBe(200);
  });

  it("takes its limit from RATE_LIMIT_PER_MINUTE, with a generous default, and refuses a nonsensical one", () => {
    expect(loadConfig({}).rateLimit).toEqual({ points: DEFAULT_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: "120" }).rateLimit).toEqual({ points: 120, windowSeconds: 60 });
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "0" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "lots" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
