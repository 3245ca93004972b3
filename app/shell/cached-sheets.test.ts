import { describe, expect, it } from "vitest";
import { CACHED_SHEETS_COOKIE, MAX_CACHED_SHEETS, cachedSheets, cachedSheetsCookie, lackingSheets, sheetKey } from "./cached-sheets";

describe("stylesheets the browser has", () => {
  it("names a build sheet by its file's content hash, and nothing else", () => {
    expect(sheetKey("/build/shell-DDpaLg69.css")).toBe("DDpaLg69");
    expect(sheetKey("/build/organizations-BEPN--RI.css")).toBe("BEPN--RI");
    expect(sheetKey("modules-_eNfNPuK.css")).toBe("_eNfNPuK");
    expect(sheetKey("/build/shell.css")).toBeUndefined();
    expect(sheetKey("/build/entry.client-DDpaLg69.js")).toBeUndefined();
  });

  it("reads the cookie among others, keeping only well-formed keys in their order", () => {
    const header = `exer-js=1; ${CACHED_SHEETS_COOKIE}=DDpaLg69.bad.BEPN--RI.<script>.zz_zz_zz; other=x`;
    expect(cachedSheets(header)).toEqual(["DDpaLg69", "BEPN--RI", "zz_zz_zz"]);
    expect(cachedSheets("exer-css-old=DDpaLg69")).toEqual([]);
    expect(cachedSheets(null)).toEqual([]);
  });

  it("writes at most MAX_CACHED_SHEETS keys, for the whole site, for 30 days", () => {
    const keys = Array.from({ length: MAX_CACHED_SHEETS + 5 }, (_, i) => `k${String(i).padStart(7, "0")}`);
    const cookie = cachedSheetsCookie(keys, true);
    expect(cookie).toMatch(/^exer-css=k0000000\.k0000001\..*; Path=\/; Max-Age=2592000; SameSite=Lax; Secure$/);
    expect(cachedSheets(cookie.split(";")[0])).toEqual(keys.slice(0, MAX_CACHED_SHEETS));
    expect(cachedSheetsCookie(["DDpaLg69"], false)).not.toContain("Secure");
  });

  it("leaves the sheets the browser has to their <link> and reads the others inline", () => {
    const build: Record<string, string> = { "/build/shell-DDpaLg69.css": ".shell{}", "/build/patients-ZpNEO-ks.css": ".list{}" };
    const read = (href: string) => build[href];
    const inline = lackingSheets(read, `${CACHED_SHEETS_COOKIE}=DDpaLg69`);
    expect(inline("/build/shell-DDpaLg69.css")).toBeUndefined();
    expect(inline("/build/patients-ZpNEO-ks.css")).toBe(".list{}");
    // No cookie (a first visit, or a browser that runs no scripts): every sheet inline.
    expect(lackingSheets(read, "exer-js=1")).toBe(read);
  });
});
