/**
 * Uploaded images the API keeps (organization logos), decoded by a real image library and never trusted as
 * sent. The portal crops the admin's upload to 250×140 before sending it, but any caller can send anything:
 * the bytes must be a PNG (by their signature and by the decoder, whatever the file name or declared type
 * says), within a byte limit and a pixel limit (checked from the header before decoding, so a small file
 * that expands to billions of pixels is refused without being decoded), and decodable to the end. The
 * result is always a freshly encoded 250×140 PNG: an image of another size is cropped to the centre and
 * resized (`fit: cover`), and nothing of the original file (metadata chunks, trailing bytes) is kept.
 *
 * Limits (ADR 010, stated in the contract's logo operations): 5 MB and 25 megapixels.
 */
import sharp from "sharp";
import { badRequest } from "./errors.js";

export const LOGO_WIDTH = 250;
export const LOGO_HEIGHT = 140;
/** The largest logo file accepted: 5 MB (a generous PNG of a high-resolution logo is well under 1 MB). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The most pixels a logo may have: 25 megapixels (e.g. 5000×5000; a 12-megapixel phone picture or a 5K screen
 * capture fits). Decoded as RGBA that is at most 100 MB, bounded whatever the file's compression ratio.
 */
export const LOGO_MAX_PIXELS = 25_000_000;

/** The 8 signature bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const hasPngSignature = (data: Uint8Array) =>
  data.length > PNG_SIGNATURE.length && Buffer.from(data.buffer, data.byteOffset, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);

/** The API's messages for refused logos (they name the multipart field, as every 400 of the API does). */
export const LOGO_MESSAGES = {
  tooLarge: "file must be at most 5 MB",
  notPng: "file must be a PNG image",
  corrupt: "file is not a readable PNG image (it is damaged or incomplete)",
  tooManyPixels: (width: number, height: number) => `file must be at most 25 megapixels (this image is ${width}×${height})`,
} as const;

/**
 * Checks an uploaded logo and answers the PNG to keep: exactly 250×140, re-encoded. Throws 400 with a clear
 * message for a file that is too large, not a PNG, damaged or incomplete, or has too many pixels.
 */
export async function normalizeLogoPng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.tooLarge);
  if (!hasPngSignature(bytes)) throw badRequest(LOGO_MESSAGES.notPng);
  // The header alone: format and dimensions, before any pixel is decompressed.
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta) throw badRequest(LOGO_MESSAGES.corrupt);
  if (meta.format !== "png") throw badRequest(LOGO_MESSAGES.notPng);
  const { width, height } = meta;
  if (!width || !height) throw badRequest(LOGO_MESSAGES.corrupt);
  if (width * height > LOGO_MAX_PIXELS) throw badRequest(LOGO_MESSAGES.tooManyPixels(width, height));
  try {
    // limitInputPixels again (the decoder's own guard) and failOn "error": a truncated or damaged image is
    // refused, not padded with grey.
    return await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: "error" })
      .resize(LOGO_WIDTH, LOGO_HEIGHT, { fit: "cover", position: "centre" })
      .png()
      .toBuffer();
  } catch (e) {
    if (/pixel limit/i.test(String((e as Error)?.message))) throw badRequest(LOGO_MESSAGES.tooManyPixels(width, height));
    throw badRequest(LOGO_MESSAGES.corrupt);
  }
}
