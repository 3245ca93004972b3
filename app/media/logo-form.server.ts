/**
 * Reads the 'Edit Organization Details' post: a multipart body (the logo file with the name, the form token and,
 * with JavaScript, the crop rectangle) with the limits of forms/multipart.server.ts: at most 5 MB per file
 * (ADR 010), 64 KB per text field, 32 MB and 20 parts in all. A logo over the limit is dropped and named in
 * `oversized`, so the name the admin typed still arrives and the answer is the clear 'too large' message at the
 * logo field.
 */
import { readLimitedForm, type FormLimits, type LimitedFormRead } from "../forms/multipart.server";
import { LOGO_MAX_BYTES } from "./logo-image";

export type LogoFormLimits = FormLimits;
export type LogoFormRead = LimitedFormRead;

export const LOGO_FORM_LIMITS: LogoFormLimits = { maxFileBytes: LOGO_MAX_BYTES, maxFieldBytes: 64 * 1024, maxBodyBytes: 32 * 1024 * 1024, maxParts: 20 };

export const readLogoForm = (request: Request, limits: LogoFormLimits = LOGO_FORM_LIMITS): Promise<LogoFormRead> => readLimitedForm(request, limits);
