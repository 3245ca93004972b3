/**
 * Reads a form post with limits: a multipart body (file parts with text fields) through Remix's
 * `unstable_parseMultipartFormData` with the memory upload handler, at most `maxFileBytes` per file and
 * `maxFieldBytes` per text field. A file over its limit does not fail the whole form: its part is read to its end
 * and dropped (not buffered), so the other fields still arrive and the page can answer with a clear 'too large'
 * message at the file's field (`oversized` names it). Limits on the whole body keep a hostile request from costing
 * memory or time without end: at most `maxParts` parts, at most `maxBodyBytes` read in all (a declared
 * Content-Length above it is refused before reading). Anything else (not multipart) is read as an ordinary form.
 *
 * Used by the organization logo upload (media/logo-form.server.ts) and the gait reconcile upload.
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

export interface FormLimits {
  /** Largest file part kept. */
  maxFileBytes: number;
  /** Largest text field kept. */
  maxFieldBytes: number;
  /** Most bytes read from the body in all, dropped parts included. */
  maxBodyBytes: number;
  /** Most parts. */
  maxParts: number;
}

export type LimitedFormRead =
  /** The form; `oversized` names the parts that were over their limit (read and dropped). */
  | { ok: true; form: FormData; oversized: ReadonlySet<string> }
  /** Nothing usable: the body is over its limits ("too-large", 413) or not a readable form ("unreadable", 400). */
  | { ok: false; reason: "too-large" | "unreadable" };

class BodyTooLarge extends Error {}

const isMultipart = (request: Request) => /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");

export async function readLimitedForm(request: Request, limits: FormLimits): Promise<LimitedFormRead> {
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
