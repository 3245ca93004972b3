/**
 * Refusals that happen before a request reaches Fastify's routing (Node's HTTP parser: headers or a query
 * string over the size limit, a malformed request line, a client that takes too long) answer the same
 * `{message, status}` body as every other refusal of the API, instead of Node's bare status line or Fastify's
 * `{error, message, statusCode}`. The connection is closed after the answer, as Node does.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

const REFUSALS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request's headers (the URL's query string included) are larger than the API accepts (16 KB)." },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive." },
};
const MALFORMED = { status: 400, message: "The request is not valid HTTP." };

/** The raw HTTP answer for a client error (exported for tests). */
export function clientErrorResponse(code: string | undefined): string {
  const { status, message } = (code && REFUSALS[code]) || MALFORMED;
  const body = JSON.stringify({ message, status });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`. */
export function handleClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorResponse(err.code));
  else socket.destroy(err);
}
