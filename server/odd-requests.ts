/**
 * Odd requests answered by the HTTP layer, before any route sees them (issue 23, finding 8; ADR 024 §8 and §10):
 *
 * - `formBodiesOnly`: the portal's actions read HTML forms and nothing else (the portal posts no JSON), so a
 *   request with a body — any method but GET/HEAD/OPTIONS — must be a form: `application/x-www-form-urlencoded`,
 *   or `multipart/form-data` with its boundary. Anything else (text/plain, JSON, XML, no Content-Type, a multipart
 *   type without a boundary) is answered 415 with a one-line message and `Accept-Post` naming the two types
 *   (RFC 7694), instead of reaching `request.formData()`, which throws on it (a 500 before). A form whose body is
 *   broken gets its 400 from the form reader (app/forms/read-form.server.ts). A path that must take another type
 *   (a report endpoint posting JSON, say) is named in `OTHER_BODY_TYPES` with the types it takes.
 * - `retryAfterOn429`: every 429 carries `Retry-After` (ASVS 4.0.3 / RFC 6585): the sign-in throttle sets its own
 *   wait; a 429 passed on from the provider API (its rate limit, ADR 019) gets the API's window.
 */
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { PortalRequest } from "../app/context";
import { log, redactPath } from "../app/log.server";

export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** Paths (exact, as requested) that take other body types than forms, with those types (lower case, no parameters). */
export const OTHER_BODY_TYPES: Readonly<Record<string, readonly string[]>> = {};

export const NOT_A_FORM_MESSAGE = "This address takes a form (application/x-www-form-urlencoded or multipart/form-data) and nothing else.";

/** The provider API's rate-limit window (reference-api RATE_LIMIT_PER_MINUTE: a minute), for 429s passed on from it. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request of this method and Content-Type may reach `path`'s action (see `formBodiesOnly`). */
export function acceptsBody(method: string, path: string, contentType: string | undefined): boolean {
  if (WITHOUT_BODY.has(method.toUpperCase())) return true;
  const [mime = "", ...params] = (contentType ?? "").split(";").map((s) => s.trim());
  const type = mime.toLowerCase();
  if (OTHER_BODY_TYPES[path]?.includes(type)) return true;
  if (type === "application/x-www-form-urlencoded") return true;
  // The parser needs the boundary; without one (or with an empty one) the body cannot be split into parts.
  if (type === "multipart/form-data") return params.some((p) => /^boundary\s*=\s*("[^"]+"|[^\s"]+)$/i.test(p));
  return false;
}

/** Refuses bodies that are not forms with 415 (see the module's comment). */
export function formBodiesOnly() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (acceptsBody(req.method, req.path, req.get("content-type"))) return next();
    log.warn("request body of an unsupported type refused", {
      requestId: (res.locals.portal as PortalRequest | undefined)?.requestId,
      method: req.method,
      path: redactPath(req.path),
      // The media type only (parameters can carry anything).
      contentType: (req.get("content-type") ?? "none").split(";")[0]!.trim().toLowerCase().slice(0, 80),
    });
    res.status(415).set({ "Cache-Control": "no-store", "Accept-Post": FORM_TYPES.join(", ") }).type("text/plain").send(NOT_A_FORM_MESSAGE);
  };
}

/** Gives a 429 without `Retry-After` the API's window, right before its headers are written. */
export function retryAfterOn429(seconds = DEFAULT_RETRY_AFTER_SECONDS) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const raw: ServerResponse = res;
    const writeHead = raw.writeHead;
    raw.writeHead = function writeHeadWithRetryAfter(this: ServerResponse, ...args: unknown[]) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (status === 429 && !this.hasHeader("retry-after") && !headersArgumentHas(args, "retry-after")) this.setHeader("Retry-After", String(seconds));
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["writeHead"];
    next();
  };
}

/** Whether writeHead's own headers argument (an object or a flat array) names `name`. */
function headersArgumentHas(args: unknown[], name: string): boolean {
  const headers = args.find((a, i) => i > 0 && typeof a === "object" && a !== null);
  if (!headers) return false;
  if (Array.isArray(headers)) return headers.some((h, i) => i % 2 === 0 && String(h).toLowerCase() === name);
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}
