/**
 * The portal's logo pipeline (Edit Organization Details): the browser's upload in, a 250×140 PNG out for the
 * provider API's logo upload, or a typed refusal with a message for the admin.
 *
 * - With JavaScript the admin positions and zooms a crop control, which posts the crop rectangle in the
 *   source image's pixels; the server crops exactly that and resizes it to 250×140.
 * - Without JavaScript (no rectangle) the server crops the centre (`fit: cover`).
 *
 * The bytes decide the format, not the file name or the declared type; the file size and the pixel count
 * are limited (the pixel count read from the header before anything is decoded, so a decompression bomb is
 * refused cheaply). The API checks and normalises the PNG again on its side (it trusts no sender); these
 * limits are the contract's (5 MB, 25 megapixels — ADR 010). sharp is loaded on the first upload (README, "What the
 * server loads at start").
 */
import { CROP_FIELDS, LOGO_HEIGHT, LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_REFUSAL_MESSAGES, LOGO_WIDTH, hasPngSignature, type LogoRefusal } from "./logo-image";

// The shared rules (also used by the browser's crop control) live in logo-image.ts.
export { CROP_FIELDS, LOGO_HEIGHT, LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_REFUSAL_MESSAGES, LOGO_WIDTH, type LogoRefusal };

/** A crop rectangle in the source image's pixels (what the crop control reports). */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type LogoImageResult =
  | { ok: true; png: Buffer; width: typeof LOGO_WIDTH; height: typeof LOGO_HEIGHT }
  | { ok: false; reason: LogoRefusal; message: string };

const refuse = (reason: LogoRefusal): LogoImageResult => ({ ok: false, reason, message: LOGO_REFUSAL_MESSAGES[reason] });

/** Crop controls round to whole pixels and may overshoot an edge by one; more than that is refused. */
const EDGE_TOLERANCE = 1;

/**
 * The integer rectangle to extract, or null when the rectangle is not a finite area within the image (beyond
 * a one-pixel rounding tolerance, which is clamped).
 */
export function cropWithin(crop: CropRect, width: number, height: number): { left: number; top: number; width: number; height: number } | null {
  const values = [crop.x, crop.y, crop.width, crop.height];
  if (!values.every(Number.isFinite)) return null;
  if (crop.width < 1 || crop.height < 1) return null;
  if (crop.x < -EDGE_TOLERANCE || crop.y < -EDGE_TOLERANCE) return null;
  if (crop.x + crop.width > width + EDGE_TOLERANCE || crop.y + crop.height > height + EDGE_TOLERANCE) return null;
  const left = Math.min(Math.max(0, Math.round(crop.x)), width - 1);
  const top = Math.min(Math.max(0, Math.round(crop.y)), height - 1);
  const right = Math.min(width, Math.round(crop.x + crop.width));
  const bottom = Math.min(height, Math.round(crop.y + crop.height));
  if (right - left < 1 || bottom - top < 1) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The crop rectangle a form posted: undefined when none was sent (no JavaScript: the centre is cropped),
 * "invalid" when only some fields came or one is not a number.
 */
export function cropFromFields(get: (name: string) => unknown): CropRect | undefined | "invalid" {
  const raw = Object.values(CROP_FIELDS).map((name) => {
    const v = get(name);
    return typeof v === "string" ? v.trim() : "";
  });
  if (raw.every((v) => v === "")) return undefined;
  const [x, y, width, height] = raw.map((v) => (v === "" ? Number.NaN : Number(v)));
  if (![x, y, width, height].every((n) => Number.isFinite(n))) return "invalid";
  return { x: x!, y: y!, width: width!, height: height! };
}

/**
 * Turns an uploaded image into the 250×140 logo PNG: the crop rectangle (source pixels) when given, else the
 * centre. Never throws for bad input: answers a typed refusal with the user's message.
 */
export async function prepareLogo(bytes: Uint8Array, crop?: CropRect | null): Promise<LogoImageResult> {
  if (bytes.length === 0) return refuse("empty");
  if (bytes.length > LOGO_MAX_BYTES) return refuse("too-large");
  if (!hasPngSignature(bytes)) return refuse("not-png");
  const { default: sharp } = await import("sharp");
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== "png") return refuse("not-png");
    ({ width, height } = meta);
  } catch {
    return refuse("corrupt");
  }
  if (!width || !height) return refuse("corrupt");
  if (width * height > LOGO_MAX_PIXELS) return refuse("too-many-pixels");
  const area = crop ? cropWithin(crop, width, height) : undefined;
  if (area === null) return refuse("bad-crop");
  try {
    let image = sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: "error" });
    if (area) image = image.extract(area);
    const png = await image.resize(LOGO_WIDTH, LOGO_HEIGHT, { fit: "cover", position: "centre" }).png().toBuffer();
    return { ok: true, png, width: LOGO_WIDTH, height: LOGO_HEIGHT };
  } catch (e) {
    return refuse(/pixel limit/i.test(String((e as Error)?.message)) ? "too-many-pixels" : "corrupt");
  }
}
