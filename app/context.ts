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
}

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalLoadContext {}
}

/** A context for code paths that run outside the server (unit tests). */
export function createTestContext(): PortalLoadContext {
  return { nonce: "test-nonce", requestId: "test", responseCookies: new Map() };
}
