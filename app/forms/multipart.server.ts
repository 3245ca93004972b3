/**
 * Reads a form post with limits: a multipart body (file parts with text fields) through
 * `@remix-run/form-data-parser` (`parseFormData`), at most `maxFileBytes` per file and `maxFieldBytes` per text
 * field. A file over its limit does not fail the whole form: it is dropped (the upload handler returns nothing for
 * it), so the other fields still arrive and the page can answer with a clear 'too large' message at the file's
 * field (`oversized` names it); a text field over its limit is dropped and named the same way. Limits on the whole
 * body keep a hostile request from costing memory or time without end: at most `maxParts` parts, at most
 * `maxBodyBytes` of part content read in all (a declared Content-Length above it is refused before reading; each
 * part's headers at most MAX_PART_HEADER_BYTES more). An urlencoded body is read as an ordinary form, within
 * `maxBodyBytes` and MAX_URLENCODED_FIELDS fields; any other body (what `request.formData()` cannot read either)
 * is unreadable without being read.
 *
 * Memory: the parser (form-data-parser 0.17 / multipart-parser 0.16) hands a part over only once it has read it to
 * its end, holding it until then, and it fails the whole form at its own per-part limit. So its per-part limit is
 * `maxBodyBytes` and the per-file and per-field limits are checked here, on the whole part: a dropped file has
 * cost its size in memory while it was read, never more than `maxBodyBytes`, the same bound as a form whose parts
 * are all kept (those lie in memory too).
 *
 * Used by the organization logo upload (media/logo-form.server.ts), the gait reconcile upload and the patient
 * list's bulk upload.
 */
import {
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
  type ParseFormDataOptions,
} from "@remix-run/form-data-parser";

export interface FormLimits {
  /** Largest file part kept. */
  maxFileBytes: number;
  /** Largest text field kept (multipart; UTF-8 bytes). */
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

/** The headers of one multipart part (Content-Disposition with the file name, Content-Type): the parser's default. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
/** Fields of an urlencoded post: the parser's default, far above the portal's largest form (about 25 fields). */
export const MAX_URLENCODED_FIELDS = 1000;

/** The parser's refusals of a body over a limit (413); anything else it throws is a body it cannot read (400). */
const LIMIT_ERRORS = [MaxFilesExceededError, MaxFileSizeExceededError, MaxHeaderSizeExceededError, MaxPartsExceededError, MaxTotalSizeExceededError];

const utf8 = new TextEncoder();

export async function readLimitedForm(request: Request, limits: FormLimits): Promise<LimitedFormRead> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) return { ok: false, reason: "too-large" };
  // The parser's own tests of the type (exact, lower case): what it does not stream it would read whole.
  const type = request.headers.get("Content-Type") ?? "";
  const multipart = type.startsWith("multipart/form-data");
  if (!multipart && !type.startsWith("application/x-www-form-urlencoded")) return { ok: false, reason: "unreadable" };

  const options: ParseFormDataOptions = multipart
    ? {
        maxParts: limits.maxParts,
        // Every file is a part: maxParts is the limit that counts.
        maxFiles: limits.maxParts,
        // The parser fails the whole form at this size, for any part: only what the body's limit refuses anyway.
        maxFileSize: limits.maxBodyBytes,
        maxTotalSize: limits.maxBodyBytes,
        maxHeaderSize: MAX_PART_HEADER_BYTES,
      }
    : { maxParts: MAX_URLENCODED_FIELDS, maxTotalSize: limits.maxBodyBytes };
  const oversized = new Set<string>();
  const keepFile = (file: FileUpload): File | null => {
    if (file.size <= limits.maxFileBytes) return file;
    oversized.add(file.fieldName);
    return null;
  };
  try {
    const form = await parseFormData(request, options, keepFile);
    return { ok: true, form: multipart ? withoutLongFields(form, limits.maxFieldBytes, oversized) : form, oversized };
  } catch (err) {
    return { ok: false, reason: LIMIT_ERRORS.some((limit) => err instanceof limit) ? "too-large" : "unreadable" };
  }
}

/** The form without its text fields over `maxFieldBytes` (named in `oversized`); the same form when none is. */
function withoutLongFields(form: FormData, maxFieldBytes: number, oversized: Set<string>): FormData {
  const long = (value: FormDataEntryValue) => typeof value === "string" && value.length * 3 > maxFieldBytes && utf8.encode(value).byteLength > maxFieldBytes;
  const entries = [...form];
  if (!entries.some(([, value]) => long(value))) return form;
  const kept = new FormData();
  for (const [name, value] of entries) {
    if (long(value)) oversized.add(name);
    else kept.append(name, value);
  }
  return kept;
}
