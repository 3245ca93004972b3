/**
 * A limit on every request body the portal reads. React Router hands actions the raw body, and
 * `request.formData()` reads a body of any size into memory; the forms that take files read theirs with limits of
 * their own (app/forms/multipart.server.ts), the others do not. So every body is held to the limit of its type
 * here, before any route sees it:
 * - a declared Content-Length above the limit is answered at once, without reading the body: 413, a short
 *   plain-text message, `Cache-Control: no-store`;
 * - a body without Content-Length (chunked) is counted as it arrives, and the request is destroyed (its
 *   connection closed, whoever reads the body gets an error) the moment it passes the limit. Node's parser
 *   never delivers more than a declared Content-Length, so that count is only needed for chunked bodies.
 */
import type { NextFunction, Request, Response } from "express";
import type { PortalRequest } from "../app/context";
import { log, redactPath } from "../app/log.server";

const MiB = 1024 * 1024;

/**
 * Multipart bodies (the file uploads): the largest multipart limit of the app, the logo forms' 32 MiB
 * (`LOGO_FORM_LIMITS.maxBodyBytes`, app/media/logo-form.server.ts; the gait reconcile's 6 MiB and the patient
 * list's bulk upload's 5 MiB + 64 KiB are below it), plus 1 MiB: a form the app reads with its own limits is
 * refused by those, with the page's clear message at its field, never by this plain one.
 */
export const MULTIPART_BODY_LIMIT = 32 * MiB + 1 * MiB;

/**
 * Any other body: urlencoded forms (the portal posts no JSON). The largest legitimate one is the admin
 * analysis-rules editor's, which posts a whole rule (ScanOutcome) as JSON in one field: the largest rule the
 * contract allows (100 factors with 2000-character descriptions and 20 criteria of 10 conditions each), as the
 * dialog shows it (indented, CRLF lines), is 3.6 MiB urlencoded in Latin text and 5.7 MiB in non-Latin text (9
 * bytes a character once urlencoded; body-limit.test.ts builds both); real rules are some 20 KB. The program
 * builder's whole draft (at most 200 000 characters, app/areas/programs/forms/draft.ts) stays under 1 MiB.
 * 8 MiB is comfortably above both.
 */
export const NON_MULTIPART_BODY_LIMIT = 8 * MiB;

export interface BodyLimits {
  multipart: number;
  other: number;
}

export const BODY_LIMITS: BodyLimits = { multipart: MULTIPART_BODY_LIMIT, other: NON_MULTIPART_BODY_LIMIT };

export const BODY_TOO_LARGE_MESSAGE = "The request is too large.";

/** The limit of a body of this Content-Type. */
export function bodyLimitFor(contentType: string | undefined, limits: BodyLimits = BODY_LIMITS): number {
  return /^\s*multipart\//i.test(contentType ?? "") ? limits.multipart : limits.other;
}

/** The express middleware: refuses a declared body over its limit, destroys a chunked one the moment it passes it. */
export function bodyLimit(limits: BodyLimits = BODY_LIMITS) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const limit = bodyLimitFor(req.get("content-type"), limits);
    const refused = (declared: number | null) =>
      log.warn("request body over its limit refused", {
        requestId: (res.locals.portal as PortalRequest | undefined)?.requestId,
        method: req.method,
        path: redactPath(req.path),
        limit,
        declared,
      });

    const declared = req.get("content-length");
    if (declared !== undefined) {
      if (Number(declared) > limit) {
        refused(Number(declared));
        res.status(413).set("Cache-Control", "no-store").type("text/plain").send(BODY_TOO_LARGE_MESSAGE);
        return;
      }
      return next();
    }
    if (req.get("transfer-encoding") === undefined) return next(); // no body

    // Counted where Node's HTTP parser hands the body to the request stream (`push`), so the count is the same
    // however the body is read (React Router's stream, `for await`, pipe) or not read at all, and the stream's
    // flowing mode is left alone. Bytes already buffered before this ran count too.
    let received = req.readableLength;
    const push = req.push;
    req.push = function countedPush(this: Request, chunk: unknown, encoding?: BufferEncoding): boolean {
      if (chunk != null && !this.destroyed) {
        received += typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : (chunk as Uint8Array).byteLength;
        if (received > limit) {
          refused(null);
          // With an error: the reader's body stream errors (closing it without one would end it, truncated).
          this.destroy(Object.assign(new Error("Request body over its limit"), { status: 413 }));
          return false;
        }
      }
      return push.call(this, chunk, encoding);
    };
    next();
  };
}
