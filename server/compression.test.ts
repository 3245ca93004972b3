import { describe, expect, it } from "vitest";
import { preferGzip } from "./app";

const after = (value: string | undefined) => {
  const req = { headers: { "accept-encoding": value } as Record<string, string | undefined> };
  preferGzip(req);
  return req.headers["accept-encoding"];
};

describe("preferGzip (pages and data are not Brotli-compressed)", () => {
  it("drops br, with or without a q-value, and keeps the rest in order", () => {
    expect(after("gzip, deflate, br, zstd")).toBe("gzip, deflate, zstd");
    expect(after("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(" gzip;q=0.8, *;q=0.1");
    expect(after("BR, gzip")).toBe(" gzip");
  });

  it("leaves a header without br alone, and a missing one missing", () => {
    expect(after("gzip")).toBe("gzip");
    expect(after(undefined)).toBeUndefined();
  });

  it("a client that takes only br gets an uncompressed answer (an empty list: identity)", () => {
    expect(after("br")).toBe("");
  });
});
