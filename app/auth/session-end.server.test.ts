/**
 * Sessions that end on the server (ADR 025; issue 23 findings 1 and 2): a copy of the cookie is refused after
 * sign-out, the inactivity logoff, the provider's removal and the organization's disabling; and a sign-in lasts at
 * most the absolute lifetime (12 hours by default, never more) whatever the activity.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setConfigForTesting } from "../config.server";
import { createTestContext, portalRequest } from "../context";
import { testConfig, useTestConfig } from "../testing/config";
import { SESSION_EXPIRED_MESSAGE } from "../api/user-api.server";
import { ORGANIZATION_DISABLED_MESSAGE } from "./identity-errors";
import { MemoryRevocations, SessionRevocations, setSessionRevocationsForTesting } from "./revocation.server";
import { getSession, type AuthState } from "./session.server";
import { activeAuth, endSession, guardSession, inactivityMessage, sessionTimeout } from "./user.server";

const HOUR = 3_600_000;
const T0 = 1_800_000_000_000;

beforeAll(() => useTestConfig({ INACTIVITY_TIMEOUT_MINUTES: "30" }));
afterAll(() => setConfigForTesting(undefined));

let revocations: SessionRevocations;
beforeEach(() => {
  // One store shared by every "replica" of a test (as THROTTLE_DATABASE_URL's table is).
  revocations = new SessionRevocations(new MemoryRevocations(), { keyPrefix: "test", keepMs: 12 * HOUR });
  setSessionRevocationsForTesting(revocations);
});
afterEach(() => setSessionRevocationsForTesting(undefined));

const auth = (over: Partial<AuthState> = {}): AuthState => ({
  accessToken: "a",
  refreshToken: "r",
  username: "user-1",
  groups: ["PORTAL_PRACTITIONER"],
  accessExpiresAt: Date.now() + HOUR,
  signedInAt: Date.now() - HOUR,
  lastActivityAt: Date.now(),
  sid: "sid-1",
  organizationId: "org-1",
  ...over,
});

/** A signed-in request, and the cookie its response sets (what a copy of the cookie would be). */
function signedIn(state: AuthState): { cookie: string } {
  const ctx = createTestContext();
  getSession(new Request("http://localhost/home/"), ctx).set("auth", state);
  const cookie = [...portalRequest(ctx).responseCookies.values()].map((c) => c.split(";")[0]).join("; ");
  return { cookie };
}

/** A request with `cookie` through the guard: its session afterwards, and the login page's message. */
async function guarded(cookie: string, now = Date.now()) {
  const ctx = createTestContext();
  const request = new Request("http://localhost/patients/", { headers: { Cookie: cookie } });
  let location: string | null = null;
  try {
    await guardSession(request, ctx, now);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    location = thrown.headers.get("Location");
  }
  const session = getSession(request, ctx);
  return { auth: session.get("auth"), message: session.takeFlash("loginMessage"), location };
}

