/**
 * Reads the 'Edit Organization Details' post: a multipart body (the logo file with the name, the form token and,
 * with JavaScript, the crop rectangle) with the limits of forms/multipart.server.ts: at most 5 MB per file
 * (ADR 010), 64 KB per text field, 32 MB and 20 parts in all. A logo over the limit is dropped and named in
 * `oversized`, so the name the admin typed still arrives and the answer is the clear 'too large' message at the
 * logo field. `logoFromForm` turns the logo part into the prepared PNG or its refusal.
 */
import { readLimitedForm, type FormLimits, type LimitedFormRead } from "../forms/multipart.server";
import { LOGO_MAX_BYTES, logoRefusal } from "./logo-image";
import { cropFromFields, prepareLogo } from "./logo-image.server";

export type LogoFormLimits = FormLimits;
export type LogoFormRead = LimitedFormRead;

export const LOGO_FORM_LIMITS: LogoFormLimits = { maxFileBytes: LOGO_MAX_BYTES, maxFieldBytes: 64 * 1024, maxBodyBytes: 32 * 1024 * 1024, maxParts: 20 };

export const readLogoForm = (request: Request, limits: LogoFormLimits = LOGO_FORM_LIMITS): Promise<LogoFormRead> => readLimitedForm(request, limits);

/** The logo of a read form: none chosen, the prepared 250×140 PNG, or the refusal (message and status) for its field. */
export type LogoFromForm = { ok: true; png: Uint8Array | null } | { ok: false; message: string; status: number };

/**
 * The logo file in `field` of a form read by `readLogoForm`, through the image pipeline: over the limit →
 * 'too large' (413); no file chosen → `png: null`; else cropped (the posted rectangle with JavaScript, the
 * centre without) and resized to 250×140, or refused with the pipeline's message ('Failed to upload logo - …').
 * Shared by 'Edit Organization Details' and the admin area's Add New Organization (step 2).
 */
export async function logoFromForm(form: FormData, oversized: ReadonlySet<string>, field: string): Promise<LogoFromForm> {
  if (oversized.has(field)) return { ok: false, ...logoRefusal("too-large") };
  const file = form.get(field);
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return { ok: true, png: null };
  const crop = cropFromFields((name) => form.get(name));
  if (crop === "invalid") return { ok: false, ...logoRefusal("bad-crop") };
  const prepared = await prepareLogo(new Uint8Array(await file.arrayBuffer()), crop);
  if (!prepared.ok) return { ok: false, ...logoRefusal(prepared.reason) };
  return { ok: true, png: prepared.png };
}
