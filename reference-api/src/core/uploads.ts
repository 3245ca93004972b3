/**
 * A multipart request's parts, read once per request and kept: the Idempotency-Key guard (core/idempotency.ts)
 * hashes them before the handler runs, and the handler's reader (e.g. the CSV imports') then reads the same
 * parts. The multipart plugin's limits bound what is kept (one file of at most 5 MB, ten fields).
 */
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";

export type UploadPart =
  | { type: "file"; fieldname: string; filename: string; mimetype: string; buf: Buffer }
  | { type: "field"; fieldname: string; value: string };

const read = new WeakMap<FastifyRequest, Promise<UploadPart[]>>();

/** The request's parts in order. Reading errors (a file over the limit, a malformed body) reject every caller alike. */
export function uploadParts(req: FastifyRequest): Promise<UploadPart[]> {
  let parts = read.get(req);
  if (!parts) {
    parts = (async () => {
      const out: UploadPart[] = [];
      for await (const part of req.parts()) {
        if (part.type === "file") out.push({ type: "file", fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, buf: await part.toBuffer() });
        else out.push({ type: "field", fieldname: part.fieldname, value: String(part.value ?? "") });
      }
      return out;
    })();
    read.set(req, parts);
  }
  return parts;
}

/**
 * What a multipart request asks for, independent of its boundary: each part's name and value, a file as its
 * name, type and content hash. Undefined when the body cannot be read (the handler refuses it then).
 */
export async function uploadDigest(req: FastifyRequest): Promise<unknown> {
  try {
    return (await uploadParts(req)).map((p) =>
      p.type === "file" ? { file: p.fieldname, filename: p.filename, mimetype: p.mimetype, sha256: createHash("sha256").update(p.buf).digest("hex") } : { field: p.fieldname, value: p.value },
    );
  } catch {
    return undefined;
  }
}
