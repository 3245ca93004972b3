/**
 * The build's stylesheets as text, for the document to carry them inline (ADR 038, "content at one round trip"): the
 * first document of a visit paints with the styles it brings instead of waiting a round trip, behind the scripts, for
 * render-blocking stylesheets (app/shell/document-links.tsx renders them; server/app.ts hands this reader to the app
 * through the request's context).
 *
 * Only the fingerprinted files of the build folder, read once each (the build does not change under a running
 * process). A sheet that could not work inline is left to its `<link>`: one that closes the `<style>` element, imports
 * another or refers to a file by a relative URL (which would resolve against the page, not the sheet).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Beyond this a sheet costs every document more than its own request would: it stays a `<link>`. */
export const MAX_INLINE_BYTES = 64 * 1024;

/** Whether `css` means the same inside a `<style>` element of any page as in its own file under the build's path. */
export function inlinable(css: string): boolean {
  return !/<\/style/i.test(css) && !/@import\b/i.test(css) && !/url\(\s*(?!['"]?(?:[a-z][a-z\d+.-]*:|\/|#))/i.test(css) && Buffer.byteLength(css) <= MAX_INLINE_BYTES;
}

/** A reader of the stylesheets under `dir` (served at `publicPath`): the text of `href`, or undefined to keep its `<link>`. */
export function inlineStylesheets(dir: string, publicPath = "/build/"): (href: string) => string | undefined {
  const files = new Set(readdirSync(dir).filter((f) => f.endsWith(".css")));
  const texts = new Map<string, string | null>();
  return (href) => {
    if (!href.startsWith(publicPath)) return undefined;
    const name = href.slice(publicPath.length);
    if (!files.has(name)) return undefined;
    let text = texts.get(name);
    if (text === undefined) {
      // A source map comment's URL is relative to the file: left out inline.
      const css = readFileSync(join(dir, name), "utf8").replace(/\/\*#\s*sourceMappingURL=[^*]*\*\/\s*$/, "");
      text = inlinable(css) ? css : null;
      texts.set(name, text);
    }
    return text ?? undefined;
  };
}
