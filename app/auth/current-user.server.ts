/**
 * One authentication step per request (ADR 037). The middleware `authenticate`, on the signed-in layouts
 * (routes/_app.tsx, routes/admin.tsx) and on every signed-in route outside them (the resource routes: PDFs, CSVs,
 * exports, frames, logs, `/shell/filter/`, …), resolves the session and the current user once, before any loader or
 * action of the request, and puts them in React Router's context under typed keys. Loaders and actions read them
 * with `currentUser(context)`; the role, product and patient-area rules are synchronous checks of that user
 * (`requireRole`, `requireProduct`, `requirePatientsUser`). `requireSignedIn` is the session-only step (the
 * keep-alive post, the provider-not-found page: signed in, whatever the groups).
 *
 * The user is loaded from GET v2/users/current with the spec's retries (000 §4, `loadCurrentUserWithRetries`): no
 * session → the login page with the way back (`loginUrlFor`); 401 → signed out, the login page with the way back;
 * 404 (no provider account) or 403 (a disabled organization) → signed out with the message; other failures → 503
 * with the message (status 0: the network-block message); no groups → signed out (NO_ACCESS_MESSAGE); unknown
 * groups → `/user/not-found/`. The session records the user's organization (ADR 025's revocation key). The call
 * itself is read through the session's cache (ADR 021). The redirects are the middleware's answer; the 503 is
 * thrown by `currentUser` in the loader or action that reads the user, so that it is answered in that route's
 * frame as before (a file route's error page through `fileRoute`, the area's error boundary), not as React
 * Router's raw answer to a failed middleware.
 *
 * React Router runs a route's middleware on every request that matches it — a document, a data request of a client
 * navigation (even when only a child's loader is asked for), an action's post, a fetcher's load, a resource route —
 * and the root's `guardSession` (timeouts, revocations) runs before it.
 */
import { data, redirect, type MiddlewareFunction } from "react-router";
import { portalRequest, processContextKey, type PortalLoadContext } from "../context";
import { log } from "../log.server";
import { getApi, SESSION_EXPIRED_MESSAGE } from "../api/user-api.server";
import { NO_ACCESS_MESSAGE, ORGANIZATION_DISABLED_MESSAGE } from "./identity-errors";
import { loginUrlFor } from "./redirect";
import { actingRole, resolveRole, type Role } from "./roles";
import { getSession, type AuthState } from "./session.server";
import { activeAuth, endSession, loadCurrentUserWithRetries, NETWORK_BLOCK_MESSAGE, type CurrentUser } from "./user.server";

/** The request's signed-in session (set by `requireSignedIn` and `authenticate`). */
const sessionAuthKey = processContextKey<AuthState | null>("exer.portal.session-auth", null);
/**
 * The request's current user, or why it could not be loaded (set by `authenticate`). A failure that is not a
 * redirect (503: the API could not be reached or answered otherwise) is thrown where the user is read — by the
 * loader or action that needs it, so it is answered as before, in that route's frame (a file route's error page,
 * the area's error boundary).
 */
const currentUserKey = processContextKey<{ user: CurrentUser } | { unavailable: ReturnType<typeof data> } | null>("exer.portal.current-user", null);

/** A loader that reads the user where no middleware put one: a route file without `middleware` (a 500, and a failing E2E). */
class NoAuthenticationStep extends Error {
  constructor(what: string) {
    super(`no ${what} in this request's context: the route (or its layout) must export \`middleware = [${what === "user" ? "authenticate" : "requireSignedIn"}]\` (app/auth/current-user.server.ts)`);
  }
}

/** The session's auth state when signed in and active; else a redirect to the login page that returns here. */
function resolveSession(request: Request, context: PortalLoadContext): AuthState {
  const known = context.get(sessionAuthKey);
  if (known) return known;
  const auth = activeAuth(getSession(request, context));
  if (!auth) throw redirect(loginUrlFor(request));
  context.set(sessionAuthKey, auth);
  return auth;
}

