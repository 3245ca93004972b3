import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Api } from "../api/client.server";
import type { ApiResult } from "../api/result";
import { setConfigForTesting } from "../config.server";
import { createTestContext, portalRequest } from "../context";
import { useTestConfig } from "../testing/config";
import { getSession } from "./session.server";
import { activeAuth, activityResolutionMs, inactivityMessage, loadCurrentUserWithRetries, NETWORK_BLOCK_MESSAGE } from "./user.server";

beforeAll(() => {
  useTestConfig({ INACTIVITY_TIMEOUT_MINUTES: "30" });
});
afterAll(() => setConfigForTesting(undefined));

/** An Api whose calls answer the given results in order. */
function scriptedApi(results: ApiResult<unknown>[]): Api & { calls: number } {
  const api = {
    calls: 0,
    async call() {
      const r = results[Math.min(api.calls, results.length - 1)]!;
      api.calls++;
      return r;
    },
  };
  return api as unknown as Api & { calls: number };
}

describe("loadCurrentUserWithRetries", () => {
  const user = { userId: "u1" };
  it("status 0: 2 retries 200 ms apart, then the network-block message", async () => {
    const waits: number[] = [];
    const api = scriptedApi([{ error: { message: "x", status: 0 } }]);
    expect(await loadCurrentUserWithRetries(api, async (ms) => void waits.push(ms))).toEqual({ error: { message: NETWORK_BLOCK_MESSAGE, status: 0 } });
    expect(api.calls).toBe(3);
    expect(waits).toEqual([200, 200]);
  });

  it("a retry that succeeds returns the user", async () => {
    const api = scriptedApi([{ error: { message: "x", status: 0 } }, { data: user }]);
    expect(await loadCurrentUserWithRetries(api, async () => {})).toEqual({ user });
    expect(api.calls).toBe(2);
  });

  it("a failure with another status ends at once with its message", async () => {
    const api = scriptedApi([{ error: { message: "We didn't find a provider account for this login.", status: 404 } }]);
    expect(await loadCurrentUserWithRetries(api, async () => {})).toEqual({ error: { message: "We didn't find a provider account for this login.", status: 404 } });
    expect(api.calls).toBe(1);
  });
});

describe("activeAuth (inactivity, enforced on the server)", () => {
  const auth = { accessToken: "a", refreshToken: "r", username: "u", groups: ["PORTAL_PRACTITIONER"], accessExpiresAt: 0, signedInAt: 0, lastActivityAt: 1_000_000 };
  const req = () => new Request("http://localhost/home/");

  it("keeps an active session and moves its last-activity time (at most once a minute)", () => {
    const ctx = createTestContext();
    const s = getSession(req(), ctx);
    s.set("auth", auth);
    portalRequest(ctx).responseCookies.clear();
    expect(activeAuth(s, 1_000_000 + 30_000)?.lastActivityAt).toBe(1_000_000);
    expect(portalRequest(ctx).responseCookies.size).toBe(0);
    expect(activeAuth(s, 1_000_000 + 29 * 60_000)?.lastActivityAt).toBe(1_000_000 + 29 * 60_000);
    expect(portalRequest(ctx).responseCookies.size).toBe(1);
  });

  it("ends a session idle for longer than the timeout, with a message for the login page", () => {
    const ctx = createTestContext();
    const s = getSession(req(), ctx);
    s.set("auth", auth);
    expect(activeAuth(s, 1_000_000 + 30 * 60_000 + 1)).toBeUndefined();
    expect(s.get("auth")).toBeUndefined();
    expect(s.takeFlash("loginMessage")).toBe(inactivityMessage(30 * 60));
  });

  it("says the timeout in minutes, or in seconds when it is no whole number of minutes", () => {
    expect(inactivityMessage(30 * 60)).toBe("You were signed out after 30 minutes of inactivity.");
    expect(inactivityMessage(60)).toBe("You were signed out after 1 minute of inactivity.");
    expect(inactivityMessage(8)).toBe("You were signed out after 8 seconds of inactivity.");
  });

  it("with a short timeout, moves the last-activity time every tenth of it", () => {
    expect(activityResolutionMs(30 * 60_000)).toBe(60_000);
    expect(activityResolutionMs(10_000)).toBe(1_000);
    useTestConfig({ INACTIVITY_TIMEOUT_SECONDS: "10" });
    try {
      const ctx = createTestContext();
      const s = getSession(req(), ctx);
      s.set("auth", auth);
      expect(activeAuth(s, 1_000_000 + 900)?.lastActivityAt).toBe(1_000_000);
      expect(activeAuth(s, 1_000_000 + 9_000)?.lastActivityAt).toBe(1_000_000 + 9_000);
      expect(activeAuth(s, 1_000_000 + 9_000 + 10_001)).toBeUndefined();
      expect(s.takeFlash("loginMessage")).toBe("You were signed out after 10 seconds of inactivity.");
    } finally {
      useTestConfig({ INACTIVITY_TIMEOUT_MINUTES: "30" });
    }
  });
});
