import { describe, expect, it } from "vitest";
import { retryAfterHeaders } from "./retry-after";

const args = (action: HeadersInit, loader: HeadersInit = {}, parent: HeadersInit = {}) =>
  ({ actionHeaders: new Headers(action), loaderHeaders: new Headers(loader), parentHeaders: new Headers(parent), errorHeaders: undefined }) as unknown as Parameters<typeof retryAfterHeaders>[0];

describe("retryAfterHeaders (a throttled route's headers export)", () => {
  it("passes the action's or the loader's Retry-After on, and the parent's headers", () => {
    expect(new Headers(retryAfterHeaders(args({ "Retry-After": "60" }))).get("Retry-After")).toBe("60");
    expect(new Headers(retryAfterHeaders(args({}, { "Retry-After": "900" }))).get("Retry-After")).toBe("900");
    const plain = new Headers(retryAfterHeaders(args({ "Set-Cookie": "x=1" }, {}, { "Cache-Control": "no-store" })));
    expect(plain.get("Retry-After")).toBeNull();
    expect(plain.get("Cache-Control")).toBe("no-store");
    expect(plain.get("Set-Cookie")).toBeNull();
  });
});
