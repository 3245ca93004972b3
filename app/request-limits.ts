/**
 * How long a request may be before the server refuses it (server/request-limits.ts, issue 23 finding 9, ADR 024 §9).
 *
 * - The request target (path and query, as sent) at most `MAX_REQUEST_TARGET_BYTES`, else 414 at once. The
 *   portal's own links and forms stay far below it (a search box takes at most 200 characters, ids are UUIDs), but
 *   React Router's route discovery asks `/__manifest?paths=…` for every link on the page, in URLs of up to
 *   `ROUTE_DISCOVERY_URL_LIMIT` characters (its fog-of-war URL_LIMIT, the whole URL with its origin): the limit is above
 *   that. At 4,096 the admin lists' discovery requests (~7,000) were refused, and their links' routes went undiscovered.
 * - The header block (request line included, as Node counts it) at most `MAX_HEADER_BYTES`, else 431. The
 *   session cookie is ~3-5 KB in up to a few chunks (app/auth/session-crypto.server.ts).
 */
/** React Router's longest route-discovery URL (react-router/dist/…/fog-of-war.js, URL_LIMIT). */
export const ROUTE_DISCOVERY_URL_LIMIT = 7680;
export const MAX_REQUEST_TARGET_BYTES = 8192;
export const MAX_HEADER_BYTES = 16 * 1024;
