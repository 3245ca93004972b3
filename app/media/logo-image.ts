/**
 * The organization logo's rules shared by the server's pipeline (logo-image.server.ts) and the browser's crop
 * control (islands/image-crop*.tsx): the output size, the limits, the crop fields' names, the messages, and a
 * cheap look at a file's first bytes (PNG signature and the IHDR's width and height) that decides nothing on
 * the server (sharp decodes and decides there) but lets the browser skip previewing a file the server will
 * refuse — a decompression bomb must not be decoded by the admin's browser either. Also the messages of a refused
 * or failed upload (001 §8 and 003 §8 say the same), shared by 'Edit Organization Details' and the admin area's
 * Add New Organization.
 */
import type { ApiError } from "../api/result";

export const LOGO_WIDTH = 250;
export const LOGO_HEIGHT = 140;
/** 5 MB (ADR 010): the contract's limit, end to end. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** 25 megapixels (ADR 010). */
export const LOGO_MAX_PIXELS = 25_000_000;

/** The help text of the logo field. */
export const LOGO_HELP = `PNG, at most 5 MB; cropped to ${LOGO_WIDTH}×${LOGO_HEIGHT}.`;

/** The form fields of the crop control (JavaScript only): the rectangle in the source image's pixels. */
export const CROP_FIELDS = { x: "cropX", y: "cropY", width: "cropWidth", height: "cropHeight" } as const;

export type LogoRefusal = "empty" | "too-large" | "not-png" | "corrupt" | "too-many-pixels" | "bad-crop";

/** User-facing messages of each refusal (shown as 'Failed to upload logo - {message}'). */
export const LOGO_REFUSAL_MESSAGES: Record<LogoRefusal, string> = {
  empty: "Please choose a PNG image.",
  "too-large": "The image file must be at most 5 MB.",
  "not-png": "The logo must be a PNG image.",
  corrupt: "The image could not be read. It may be damaged; please choose another PNG.",
  "too-many-pixels": "The image is too large: it must be at most 25 megapixels.",
  "bad-crop": "The crop area must lie within the image. Please position it again.",
};

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

export const hasPngSignature = (bytes: Uint8Array): boolean => bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);

/** The bytes needed by `pngHeaderCheck`: the signature (8), the IHDR chunk's length and type (8), width and height (8). */
export const PNG_HEADER_BYTES = 24;

/**
 * What the first bytes of a file say about it as a logo: the refusal they already show (too large, not a PNG,
 * too many pixels per the IHDR) or its size in pixels. A file that passes may still be refused by the decoder.
 */
export function pngHeaderCheck(head: Uint8Array, fileSize: number): { ok: true; width: number; height: number } | { ok: false; reason: LogoRefusal } {
  if (fileSize === 0) return { ok: false, reason: "empty" };
  if (fileSize > LOGO_MAX_BYTES) return { ok: false, reason: "too-large" };
  if (!hasPngSignature(head)) return { ok: false, reason: "not-png" };
  if (head.length < PNG_HEADER_BYTES) return { ok: false, reason: "corrupt" };
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const type = String.fromCharCode(head[12]!, head[13]!, head[14]!, head[15]!);
  if (type !== "IHDR") return { ok: false, reason: "corrupt" };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return { ok: false, reason: "corrupt" };
  if (width * height > LOGO_MAX_PIXELS) return { ok: false, reason: "too-many-pixels" };
  return { ok: true, width, height };
}

/** 001 §8 / 003 §8: an upload that failed without a message of the API's. */
export const LOGO_UPLOAD_FAILED = "Something went wrong uploading your image, please try again.";

/** 'Failed to upload logo - {message}' (001 §8, 003 §8). */
export const logoFailedMessage = (message: string) => `Failed to upload logo - ${message}`;

/** A logo the portal's pipeline refused: the message at the logo field, 413 for a file over the limit, else 400. */
export function logoRefusal(reason: LogoRefusal): { message: string; status: number } {
  return { message: logoFailedMessage(LOGO_REFUSAL_MESSAGES[reason]), status: reason === "too-large" ? 413 : 400 };
}

/**
 * A failed logo upload call: the API's refusal (4xx) as 'Failed to upload logo - {its message}'; a 5xx or no
 * answer as the spec's 'Something went wrong uploading your image, please try again.' (502).
 */
export function uploadFailure(error: ApiError): { message: string; status: number } {
  if (error.status >= 400 && error.status < 500) return { message: logoFailedMessage(error.message), status: error.status };
  return { message: LOGO_UPLOAD_FAILED, status: 502 };
}
