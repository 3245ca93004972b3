import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./csrf";

const origin = "https://portal.example.com";
const check = (method: string, secFetchSite?: string, originHeader?: string) => isCrossSiteRequest({ method, origin, secFetchSite, originHeader });

describe("isCrossSiteRequest", () => {
  it("lets reads through", () => {
    expect(check("GET", "cross-site", "https://evil.example")).toBe(false);
    expect(check("HEAD")).toBe(false);
  });
  it("accepts same-origin posts", () => {
    expect(check("POST", "same-origin")).toBe(false);
    expect(check("POST", "none")).toBe(false);
    expect(check("POST", undefined, origin)).toBe(false);
    expect(check("PATCH", undefined, "HTTPS://PORTAL.EXAMPLE.COM")).toBe(false);
  });
  it("refuses cross-site and sibling-site posts, a foreign Origin, and posts that say nothing", () => {
    expect(check("POST", "cross-site", origin)).toBe(true);
    expect(check("POST", "same-site")).toBe(true);
    expect(check("POST", undefined, "https://evil.example")).toBe(true);
    expect(check("POST", undefined, "null")).toBe(true);
    expect(check("DELETE")).toBe(true);
  });
});
