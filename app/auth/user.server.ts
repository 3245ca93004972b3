/**
 * The session's life: `startSession`, `activeAuth` and the inactivity logoff, `guardSession` (the root's
 * middleware: timeouts, revocations), `endSession`/`signOut`, `requireAnonymous` (public pages), and the current
 * user's load with the spec's retries (000 §4: no user → up to 2 retries 200 ms apart; a failure with a status
 * other than 0 ends with its message; status 0 runs the network-failover check (in the API client) and, when the
 * retries are spent, ends with the network-block message). Who is signed in for a request is resolved once, by the
 * middleware of app/auth/current-user.server.ts (ADR 037).
 */
import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { portalRequest, type PortalLoadContext } from "../context";
import { getConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import type { Api } from "../api/client.server";
import type { ApiError } from "../api/result";
import type { UserProfile } from "../api/schemas";
import { SESSION_EXPIRED_MESSAGE } from "../api/user-api.server";
import { getCurrentUser } from "../api/users.server";
import { sessionCache, sessionCacheKey } from "../api/session-cache.server";
import { revokeRefreshToken, type IdentityTokens } from "./identity.server";
import { sessionRevocations, type RevocationKind } from "./revocation.server";
import { ORGANIZATION_DISABLED_MESSAGE } from "./identity-errors";
import { requestUrl } from "../request-url";
import type { Role } from "./roles";
import { getSession, type AuthState, type PortalSession } from "./session.server";
import { ssoLogoutUri, ssoLogoutUrl } from "./sso.server";
import { accessClaims } from "./tokens.server";

export const NETWORK_BLOCK_MESSAGE =
  "We're unable to connect to the service. This may be a restriction on the network. You can try to reload the page, or switching to a different network.";

export const USER_LOAD_RETRIES = 2;
export const USER_LOAD_RETRY_DELAY_MS = 200;
/**
 * The last-activity time is rewritten at most this often (each rewrite is a new cookie): once a minute, or a
 * tenth of a shorter timeout (so a session that is in use is never taken for an idle one).
 */
export const activityResolutionMs = (timeoutMs: number) => Math.min(60_000, Math.floor(timeoutMs / 10));

export type CurrentUser = UserProfile & { role: Role };

/** "… after 30 minutes of inactivity." (a timeout given in seconds that is no whole number of minutes: "… 8 seconds …"). */
export function inactivityMessage(seconds: number): string {
  const [n, unit] = seconds % 60 === 0 ? [seconds / 60, "minute"] : [seconds, "second"];
  return `You were signed out after ${n} ${unit}${n === 1 ? "" : "s"} of inactivity.`;
}

/**
 * Whether a session has run out: "idle" past the inactivity timeout, or past its absolute lifetime (ADR 025: a
 * sign-in lasts at most SESSION_ABSOLUTE_TIMEOUT_MINUTES, 12 hours, whatever the activity). The login page's message.
 */
export function sessionTimeout(auth: Pick<AuthState, "signedInAt" | "lastActivityAt">, now = Date.now()): { reason: "idle" | "lifetime"; message: string } | undefined {
  const { inactivityTimeoutSeconds, absoluteTimeoutSeconds } = getConfig().session;
  if (now - auth.signedInAt >= absoluteTimeoutSeconds * 1000) return { reason: "lifetime", message: SESSION_EXPIRED_MESSAGE };
  if (now - auth.lastActivityAt > inactivityTimeoutSeconds * 1000) return { reason: "idle", message: inactivityMessage(inactivityTimeoutSeconds) };
  return undefined;
}

/**
 * The session's auth state when it is still active; an idle one (past the inactivity timeout) or one past its
 * absolute lifetime is ended here, with a message for the login page. Refreshes the last-activity time. (The root
 * route's middleware, `guardSession`, has already ended such a session on the server before any loader runs.)
 */
export function activeAuth(session: PortalSession, now = Date.now()): AuthState | undefined {
  const auth = session.get("auth");
  if (!auth) return undefined;
  const timeout = sessionTimeout(auth, now);
  if (timeout) {
    const key = sessionCacheKey(auth);
    if (key) sessionCache().dropSession(key);
    session.destroy();
    session.flash("loginMessage", timeout.message);
    return undefined;
  }
  const seconds = getConfig().session.inactivityTimeoutSeconds;
  if (now - auth.lastActivityAt >= activityResolutionMs(seconds * 1000)) session.set("auth", { ...auth, lastActivityAt: now });
  return session.get("auth");
}

/** The login page's message for a session ended by a revocation (none after one's own sign-out elsewhere). */
const REVOKED_MESSAGES: Record<RevocationKind, string | undefined> = {
  session: undefined,
  user: SESSION_EXPIRED_MESSAGE,
  organization: ORGANIZATION_DISABLED_MESSAGE,
};

/**
 * Before any loader or action of a request (the root route's middleware, ADR 025): a session that has timed out
 * (idle, or past its absolute lifetime) is ended on the server — its id revoked, its refresh token too — and one
 * that was revoked (signed out with another copy of the cookie, the provider removed, the organization disabled:
 * `sessionRevocations`) is cleared. The request then goes on signed out: a page answers the login page (after a
 * removal or a disabling, straight away and without a way back to the page, as when the API refuses the user).
 */
export async function guardSession(request: Request, context: PortalLoadContext, now = Date.now()): Promise<void> {
  const session = getSession(request, context);
  const auth = session.get("auth");
  if (!auth) return;
  const timeout = sessionTimeout(auth, now);
  if (timeout) {
    log.info("session ended", { requestId: portalRequest(context).requestId, event: "sign-out", reason: timeout.reason });
    await endSession(session, context, timeout.message);
    return;
  }
  const revoked = await sessionRevocations().check(auth);
  if (!revoked) return;
  log.info("revoked session refused", { requestId: portalRequest(context).requestId, event: "session-revoked", kind: revoked });
  const key = sessionCacheKey(auth);
  if (key) sessionCache().dropSession(key);
  session.destroy();
  const message = REVOKED_MESSAGES[revoked];
  if (message) session.flash("loginMessage", message);
  // Access taken away (removed, disabled): to the login page with the message, as when the API refuses the user —
  // not back to this page after the next sign-in. (A copy of a signed-out session just goes on signed out.)
  // (The public pages under /user/ — login, sign-up, reset — are served as they are, signed out.)
  if (revoked !== "session" && !/^\/user\/(?!account)/.test(requestUrl(request).pathname)) throw redirect("/user/login/");
}

/** Starts a session with fresh tokens. Returns false when the tokens carry no usable identity. */
export function startSession(session: PortalSession, tokens: IdentityTokens, now = Date.now(), method: AuthState["method"] = "password"): boolean {
  const claims = accessClaims(tokens.accessToken);
  if (!claims) return false;
  // A new session: nothing of a previous one carries over (session fixation, old filters).
  session.destroy();
  session.set("auth", {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    username: claims.username,
    groups: claims.groups,
    accessExpiresAt: claims.expiresAt,
    signedInAt: now,
    lastActivityAt: now,
    method,
    sid: randomUUID(),
  });
  return true;
}

/**
 * Ends the session: its id is revoked on every replica (ADR 025: a copy of the cookie opens nothing any more), the
 * tokens are revoked where the service supports it (best effort), the session is cleared (and with it the saved filter).
 */
export async function endSession(session: PortalSession, context: PortalLoadContext, message?: string): Promise<void> {
  const auth = session.get("auth");
  // The session's cached profile, locations and providers go with it (ADR 021).
  const key = sessionCacheKey(auth);
  if (key) sessionCache().dropSession(key);
  if (auth?.sid) await sessionRevocations().revokeSession(auth.sid);
  if (auth) {
    try {
      await Promise.race([revokeRefreshToken(auth.refreshToken), new Promise((_, reject) => setTimeout(() => reject(new Error("time-out")), 2000))]);
    } catch (err) {
      log.info("token revocation skipped", { requestId: portalRequest(context).requestId, ...errorFields(err) });
    }
  }
  session.destroy();
  if (message) session.flash("loginMessage", message);
}

/**
 * Signs out and answers a redirect to the login page (with a message there, if given). A single sign-on session
 * goes through the user pool's hosted UI logout first, which ends its own session there and comes back to the
 * login page: the next "Continue with SSO" asks for the password again (a shared clinic computer).
 */
export async function signOut(request: Request, context: PortalLoadContext, message?: string): Promise<Response> {
  const session = getSession(request, context);
  const viaSso = session.get("auth")?.method === "sso";
  await endSession(session, context, message);
  const { sso, identity } = getConfig();
  if (viaSso && sso) {
    log.info("signed out at the user pool's hosted UI", { requestId: portalRequest(context).requestId, event: "sign-out", method: "sso" });
    return redirect(ssoLogoutUrl({ domain: sso.domain, clientId: identity.clientId }, sso.logoutUri ?? ssoLogoutUri(request)));
  }
  return redirect("/user/login/");
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type UserLoad = { user: UserProfile } | { error: ApiError };

/** GET v2/users/current with the spec's retries. */
export async function loadCurrentUserWithRetries(api: Api, wait: (ms: number) => Promise<void> = sleep): Promise<UserLoad> {
  for (let attempt = 0; attempt <= USER_LOAD_RETRIES; attempt++) {
    const result = await getCurrentUser(api);
    if (result.data) return { user: result.data };
    if (result.error.status !== 0) return { error: result.error };
    if (attempt < USER_LOAD_RETRIES) await wait(USER_LOAD_RETRY_DELAY_MS);
  }
  return { error: { message: NETWORK_BLOCK_MESSAGE, status: 0 } };
}

/** Public pages: a signed-in visitor is sent on to the portal. */
export function requireAnonymous(request: Request, context: PortalLoadContext): void {
  if (activeAuth(getSession(request, context))) throw redirect("/");
}
