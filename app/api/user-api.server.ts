/**
 * The signed-in user's API client for this request: its token source reads the session's access token,
 * refreshes it (once per request) with the refresh token when it has expired or the API answers 401, and
 * writes the new tokens back to the session (the server adds the updated cookie to the response).
 */
import { portalRequest, type PortalLoadContext } from "../context";
import { getConfig } from "../config.server";
import { errorFields, log } from "../log.server";
import { refreshTokens } from "../auth/identity.server";
import { errorName } from "../auth/identity-errors";
import { getSession, type PortalSession } from "../auth/session.server";
import { accessClaims } from "../auth/tokens.server";
import { apiEndpoints, createApi, type Api, type TokenSource } from "./client.server";
import { sessionCache, sessionCacheKey } from "./session-cache.server";

/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 30_000;

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";

export function sessionTokenSource(session: PortalSession, context: PortalLoadContext, refresh = refreshTokens): TokenSource {
  let refreshing: Promise<string | undefined> | null = null;
  const source: TokenSource = {
    async accessToken() {
      const auth = session.get("auth");
      if (!auth) return undefined;
      if (auth.accessExpiresAt - EXPIRY_MARGIN_MS > Date.now()) return auth.accessToken;
      return source.refresh();
    },
    refresh() {
      refreshing ??= (async () => {
        const auth = session.get("auth");
        if (!auth) return undefined;
        try {
          const tokens = await refresh(auth.refreshToken);
          const claims = accessClaims(tokens.accessToken);
          if (!claims || claims.username !== auth.username) throw new Error("the refreshed token is for another user");
          session.set("auth", { ...auth, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, groups: claims.groups, accessExpiresAt: claims.expiresAt });
          log.info("access token refreshed", { requestId: portalRequest(context).requestId, event: "token-refresh" });
          return tokens.accessToken;
        } catch (err) {
          log.warn("access token refresh failed", { requestId: portalRequest(context).requestId, event: "token-refresh-failed", ...errorFields(err) });
          if (errorName(err) === "NotAuthorizedException") {
            // The refresh token is expired or revoked: the session is over.
            session.unset("auth");
            session.flash("loginMessage", SESSION_EXPIRED_MESSAGE);
          }
          return undefined;
        }
      })();
      return refreshing;
    },
  };
  return source;
}

const apis = new WeakMap<PortalLoadContext, Api>();
const tokenSources = new WeakMap<PortalLoadContext, TokenSource>();

/** The request's token source (one per request, so a refresh happens at most once). */
export function getTokenSource(request: Request, context: PortalLoadContext): TokenSource {
  let source = tokenSources.get(context);
  if (!source) {
    source = sessionTokenSource(getSession(request, context), context);
    tokenSources.set(context, source);
  }
  return source;
}

/** The signed-in user's client (memoized per request; public calls work too when signed out). */
export function getApi(request: Request, context: PortalLoadContext): Api {
  const existing = apis.get(context);
  if (existing) return existing;
  const api = createApi({
    endpoints: apiEndpoints(),
    timeoutMs: getConfig().api.timeoutMs,
    signal: request.signal,
    auth: getTokenSource(request, context),
    requestId: portalRequest(context).requestId,
    cache: { store: sessionCache(), key: () => sessionCacheKey(getSession(request, context).get("auth")) },
  });
  apis.set(context, api);
  return api;
}

/** Drops the signed-in session's cached reads (ADR 021): after an unexpected failure, the next request reads everything again. */
export function dropSessionCache(request: Request, context: PortalLoadContext): void {
  const key = sessionCacheKey(getSession(request, context).get("auth"));
  if (key) sessionCache().dropSession(key);
}
