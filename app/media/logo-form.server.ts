/**
 * Reads the 'Edit Organization Details' post: a multipart body (the logo file with the name, the form token and,
 * with JavaScript, the crop rectangle) through Remix's `unstable_parseMultipartFormData` with the memory upload
 * handler, at most 5 MB per file (ADR 010) and 64 KB per text field. A file over the limit does not fail the
 * whole form: its part is read to its end and dropped (not buffered), so the other fields — the name the admin
 * typed — still arrive and the answer is the clear 'too large' message at the logo field. Limits on the whole
 * body keep a hostile request from costing memory or time without end: at most `maxParts` parts, at most
 * `maxBodyBytes` read in all (a declared Content-Length above it is refused before reading).
 * Anything else (not multipart) is read as an ordinary form.
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { LOGO_MAX_BYTES } from "./logo-image";

export interface LogoFormLimits {
  /** Largest file part kept (default 5 MB). */
  maxFileBytes: number;
  /** Largest text field kept (default 64 KB). */
  maxFieldBytes: number;
  /** Most bytes read from the body in all, dropped parts included (default 32 MB). */
  maxBodyBytes: number;
  /** Most parts (default 20). */
  maxParts: number;
}

export const LOGO_FORM_LIMITS: LogoFormLimits = { maxFileBytes: LOGO_MAX_BYTES, maxFieldBytes: 64 * 1024, maxBodyBytes: 32 * 1024 * 1024, maxParts: 20 };

export type LogoFormRead =
  /** The form; `oversized` names the parts that were over their limit (read and dropped). */
  | { ok: true; form: FormData; oversized: ReadonlySet<string> }
  /** Nothing usable: the body is over its limits ("too-large", 413) or not a readable form ("unreadable", 400). */
  | { ok: false; reason: "too-large" | "unreadable" };

class BodyTooLarge extends Error {}

const isMultipart = (request: Request) => /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");

export async function readLogoForm(request: Request, limits: LogoFormLimits = LOGO_FORM_LIMITS): Promise<LogoFormRead> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) return { ok: false, reason: "too-large" };
  if (!isMultipart(request)) {
    try {
      return { ok: true, form: await request.formData(), oversized: new Set() };
    } catch {
      return { ok: false, reason: "unreadable" };
    }
  }

  const files = unstable_createMemoryUploadHandler({ maxPartSize: limits.maxFileBytes });
  const fields = unstable_createMemoryUploadHandler({ maxPartSize: limits.maxFieldBytes });
  const oversized = new Set<string>();
  let parts = 0;
  let read = 0;
  const handler: UploadHandler = async (part) => {
    if (++parts > limits.maxParts) throw new BodyTooLarge();
    // One iterator for the handler and the drain below, counting the body's bytes. It has no `return`: the
    // handler's loop stopping at the limit must not close it, so the drain goes on where the handler stopped.
    const source = part.data[Symbol.asyncIterator]();
    const data: AsyncIterator<Uint8Array> = {
      async next() {
        const result = await source.next();
        if (!result.done) {
          read += result.value.byteLength;
          if (read > limits.maxBodyBytes) throw new BodyTooLarge();
        }
        return result;
      },
    };
    const counted = { ...part, data: { [Symbol.asyncIterator]: () => data } };
    try {
      return await (typeof part.filename === "string" ? files : fields)(counted);
    } catch (err) {
      if (!(err instanceof MaxPartSizeExceededError)) throw err;
      // Read the rest of the part without keeping it (the parser would otherwise buffer it), then go on.
      while (!(await data.next()).done) {
        // dropped
      }
      oversized.add(part.name);
      return undefined;
    }
  };
  try {
    return { ok: true, form: await unstable_parseMultipartFormData(request, handler), oversized };
  } catch (err) {
    return { ok: false, reason: err instanceof BodyTooLarge ? "too-large" : "unreadable" };
  }
}
