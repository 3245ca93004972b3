/** The portal's logo pipeline with real images made by sharp in the test. */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
// Test images shared with the API's logo tests (test code only: the portal itself never imports the API).
import { bombPng } from "../../reference-api/src/testing/images";
import { LOGO_MAX_BYTES, LOGO_REFUSAL_MESSAGES, cropFromFields, cropWithin, prepareLogo, type LogoImageResult } from "./logo-image.server";

type Rgb = { r: number; g: number; b: number };
const RED: Rgb = { r: 220, g: 20, b: 30 };
const BLUE: Rgb = { r: 20, g: 40, b: 220 };
const GREEN: Rgb = { r: 20, g: 200, b: 60 };

const solid = (width: number, height: number, background: Rgb) => sharp({ create: { width, height, channels: 3, background } });
const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: "gaussian", mean: 128, sigma: 60 } } }).png({ compressionLevel: 1 }).toBuffer();

/** Vertical bands of the given colours, each `bandWidth` wide. */
async function bands(colours: Rgb[], bandWidth: number, height: number): Promise<Buffer> {
  const parts = await Promise.all(colours.map((c) => solid(bandWidth, height, c).png().toBuffer()));
  return solid(bandWidth * colours.length, height, colours[0]!).composite(parts.map((input, i) => ({ input, left: i * bandWidth, top: 0 }))).png().toBuffer();
}

async function look(result: LogoImageResult) {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  const meta = await sharp(result.png).metadata();
  const [r, g, b] = (await sharp(result.png).stats()).channels.map((c) => Math.round(c.mean));
  return { format: meta.format, width: meta.width, height: meta.height, mean: { r: r!, g: g!, b: b! } };
}
const near = (a: Rgb, b: Rgb, tolerance = 6) => Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance;
const refused = (reason: string) => ({ ok: false, reason, message: LOGO_REFUSAL_MESSAGES[reason as keyof typeof LOGO_REFUSAL_MESSAGES] });


let threeBands: Buffer;
beforeAll(async () => {
  // 750×140: red | green | blue, 250 each.
  threeBands = await bands([RED, GREEN, BLUE], 250, 140);
});

describe("prepareLogo", () => {
  it("crops the centre without a crop rectangle (no JavaScript) and answers a 250×140 PNG", async () => {
    const out = await look(await prepareLogo(threeBands));
    expect(out).toMatchObject({ format: "png", width: 250, height: 140 });
    expect(near(out.mean, GREEN), JSON.stringify(out.mean)).toBe(true);
  });

  it("crops exactly the rectangle the crop control sent (source pixels), then resizes to 250×140", async () => {
    const left = await look(await prepareLogo(threeBands, { x: 0, y: 0, width: 250, height: 140 }));
    expect(near(left.mean, RED), JSON.stringify(left.mean)).toBe(true);
    const right = await look(await prepareLogo(threeBands, { x: 520, y: 10, width: 200, height: 112 }));
    expect(right).toMatchObject({ width: 250, height: 140 });
    expect(near(right.mean, BLUE), JSON.stringify(right.mean)).toBe(true);
    // A zoomed-in rectangle of another aspect ratio still fills 250×140.
    expect(await look(await prepareLogo(threeBands, { x: 300, y: 20, width: 100, height: 100 }))).toMatchObject({ width: 250, height: 140 });
  });

  it("refuses a JPEG with a .png name (the bytes decide), an empty upload and text", async () => {
    const jpeg = await solid(300, 200, BLUE).jpeg().toBuffer();
    expect(await prepareLogo(jpeg)).toEqual(refused("not-png"));
    expect(await prepareLogo(new Uint8Array())).toEqual(refused("empty"));
    expect(await prepareLogo(Buffer.from("not an image"))).toEqual(refused("not-png"));
  });

  it("refuses truncated PNG bytes", async () => {
    const png = await noise(300, 200);
    expect(await prepareLogo(png.subarray(0, Math.floor(png.length / 2)))).toEqual(refused("corrupt"));
  });

  it("refuses a decompression bomb (20000×20000 of one colour in ~60 KB) from its header", async () => {
    const bomb = bombPng(20_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 20_000, height: 20_000 });
    const started = performance.now();
    expect(await prepareLogo(bomb)).toEqual(refused("too-many-pixels"));
    expect(performance.now() - started).toBeLessThan(1000);
    // One made by sharp just over the limit (6000×5000 = 30 megapixels, one colour, ~100 KB).
    const over = await solid(6000, 5000, GREEN).png({ compressionLevel: 9 }).toBuffer();
    expect(over.length).toBeLessThan(LOGO_MAX_BYTES);
    expect(await prepareLogo(over)).toEqual(refused("too-many-pixels"));
  }, 60_000);

  it("refuses a file over 5 MB", async () => {
    const big = await noise(1400, 1400);
    expect(big.length).toBeGreaterThan(LOGO_MAX_BYTES);
    expect(await prepareLogo(big)).toEqual(refused("too-large"));
  });

  it("refuses a crop rectangle outside the image, or of no area", async () => {
    expect(await prepareLogo(threeBands, { x: 800, y: 0, width: 250, height: 140 })).toEqual(refused("bad-crop"));
    expect(await prepareLogo(threeBands, { x: 600, y: 0, width: 250, height: 140 })).toEqual(refused("bad-crop"));
    expect(await prepareLogo(threeBands, { x: -50, y: 0, width: 250, height: 140 })).toEqual(refused("bad-crop"));
    expect(await prepareLogo(threeBands, { x: 10, y: 10, width: 0, height: 140 })).toEqual(refused("bad-crop"));
    expect(await prepareLogo(threeBands, { x: Number.NaN, y: 0, width: 250, height: 140 })).toEqual(refused("bad-crop"));
  });
});

describe("cropWithin", () => {
  it("clamps a one-pixel overshoot from rounding and rounds to whole pixels", () => {
    expect(cropWithin({ x: -0.6, y: 0.4, width: 750.8, height: 140.2 }, 750, 140)).toEqual({ left: 0, top: 0, width: 750, height: 140 });
    expect(cropWithin({ x: 500.5, y: 0, width: 250, height: 140 }, 750, 140)).toEqual({ left: 501, top: 0, width: 249, height: 140 });
  });
});

describe("cropFromFields", () => {
  const fields = (values: Record<string, string>) => (name: string) => values[name] ?? null;
  it("reads the four crop fields the form posts, none (no JavaScript) or refuses a partial or non-numeric set", () => {
    expect(cropFromFields(fields({ cropX: "10", cropY: "20.5", cropWidth: "250", cropHeight: "140" }))).toEqual({ x: 10, y: 20.5, width: 250, height: 140 });
    expect(cropFromFields(fields({}))).toBeUndefined();
    expect(cropFromFields(fields({ cropX: "", cropY: "", cropWidth: "", cropHeight: "" }))).toBeUndefined();
    expect(cropFromFields(fields({ cropX: "10", cropY: "20" }))).toBe("invalid");
    expect(cropFromFields(fields({ cropX: "a", cropY: "0", cropWidth: "1", cropHeight: "1" }))).toBe("invalid");
  });
});
