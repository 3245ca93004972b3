/**
 * The document's bytes as React produces them, in batches: React writes many small chunks (2 KB views) for the
 * shell and for each streamed section, then calls the destination's `flush()` (the convention it shares with
 * zlib streams). Passing every chunk on made the adapter write and flush each one separately — with compression,
 * one compressor flush per 2 KB: the patient list went out in 21 writes and flushes; in batches it takes 3 (and
 * compresses ~4% smaller). The shell, each streamed section and the end are still sent the moment React has them.
 *
 * The first batch holds the whole `<head>`: its styles are put before its module preloads (`stylesFirst`).
 *
 * With `gzip`, each batch leaves compressed (`GzipBatches`: the document is a gzip stream whose blocks end with each
 * batch), here rather than in the compression middleware: the middleware compresses in Node's thread pool one write and
 * one flush at a time — two hand-offs per batch, through two more streams — which cost the patient list ~0.4 ms of CPU
 * per page more than compressing its three batches in place (ADR 038, eighth pass). The middleware leaves an encoded
 * response as it is.
 */
import { Transform, type TransformCallback } from "node:stream";
import { constants, crc32, deflateRawSync } from "node:zlib";

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

/**
 * A gzip stream written a batch at a time (RFC 1952): the header, then each batch as raw deflate blocks that end on a
 * byte boundary without ending the stream (`Z_SYNC_FLUSH`: the browser can decode all of it at once, as a flushed
 * compressor's output), then an empty last block, the CRC-32 and the length. Each batch is compressed on its own (its
 * back-references stay within it), as the middleware's full flush between batches did: the same size.
 */
export class GzipBatches {
  #crc = 0;
  #size = 0;
  #started = false;

  /** `batch` compressed (after the stream's header, for the first). */
  batch(batch: Buffer): Buffer {
    this.#crc = crc32(batch, this.#crc);
    this.#size = (this.#size + batch.length) % 2 ** 32;
    const blocks = deflateRawSync(batch, { finishFlush: constants.Z_SYNC_FLUSH });
    if (this.#started) return blocks;
    this.#started = true;
    return Buffer.concat([GZIP_HEADER, blocks]);
  }

  /** The stream's end: the last (empty) block, the CRC-32 and the length of what was compressed. */
  end(): Buffer {
    const trailer = Buffer.alloc(10);
    trailer[0] = 0x03; // an empty block with fixed codes, marked last
    trailer.writeUInt32LE(this.#crc >>> 0, 2);
    trailer.writeUInt32LE(this.#size, 6);
    return this.#started ? trailer : Buffer.concat([GZIP_HEADER, trailer]);
  }
}

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

export class HtmlBatches extends Transform {
  #parts: Buffer[] = [];
  #headDone = false;
  readonly #gzip: GzipBatches | undefined;

  constructor({ gzip = false }: { gzip?: boolean } = {}) {
    super();
    this.#gzip = gzip ? new GzipBatches() : undefined;
  }

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
    this.push(this.#gzip ? this.#gzip.batch(batch) : batch);
  }

  override _flush(done: TransformCallback): void {
    this.flush();
    if (this.#gzip) this.push(this.#gzip.end());
    done();
  }
}

/**
 * Whether an Accept-Encoding header takes gzip: named (or `*`) with a q-value above 0, and not refused by name.
 * (`x-gzip` is the same coding, RFC 9110 §8.4.1.3.)
 */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let any = false;
  for (const entry of header.split(",")) {
    const [name = "", ...params] = entry.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const accepted = Number.isFinite(weight) && weight > 0;
    if (name === "gzip" || name === "x-gzip") named = (named ?? false) || accepted;
    else if (name === "*") any = accepted;
  }
  return named ?? any;
}
