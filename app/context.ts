/**
 * What the server (server/index.ts) hands every loader and action as `context`, created once per HTTP request.
 */
export interface PortalLoadContext {
  [key: string]: unknown;
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
   * bundle and the Remix build are separate bundles, so the hook travels on the context, not through a module.)
   */
  onRedirect?: () => void;
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalLoadContext {}
}

/** A context for code paths that run outside the server (unit tests). */
export function createTestContext(): PortalLoadContext {
  return { nonce: "test-nonce", requestId: "test", responseCookies: new Map() };
}
