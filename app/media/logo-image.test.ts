import { describe, expect, it } from "vitest";
import { bombPng, jpeg, solidPng } from "../../reference-api/src/testing/images";
import { LOGO_MAX_BYTES, PNG_HEADER_BYTES, pngHeaderCheck } from "./logo-image";

const head = (bytes: Uint8Array) => bytes.subarray(0, PNG_HEADER_BYTES);

describe("pngHeaderCheck (the browser's look at a chosen file before previewing it)", () => {
  it("reads a PNG's size from its IHDR", async () => {
    const png = await solidPng(750, 140);
    expect(pngHeaderCheck(head(png), png.length)).toEqual({ ok: true, width: 750, height: 140 });
  });

  it("says which refusal the first bytes already show: a bomb, a JPEG, text, an empty or oversized file", async () => {
    const bomb = bombPng(20_000);
    expect(pngHeaderCheck(head(bomb), bomb.length)).toEqual({ ok: false, reason: "too-many-pixels" });
    const jpg = await jpeg();
    expect(pngHeaderCheck(head(jpg), jpg.length)).toEqual({ ok: false, reason: "not-png" });
    expect(pngHeaderCheck(new TextEncoder().encode("not an image at all, really"), 27)).toEqual({ ok: false, reason: "not-png" });
    expect(pngHeaderCheck(new Uint8Array(), 0)).toEqual({ ok: false, reason: "empty" });
    const png = await solidPng(10, 10);
    expect(pngHeaderCheck(head(png), LOGO_MAX_BYTES + 1)).toEqual({ ok: false, reason: "too-large" });
    expect(pngHeaderCheck(png.subarray(0, 12), 12)).toEqual({ ok: false, reason: "corrupt" });
  });
});
