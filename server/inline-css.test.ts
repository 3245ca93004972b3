/**
 * The build's stylesheets as the documents carry them inline (ADR 038): a fingerprinted sheet of the build folder is
 * read once and its text given; anything else, or a sheet that would mean something else inside a page's `<style>`,
 * keeps its `<link>` (undefined).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlinable, inlineStylesheets, MAX_INLINE_BYTES } from "./inline-css";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "inline-css-"));
  writeFileSync(join(dir, "app-abc.css"), ".a{color:red}\n/*# sourceMappingURL=app-abc.css.map */\n");
  writeFileSync(join(dir, "logo-abc.css"), ".b{background:url(logo-abc.png)}");
  writeFileSync(join(dir, "entry-abc.js"), "export {}");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("inlineStylesheets", () => {
  it("gives the text of a stylesheet of the build by its URL, without its source map comment", () => {
    const css = inlineStylesheets(dir);
    expect(css("/build/app-abc.css")).toBe(".a{color:red}\n");
  });

  it("keeps the link of what is not a stylesheet of the build folder, or not safe inline", () => {
    const css = inlineStylesheets(dir);
    expect(css("/build/missing-abc.css")).toBeUndefined();
    expect(css("/build/entry-abc.js")).toBeUndefined();
    expect(css("/elsewhere/app-abc.css")).toBeUndefined();
    expect(css("/build/../build/app-abc.css")).toBeUndefined();
    expect(css("/build/logo-abc.css")).toBeUndefined(); // a relative URL would resolve against the page
  });

  it("reads each file once (the build does not change under a running process)", () => {
    const css = inlineStylesheets(dir);
    expect(css("/build/app-abc.css")).toBe(".a{color:red}\n");
    writeFileSync(join(dir, "app-abc.css"), ".changed{}");
    expect(css("/build/app-abc.css")).toBe(".a{color:red}\n");
  });
});

describe("inlinable", () => {
  it("takes plain rules, absolute and data URLs", () => {
    expect(inlinable(".a{color:red}")).toBe(true);
    expect(inlinable(".a{background:url(/build/x.png)}")).toBe(true);
    expect(inlinable('.a{background:url("data:image/svg+xml,%3Csvg%3E")}')).toBe(true);
    expect(inlinable(".a{fill:url(#gradient)}")).toBe(true);
  });

  it("refuses what would close the element, import another sheet, resolve against the page, or cost every page too much", () => {
    expect(inlinable('.a::after{content:"</style><script>"}')).toBe(false);
    expect(inlinable('@import "other.css";')).toBe(false);
    expect(inlinable(".a{background:url( 'img/x.png' )}")).toBe(false);
    expect(inlinable(`.a{}${" ".repeat(MAX_INLINE_BYTES)}`)).toBe(false);
  });
});