/** Loads the current user (once per request: a second layer of middleware finds it in the context). */
async function resolveCurrentUser(request: Request, context: PortalLoadContext): Promise<void> {
  if (context.get(currentUserKey)) return;
  resolveSession(request, context);
  const session = getSession(request, context);
  const loaded = await loadCurrentUserWithRetries(getApi(request, context));
  if ("error" in loaded) {
    const { status, message } = loaded.error;
    if (!session.get("auth")) throw redirect(loginUrlFor(request)); // the refresh token was refused
    if (status === 401) {
      await endSession(session, context, SESSION_EXPIRED_MESSAGE);
      throw redirect(loginUrlFor(request));
    }
    if (status === 404 || status === 403) {
      // No provider account (404: the spec logs out; the API's message) or a disabled organization (403, ADR 015's
      // companion rule of 003 §4: access revoked): signed out with the message.
      await endSession(session, context, status === 403 ? ORGANIZATION_DISABLED_MESSAGE : message);
      throw redirect("/user/login/");
    }
    log.warn("current user could not be loaded", { requestId: portalRequest(context).requestId, status });
    context.set(currentUserKey, { unavailable: data({ message: status === 0 ? NETWORK_BLOCK_MESSAGE : message }, { status: 503 }) });
    return;
  }
  const resolution = resolveRole(loaded.user.groups);
  if (resolution.kind === "none") {
    await endSession(session, context, NO_ACCESS_MESSAGE);
    throw redirect("/user/login/");
  }
  if (resolution.kind === "unknown") throw redirect("/user/not-found/");
  // The organization's revocation (ADR 025) needs to know it: recorded once per session.
  const auth = session.get("auth");
  if (auth && auth.organizationId !== loaded.user.organization.id) session.set("auth", { ...auth, organizationId: loaded.user.organization.id });
  // The API's role is the provider's current one (a demoted admin acts as a practitioner from the next request,
  // before their token is renewed: ADR 010); the token's groups decide only whether there is portal access.
  const user: CurrentUser = { ...loaded.user, role: actingRole(loaded.user.role, resolution.role) };
  const current = session.get("auth");
  if (current) context.set(sessionAuthKey, current);
  context.set(currentUserKey, { user });
}

/**
 * The signed-in layouts' and signed-in resource routes' middleware: the session and the current user, resolved
 * once for every loader and action of the request (or the login page, the not-found page, a 503).
 */
export const authenticate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  await resolveCurrentUser(request, context as PortalLoadContext);
  return next();
};

/** Signed in (any groups, active session), or the login page with the way back. For routes that need no user. */
export const requireSignedIn: MiddlewareFunction<Response> = ({ request, context }, next) => {
  resolveSession(request, context as PortalLoadContext);
  return next();
};

/** The signed-in session's auth state, as `requireSignedIn` or `authenticate` found it (kept current by the session). */
export function sessionAuth(context: PortalLoadContext): AuthState {
  if (!context.get(sessionAuthKey)) throw new NoAuthenticationStep("session");
  return context.get(sessionAuthKey)!;
}

/** The request's current user, as `authenticate` loaded it (or its 503, when it could not be loaded). */
export function currentUser(context: PortalLoadContext): CurrentUser {
  const outcome = context.get(currentUserKey);
  if (!outcome) throw new NoAuthenticationStep("user");
  if ("unavailable" in outcome) throw outcome.unavailable;
  return outcome.user;
}

/** The user when `allowed(role)`; else a redirect to the root (spec 000 §6). */
export function requireRole(context: PortalLoadContext, allowed: (role: Role) => boolean): CurrentUser {
  const user = currentUser(context);
  if (!allowed(user.role)) throw redirect("/");
  return user;
}

/**
 * The user of an organization holding `product`; else the not-found page (404). Product areas (Health's
 * programs and RTM Billing, …) enforce it on the server, not only by hiding their sidebar items.
 */
export function requireProduct(context: PortalLoadContext, product: "HEALTH" | "GAIT" | "PRO" | "SCAN"): CurrentUser {
  const user = currentUser(context);
  if (!user.organization.products.includes(product)) throw data(null, { status: 404 });
  return user;
}

/** Products whose patients the patient area shows (spec 000 §2.2: "Patients: hidden for scan-only users"). */
export const PATIENT_PRODUCTS = ["HEALTH", "GAIT", "PRO"] as const;

/**
 * The patient area's guard (ADR 020): the user of an organization holding a patient product (Health, Gait or
 * PRO); a scan-only organization's user gets the not-found page (404), as every product area does, whether the
 * URL is the list, the Add New Patient dialog, a patient or a post.
 */
export function requirePatientsUser(context: PortalLoadContext): CurrentUser {
  const user = currentUser(context);
  if (!PATIENT_PRODUCTS.some((p) => user.organization.products.includes(p))) throw data(null, { status: 404 });
  return user;
}
