/**
 * What the server (server/app.ts) hands every loader, action and middleware as `context`, created once per HTTP
 * request. React Router 8 passes a `RouterContextProvider` (middleware is always on); the portal's values travel in it
 * under one typed key, read with `portalRequest(context)`.
 */
import { createContext, RouterContextProvider, type RouterContext } from "react-router";

/** The portal's per-request values. */
export interface PortalRequest {
  /** The CSP nonce of this response (scripts carry it). */
  nonce: string;
  /** Correlates the log lines of one request. */
  requestId: string;
  /**
   * Set-Cookie values by cookie name. The server appends them to the response right before its headers are
   * written, so a loader or action (or a thrown redirect) never has to carry them: the session layer writes
   * here whenever the session changes (see app/auth/session.server.ts).
   */
  responseCookies: Map<string, string>;
  /**
   * The client's address as express sees it (`req.ip`: the socket's peer, or the forwarded address when
   * TRUST_PROXY trusts the proxy in front). The sign-in throttle counts per address with it (ADR 022).
   */
  clientAddress?: string;
  /**
   * Called by the server right before the headers of a redirect are written (a 3xx, or single fetch's 202 for a
   * data request): the session layer keeps the flash values the request read for the page it leads to. (The server
   * bundle and the app's build are separate bundles, so the hook travels on the context, not through a module.)
   */
  onRedirect?: () => void;
  /**
   * The text of one of the build's stylesheets (by its URL), for the document to carry it inline; undefined keeps
   * its `<link>` (server/inline-css.ts, app/shell/document-links.tsx; none in development).
   */
  inlineCss?: (href: string) => string | undefined;
}

/** The `context` of loaders and actions: one per request, also the key of per-request caches (WeakMaps). */
export type PortalLoadContext = Readonly<RouterContextProvider>;

/**
 * The key of the portal's values. The express server (build/server/index.js) and the app's build
 * (build/server/react-router.js) are separate bundles, each with its own copy of this module, and a context key is
 * matched by identity: both take the one key registered on the process.
 */
const portalRequestKey = processContextKey<PortalRequest>("exer.portal.request-context");

/**
 * A context key registered on the process under `name` (Symbol.for), so that every bundle or module instance that
 * asks for it gets the same key (see above; also Vite's development server, which may load a module twice).
 */
export function processContextKey<T>(name: string, defaultValue?: T): RouterContext<T> {
  const symbol = Symbol.for(name);
  const keys = globalThis as typeof globalThis & { [key: symbol]: RouterContext<T> | undefined };
  return (keys[symbol] ??= createContext<T>(defaultValue));
}

/** The portal's values of this request's context. */
export function portalRequest(context: PortalLoadContext): PortalRequest {
  return context.get(portalRequestKey);
}

/** The context the server creates for a request. */
export function createLoadContext(values: PortalRequest): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(portalRequestKey, values);
  return context;
}

/** A context for code paths that run outside the server (unit tests). */
export function createTestContext(values: Partial<PortalRequest> = {}): RouterContextProvider {
  return createLoadContext({ nonce: "test-nonce", requestId: "test", responseCookies: new Map(), ...values });
}