describe("revocation: a copy of the cookie is refused (finding 1)", () => {
  it("after sign-out, a copy taken before is signed out on the next request (any replica sharing the store)", async () => {
    const state = auth();
    const { cookie } = signedIn(state);
    expect((await guarded(cookie)).auth?.sid).toBe("sid-1");

    // Sign-out with the browser's own cookie.
    const ctx = createTestContext();
    const session = getSession(new Request("http://localhost/user/logout/", { headers: { Cookie: cookie } }), ctx);
    await endSession(session, ctx);
    expect(session.get("auth")).toBeUndefined();

    // The copy.
    const copy = await guarded(cookie);
    expect(copy.auth).toBeUndefined();
    expect(copy.message).toBeUndefined();
    // It goes on signed out: the page's guard sends it to the login page (and back here after a sign-in).
    expect(copy.location).toBeNull();
  });

  it("the inactivity logoff revokes the session too: a copy kept active elsewhere is refused", async () => {
    const { cookie: stale } = signedIn(auth({ lastActivityAt: Date.now() - 31 * 60_000 }));
    // The copy kept active (a later last-activity time, same session id).
    const { cookie: active } = signedIn(auth({ lastActivityAt: Date.now() }));
    const idle = await guarded(stale);
    expect(idle.auth).toBeUndefined();
    expect(idle.message).toBe(inactivityMessage(30 * 60));
    expect((await guarded(active)).auth).toBeUndefined();
  });

  it("a removed provider's sessions end; the login page says the session expired", async () => {
    const { cookie } = signedIn(auth());
    const { cookie: otherUser } = signedIn(auth({ username: "user-2", sid: "sid-2" }));
    await revocations.revokeUser("user-1");
    expect(await guarded(cookie)).toEqual({ auth: undefined, message: SESSION_EXPIRED_MESSAGE, location: "/user/login/" });
    expect((await guarded(otherUser)).auth?.username).toBe("user-2");
  });

  it("a disabled organization's sessions end with its message", async () => {
    const { cookie } = signedIn(auth());
    const { cookie: otherOrganization } = signedIn(auth({ username: "user-3", sid: "sid-3", organizationId: "org-2" }));
    await revocations.revokeOrganization("org-1");
    expect(await guarded(cookie)).toEqual({ auth: undefined, message: ORGANIZATION_DISABLED_MESSAGE, location: "/user/login/" });
    expect((await guarded(otherOrganization)).auth?.username).toBe("user-3");
  });
});

describe("absolute lifetime (finding 2)", () => {
  it("a session active for 13 hours is refused, whatever the activity; at 11 h 59 min it is kept", async () => {
    const now = Date.now();
    const busy = (hours: number) => auth({ signedInAt: now - hours * HOUR, lastActivityAt: now - 1000 });
    expect(sessionTimeout(busy(11 + 59 / 60), now)).toBeUndefined();
    expect(sessionTimeout(busy(13), now)).toEqual({ reason: "lifetime", message: SESSION_EXPIRED_MESSAGE });
    expect(sessionTimeout(busy(12), now)?.reason).toBe("lifetime");

    const { cookie } = signedIn(busy(13));
    expect(await guarded(cookie, now)).toEqual({ auth: undefined, message: SESSION_EXPIRED_MESSAGE, location: null });
    // Ended on the server: its id is revoked (a copy is refused even by code that does not look at the time).
    expect(await revocations.check({ sid: "sid-1", username: "user-1", signedInAt: now - 13 * HOUR })).toBe("session");

    const ctx = createTestContext();
    const s = getSession(new Request("http://localhost/home/"), ctx);
    s.set("auth", busy(13));
    expect(activeAuth(s, now)).toBeUndefined();
    expect(s.takeFlash("loginMessage")).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it("is configurable, never longer than 12 hours", () => {
    expect(testConfig().session.absoluteTimeoutSeconds).toBe(12 * 3600);
    expect(testConfig({ SESSION_ABSOLUTE_TIMEOUT_MINUTES: "480" }).session.absoluteTimeoutSeconds).toBe(8 * 3600);
    expect(() => testConfig({ SESSION_ABSOLUTE_TIMEOUT_MINUTES: "721" })).toThrow(/SESSION_ABSOLUTE_TIMEOUT_MINUTES: must be at most 720 \(12 hours\)/);
    useTestConfig({ INACTIVITY_TIMEOUT_MINUTES: "30", SESSION_ABSOLUTE_TIMEOUT_MINUTES: "60" });
    try {
      expect(sessionTimeout(auth({ signedInAt: T0 - 61 * 60_000, lastActivityAt: T0 }), T0)?.reason).toBe("lifetime");
      expect(sessionTimeout(auth({ signedInAt: T0 - 59 * 60_000, lastActivityAt: T0 }), T0)).toBeUndefined();
    } finally {
      useTestConfig({ INACTIVITY_TIMEOUT_MINUTES: "30" });
    }
  });
});
