import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Services } from "../../core/handlers.js";
import { badRequest } from "../../core/errors.js";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, normalizeLogoPng } from "../../core/images.js";

/** File-store keys of an organization's logo: `org/<id>/logo-<content hash>.png`. */
const logoPrefix = (organizationId: string) => `org/${organizationId}/logo-`;

/** Logo URLs are signed file URLs valid this long (the logo is not PHI; the URL is stored with the organization). */
export const LOGO_URL_TTL_SECONDS = 10 * 365 * 24 * 3600;

const isFileTooLarge = (e: unknown) => (e as { code?: string })?.code === "FST_REQ_FILE_TOO_LARGE";

/**
 * Reads the multipart part `file` of the request and answers the logo to keep: the PNG decoded, checked
 * and re-encoded at 250×140 by `normalizeLogoPng` (core/images.ts). Answers 400 naming the field when the
 * request is not multipart, the part is missing, larger than 5 MB, not a PNG, damaged, or over 25 megapixels.
 * Shared by the organization's and the admin area's logo uploads.
 */
export async function readLogoUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest("file is required: send multipart/form-data with the PNG in the part 'file'");
  let data: Buffer;
  try {
    const part = await req.file({ limits: { fileSize: LOGO_MAX_BYTES } });
    if (!part) throw badRequest("file is required");
    if (part.fieldname !== "file") throw badRequest(`file is required (got a part named '${part.fieldname}')`);
    data = await part.toBuffer();
    if (part.file.truncated) throw badRequest(LOGO_MESSAGES.tooLarge);
  } catch (e) {
    if (isFileTooLarge(e)) throw badRequest(LOGO_MESSAGES.tooLarge);
    throw e;
  }
  return normalizeLogoPng(data);
}

/**
 * Stores an organization's logo in the file store and records its URLs on the organization. Both URLs
 * (print `logoUrl`, screen `webLogoUrl`) are long-lived signed URLs of the same file; the key carries a
 * content hash so a new logo gets a new URL. Older logo files of the organization are removed.
 * Shared with the admin area's logo upload.
 */
export async function storeOrganizationLogo(services: Pick<Services, "db" | "files" | "signer">, organizationId: string, png: Buffer) {
  // Keep the key short: the signed URL's path token is its base64url and the router caps path params at 100 chars.
  const hash = createHash("sha256").update(png).digest("hex").slice(0, 8);
  const key = `${logoPrefix(organizationId)}${hash}.png`;
  await services.db.query("DELETE FROM files WHERE key LIKE $1 AND key <> $2", [`${logoPrefix(organizationId)}%`, key]);
  await services.files.put(key, png, "image/png");
  const { url } = services.signer.sign(key, LOGO_URL_TTL_SECONDS);
  await services.db.query("UPDATE organizations SET logo_url = $2, web_logo_url = $2 WHERE id = $1", [organizationId, url]);
  return { logoUrl: url, webLogoUrl: url };
}

/** Removes an organization's logo files and clears its URLs. */
export async function removeOrganizationLogo(services: Pick<Services, "db">, organizationId: string) {
  await services.db.query("DELETE FROM files WHERE key LIKE $1", [`${logoPrefix(organizationId)}%`]);
  await services.db.query("UPDATE organizations SET logo_url = NULL, web_logo_url = NULL WHERE id = $1", [organizationId]);
}
