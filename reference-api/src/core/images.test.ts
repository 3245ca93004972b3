/** The API's logo check with real images (made by sharp in the test): what is kept, what is refused and why. */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { BLUE, GREEN, RED, bandsPng, bombPng, inspect, jpeg, near, noisePng, overLimitPng, solidPng, truncated } from "../testing/images.js";
import { ApiError } from "./errors.js";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, normalizeLogoPng } from "./images.js";

/** The 400 a refused image gets (status and message). */
async function refusal(bytes: Buffer): Promise<{ status: number; message: string }> {
  try {
    await normalizeLogoPng(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return { status: (e as ApiError).status, message: (e as ApiError).message };
  }
  throw new Error("the image was accepted");
}

const bomb = bombPng();

describe("normalizeLogoPng", () => {
  it("keeps a 250×140 PNG as a re-encoded 250×140 PNG", async () => {
    const out = await normalizeLogoPng(await solidPng(250, 140, BLUE));
    const seen = await inspect(out);
    expect(seen).toMatchObject({ format: "png", width: 250, height: 140 });
    expect(near(seen.mean, BLUE)).toBe(true);
  });

  it("crops another size to the centre and resizes it to 250×140 (fit: cover)", async () => {
    // 900×140: red | green | red bands of 300; the centre 250 (after scaling to height 140) is green only.
    const wide = await bandsPng([RED, GREEN, RED], 300, 140);
    const centre = await inspect(await normalizeLogoPng(wide));
    expect(centre).toMatchObject({ format: "png", width: 250, height: 140 });
    expect(near(centre.mean, GREEN), JSON.stringify(centre.mean)).toBe(true);
    // A small image is scaled up to cover 250×140.
    expect(await inspect(await normalizeLogoPng(await solidPng(25, 14)))).toMatchObject({ width: 250, height: 140 });
  });

  it("drops whatever followed the image in the file (nothing of the upload is stored as sent)", async () => {
    const png = Buffer.concat([await solidPng(250, 140), Buffer.from("<script>alert(1)</script>")]);
    const out = await normalizeLogoPng(png);
    expect(out.includes(Buffer.from("<script>"))).toBe(false);
  });

  it("refuses a JPEG sent with a .png name: the format is read from the bytes", async () => {
    expect(await refusal(await jpeg())).toEqual({ status: 400, message: LOGO_MESSAGES.notPng });
    expect(await refusal(Buffer.from("GIF89a not a png at all"))).toEqual({ status: 400, message: LOGO_MESSAGES.notPng });
    expect(await refusal(Buffer.alloc(0))).toEqual({ status: 400, message: LOGO_MESSAGES.notPng });
  });

  it("refuses a truncated PNG (header intact, image data cut) and a PNG signature on garbage", async () => {
    const whole = await noisePng(300, 200);
    expect(await refusal(truncated(whole))).toEqual({ status: 400, message: LOGO_MESSAGES.corrupt });
    const garbage = Buffer.concat([whole.subarray(0, 8), Buffer.from("0000000dIHDR-not-a-real-image-but-signed-as-png")]);
    expect(await refusal(garbage)).toEqual({ status: 400, message: LOGO_MESSAGES.corrupt });
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    expect(bomb.length).toBeLessThan(100_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 20_000, height: 20_000 });
    const started = performance.now();
    expect(await refusal(bomb)).toEqual({ status: 400, message: LOGO_MESSAGES.tooManyPixels(20_000, 20_000) });
    // Decoding 400 megapixels would take seconds and over a gigabyte; reading the header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses an image over 25 megapixels made by sharp (6000×5000, one colour)", async () => {
    const big = await overLimitPng();
    expect(big.length).toBeLessThan(LOGO_MAX_BYTES);
    expect(await refusal(big)).toEqual({ status: 400, message: LOGO_MESSAGES.tooManyPixels(6000, 5000) });
  }, 60_000);

  it("refuses a file over 5 MB before looking at it", async () => {
    const big = await noisePng(1400, 1400); // ~5.9 MB of incompressible pixels, 1.96 megapixels
    expect(big.length).toBeGreaterThan(LOGO_MAX_BYTES);
    expect(await refusal(big)).toEqual({ status: 400, message: LOGO_MESSAGES.tooLarge });
  });
});
