/**
 * Requests refused for their shape before anything else runs (issue 23 finding 9; ADR 024 §9, ADR 029):
 *
 * - **414** when the request target (path + query, as sent) is longer than MAX_REQUEST_TARGET_BYTES: the first
 *   middleware of server/app.ts, before the session is read, a provider-API call is made or a route is matched —
 *   signed in or not, at once.
 * - **431** when the header block is larger than MAX_HEADER_BYTES (Node's `maxHeaderSize`, set explicitly on the
 *   server), answered by the server's `clientError` handler below; when it is the request line alone that is too
 *   long, 414 instead.
 * - **408** when a request's headers do not arrive within `headersTimeout` (a stalled or very slow client), or its
 *   body not within `requestTimeout` (a declared body that never comes; REQUEST_TIMEOUT_MS, ADR 036), **400**
 *   for what cannot be parsed: also from `clientError`, with a short text, `Connection: close`, never a stack.
 *
 * Node answers 431/400/408 by itself when no `clientError` listener is set, but with no body and no count; and its
 * checks for the time-outs run every `connectionsCheckingInterval` (30 s by default), so a stalled request was
 * answered 408 only after 66 s (the portal's old `headersTimeout`) + up to 30 s: the "~85 s" of the finding, where
 * the client (curl 7.88's cookie engine) never finished its request.
 */
import type { IncomingMessage, ServerOptions, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { log } from "../app/log.server";
import { portalMetrics } from "../app/metrics.server";
import { MAX_HEADER_BYTES, MAX_REQUEST_TARGET_BYTES, ROUTE_DISCOVERY_URL_LIMIT } from "../app/request-limits";

export { MAX_HEADER_BYTES, MAX_REQUEST_TARGET_BYTES, ROUTE_DISCOVERY_URL_LIMIT };

export const URI_TOO_LONG_MESSAGE = "This address is too long. Go back and try a shorter search.";
export const HEADERS_TOO_LARGE_MESSAGE = "This request's headers are too large. Clear this site's cookies and try again.";

/** Time-outs of the public server (index.ts): a request's headers within 20 s, checked every 2 s. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const CONNECTIONS_CHECKING_INTERVAL_MS = 2_000;

/** A whole request (headers and body) within five minutes, the slowest upload's (body-limit.ts bounds their size). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

/** REQUEST_TIMEOUT_MS of the environment (whole milliseconds, at least 1), else the default. */
export function requestTimeoutFrom(env: Record<string, string | undefined>): number {
  const raw = env.REQUEST_TIMEOUT_MS;
  if (raw === undefined || raw === "") return DEFAULT_REQUEST_TIMEOUT_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`REQUEST_TIMEOUT_MS: must be a whole number of milliseconds, at least 1 (got "${raw}")`);
  return ms;
}

/** The options of the public HTTP server (index.ts). */
export function httpServerOptions(overrides: Partial<ServerOptions> = {}): ServerOptions<typeof IncomingMessage, typeof ServerResponse> {
  const requestTimeout = overrides.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    maxHeaderSize: MAX_HEADER_BYTES,
    // Node refuses a headers time-out longer than the request's.
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
    // A body declared and never sent is answered 408 when this runs out (checked every connectionsCheckingInterval).
    requestTimeout,
    // Behind a load balancer whose idle time-out is 60 s (AWS ALB's default) the server must keep idle connections
    // longer, or the balancer may send a request on a connection the portal is closing.
    keepAliveTimeout: 65_000,
    connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    ...overrides,
  };
}

/** 414 for a request target over the limit, before anything else (the first middleware of server/app.ts). */
export function requestTargetLimit(limit = MAX_REQUEST_TARGET_BYTES): RequestHandler {
  return (req, res, next) => {
    // `originalUrl` is the target as sent (percent-encoded: its length is its length in bytes).
    if (req.originalUrl.length <= limit) return next();
    portalMetrics().rejectedRequests.inc({ status: "414" });
    log.warn("request target too long", { method: req.method, length: req.originalUrl.length, limit });
    res.status(414).set({ "Cache-Control": "no-store", Connection: "close" }).type("text/plain").send(URI_TOO_LONG_MESSAGE);
  };
}

type ClientError = Error & { code?: string; rawPacket?: Buffer };

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 414: "URI Too Long", 431: "Request Header Fields Too Large" };

/** The answer to a request the HTTP parser refused (or gave up waiting for). */
export function clientErrorStatus(err: ClientError, targetLimit = MAX_REQUEST_TARGET_BYTES): number {
  if (err.code === "HPE_HEADER_OVERFLOW") {
    // The packet Node was parsing starts with the request line (or, when it came in several reads, the rest of it):
    // when that first line alone is over the target limit, the address is the problem.
    const raw = err.rawPacket?.toString("latin1") ?? "";
    const lineEnd = raw.indexOf("\r\n");
    return (lineEnd === -1 ? raw.length : lineEnd) > targetLimit ? 414 : 431;
  }
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT" || err.code === "HPE_HEADERS_TIMEOUT") return 408;
  return 400;
}

/** The server's `clientError` listener: a short plain answer and the connection closed; nothing about the request logged. */
export function onClientError(err: ClientError, socket: Duplex): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = clientErrorStatus(err);
  portalMetrics().rejectedRequests.inc({ status: String(status) });
  log.warn("request refused by the HTTP parser", { status, code: err.code });
  const body = status === 414 ? URI_TOO_LONG_MESSAGE : status === 431 ? HEADERS_TOO_LARGE_MESSAGE : STATUS_TEXT[status]!;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
