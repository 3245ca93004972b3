/**
 * How long a request may be before the server refuses it (server/request-limits.ts, issue 23 finding 9, ADR 024 §9).
 *
 * - The request target (path and query, as sent) at most `MAX_REQUEST_TARGET_BYTES`, else 414 at once. The
 *   portal's own links and forms stay far below it: a search box takes at most 200 characters, ids are UUIDs.
 * - The header block (request line included, as Node counts it) at most `MAX_HEADER_BYTES`, else 431. The
 *   session cookie is ~3-5 KB in up to a few chunks (app/auth/session-crypto.server.ts).
 */
export const MAX_REQUEST_TARGET_BYTES = 4096;
export const MAX_HEADER_BYTES = 16 * 1024;
