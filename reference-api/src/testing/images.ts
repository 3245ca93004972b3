/**
 * Real images for tests, made by sharp inside the test run: plain and two-coloured PNGs, a JPEG, noise that
 * does not compress, a truncated PNG, an image over the pixel limit and a decompression bomb (a small file of
 * a huge one-colour image).
 */
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { PNG_SIGNATURE } from "../core/images.js";

export type Rgb = { r: number; g: number; b: number };
export const RED: Rgb = { r: 220, g: 20, b: 30 };
export const BLUE: Rgb = { r: 20, g: 40, b: 220 };
export const GREEN: Rgb = { r: 20, g: 200, b: 60 };

/** A one-colour PNG. */
export const solidPng = (width: number, height: number, colour: Rgb = RED) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

/** A JPEG (to be sent with a .png name and type). */
export const jpeg = (width = 300, height = 200) => sharp({ create: { width, height, channels: 3, background: BLUE } }).jpeg().toBuffer();

/** A PNG of random noise: it barely compresses, so its size follows its pixel count (~3 bytes a pixel). */
export const noisePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: "gaussian", mean: 128, sigma: 60 } } }).png({ compressionLevel: 1 }).toBuffer();

/** A PNG whose vertical bands are the given colours, left to right, each `bandWidth` wide. */
export async function bandsPng(colours: Rgb[], bandWidth: number, height: number): Promise<Buffer> {
  const bands = await Promise.all(colours.map((c) => sharp({ create: { width: bandWidth, height, channels: 3, background: c } }).png().toBuffer()));
  return sharp({ create: { width: bandWidth * colours.length, height, channels: 3, background: colours[0]! } })
    .composite(bands.map((input, i) => ({ input, left: i * bandWidth, top: 0 })))
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a valid PNG of 20000×20000 (400 megapixels, 1.6 GB as RGBA) of one colour in ~60 KB.
 * Written directly (1-bit greyscale rows of zeros, deflated): sharp takes ~30 s to encode 400 megapixels,
 * this takes milliseconds. sharp reads it as what it is (see images.test.ts).
 */
export function bombPng(size = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filters, not interlaced
  const rows = Buffer.alloc((1 + Math.ceil(size / 8)) * size); // filter byte 0 + black pixels, every row
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

/** A one-colour image over the pixel limit made by sharp: 6000×5000 = 30 megapixels in ~100 KB (~3 s to make). */
export const overLimitPng = () => sharp({ create: { width: 6000, height: 5000, channels: 3, background: GREEN } }).png({ compressionLevel: 9 }).toBuffer();

/** The first half of a PNG's bytes (its header is intact; its image data stops in the middle). */
export const truncated = (png: Buffer) => png.subarray(0, Math.floor(png.length / 2));

/** The average colour of an image (each channel 0–255) and its size, decoded by sharp. */
export async function inspect(png: Buffer): Promise<{ format: string | undefined; width: number; height: number; mean: Rgb }> {
  const meta = await sharp(png).metadata();
  const stats = await sharp(png).stats();
  const [r, g, b] = stats.channels.map((c) => Math.round(c.mean));
  return { format: meta.format, width: meta.width!, height: meta.height!, mean: { r: r!, g: g!, b: b! } };
}

/** Whether two colours are within `tolerance` per channel (resampling and palette rounding). */
export const near = (a: Rgb, b: Rgb, tolerance = 6) => Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance;
