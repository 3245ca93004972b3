/**
 * The document's bytes as React produces them, in batches: React writes many small chunks (2 KB views) for the
 * shell and for each streamed section, then calls the destination's `flush()` (the convention it shares with
 * zlib streams). Passing every chunk on made the adapter write and flush each one separately — with compression,
 * one compressor flush per 2 KB: the patient list went out in 21 writes and flushes; in batches it takes 3 (and
 * compresses ~4% smaller). The shell, each streamed section and the end are still sent the moment React has them.
 *
 * The first batch holds the whole `<head>`: its styles are put before its module preloads (`stylesFirst`).
 */
import { Transform, type TransformCallback } from "node:stream";

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/;

/**
 * The `<head>` with its module preloads moved to its end, after the stylesheets (ADR 038). React 19 hoists every
 * `<link>` it renders that is not a stylesheet (React Router's `<Scripts>` renders the route's module preloads in the
 * body) into the preamble it writes right after `<head>`, before the head's own children — the stylesheets `<Links>`
 * renders there. Stylesheets only lead when they are React's stylesheet resources (`precedence`), which React never
 * removes from the document again: a route's sheet would stay after the client navigated away, and route sheets
 * share class names (`.card`, `.pager`, `.form-grid`). So the order is fixed here, once for every route: the
 * browser's preload scanner requests resources in document order, and on a slow HTTP/1.1 link (six connections)
 * 38 preloads before 3 stylesheets kept the first paint waiting for JavaScript. The stylesheets are usually inline
 * now (`<style>`, app/shell/document-links.tsx) and the scripts come right after them; where a render-blocking
 * `<link rel="stylesheet">` is still in the head (development, a sheet not carried inline), the moved preloads are
 * marked `fetchpriority="low"`: Chromium holds low-priority requests back on HTTP/1.1 while render-blocking
 * stylesheets in the head are loading, so the stylesheets get the link first (with nothing to wait for, low would only
 * put the scripts behind the page's images). Hydration does not mind: React skips elements it did not render in place
 * inside `<head>`, and finds hoisted ones by their attributes. `html` without a `</head>` (a later batch) is returned as
 * it is.
 */
export function stylesFirst(html: string): string {
  const end = html.indexOf("</head>");
  if (end < 0) return html;
  const head = html.slice(0, end);
  const preloads = head.match(MODULE_PRELOAD);
  if (!preloads) return html;
  const blockingSheet = STYLESHEET_LINK.test(head);
  const later = blockingSheet ? preloads.map((tag) => (/\bfetchpriority=/.test(tag) ? tag : tag.replace("<link ", '<link fetchpriority="low" '))) : preloads;
  return head.replace(MODULE_PRELOAD, "") + later.join("") + html.slice(end);
}

export class HtmlBatches extends Transform {
  #parts: Buffer[] = [];
  #headDone = false;

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#parts.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    done();
  }

  /** React's end of a batch: what it wrote since the last one goes on as one chunk. */
  flush(): void {
    if (this.#parts.length === 0) return;
    let batch = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts);
    this.#parts = [];
    if (!this.#headDone) {
      const html = batch.toString("utf8");
      if (html.includes("</head>")) {
        this.#headDone = true;
        batch = Buffer.from(stylesFirst(html), "utf8");
      }
    }
    this.push(batch);
  }

  override _flush(done: TransformCallback): void {
    this.flush();
    done();
  }
}
