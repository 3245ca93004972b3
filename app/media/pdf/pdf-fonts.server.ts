/**
 * The one font setup of every PDF the product makes (the portal's patient and scan reports, the reference API's
 * activity report, analysis and RTM PDFs; ADR 032). PDFs used pdfkit's standard fonts, which only encode
 * WinAnsi: "Nguyễn" printed as "Nguy?n", Chinese names as "???". Now every PDF embeds "Exer PDF Sans"
 * (fonts/pdf/: Noto Sans, Noto Sans Arabic and Noto Sans CJK's common characters merged into one font per weight,
 * SIL Open Font License), and pdfkit embeds only the glyphs a document uses (a subset).
 *
 * Arabic and Hebrew: fontkit shapes each run (joining forms, ligatures) and lays a right-to-left run out right to
 * left, but pdfkit lays out a line word by word, left to right, so a right-to-left name came out with its words
 * in reverse order. `embedUnicodeFonts` gives the document's fonts a layout that runs the Unicode Bidirectional
 * Algorithm (bidi-js) over each line pdfkit draws or measures: the line is split into runs of one direction,
 * each run is shaped as a whole (its mirrored characters swapped) and the runs are put in visual order.
 *
 * This file imports no other project file, so the reference API (NodeNext) uses it as the portal does.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import bidiModule, { type Bidi } from "bidi-js";
import type PDFDocument from "pdfkit";

type Doc = InstanceType<typeof PDFDocument>;

/** The names every PDF's text uses (`doc.font(PDF_FONT.bold)`); `embedUnicodeFonts` registers them. */
export const PDF_FONT = { regular: "ExerPdfSans-Regular", bold: "ExerPdfSans-Bold" } as const;

const FONT_DIR = join("fonts", "pdf");
const FILES = { [PDF_FONT.regular]: "ExerPdfSans-Regular.ttf.br", [PDF_FONT.bold]: "ExerPdfSans-Bold.ttf.br" } as const;

/**
 * fonts/pdf/ of the project: up from this module (app/media/pdf/ in development and tests, build/server/ and its
 * chunks in the built portal — the container copies fonts/ beside build/, Dockerfile), or PDF_FONT_DIR.
 */
function fontDir(): string {
  const configured = process.env.PDF_FONT_DIR;
  if (configured) return configured;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, FONT_DIR, FILES[PDF_FONT.regular]))) return join(dir, FONT_DIR);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new Error(`The PDF fonts (${FONT_DIR}/) were not found above ${fileURLToPath(import.meta.url)}; set PDF_FONT_DIR`);
}

let loaded: Record<string, Buffer> | null = null;

/** The fonts' TrueType bytes, read and decompressed once per process (about 7 MB). */
export function pdfFontBytes(): Record<string, Buffer> {
  if (!loaded) {
    const dir = fontDir();
    loaded = Object.fromEntries(Object.entries(FILES).map(([name, file]) => [name, brotliDecompressSync(readFileSync(join(dir, file)))]));
  }
  return loaded;
}

// --- Bidirectional layout ---------------------------------------------------------------------------------------

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth?: number;
}
interface Run {
  glyphs: Glyph[];
  positions: Position[];
  advanceWidth: number;
}
/** The fontkit font behind an embedded font. */
interface FontkitFont {
  layout(text: string, features?: unknown, script?: string, language?: string, direction?: "ltr" | "rtl"): Run;
  createSubset(): unknown;
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
}

/**
 * fontkit caches one glyph object per glyph id, with the characters of its first request. A subset's encoding
 * asks for the components of composite glyphs without characters ('ć' is 'c' and an accent, Greek 'Α' is Latin
 * 'A'): with the font shared by documents, a 'c' first met that way kept no characters, and every later document
 * of the process wrote it without its Unicode mapping ('Therapeutic' read back as 'Therapeuti'). A glyph asked for
 * with its characters gets them.
 */
function withGlyphCharacters(font: FontkitFont): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
}
/** What pdfkit's embedded font (an internal class) has that the code below uses. */
interface EmbeddedFont {
  font: FontkitFont;
  subset: unknown;
  scale: number;
  layoutRun(text: string): Run;
  layoutCached(text: string): Run;
  layout(text: string, features?: unknown, onlyWidth?: boolean): { glyphs: Glyph[] | null; positions: Position[] | null; advanceWidth: number };
}

// bidi-js is CommonJS (`module.exports` is the factory) typed as an ES module: NodeNext (the reference API's
// program) types the default import as the module, Bundler (the portal's) as the factory; at run time it is the factory.
const bidi = (bidiModule as unknown as () => Bidi)();
/** Characters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, …, their presentation forms, RLM/RLE/RLO/RLI). */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]|[\ud802-\ud803\ud83a-\ud83b][\udc00-\udfff]/;

/**
 * The line's glyphs in visual order: one fontkit layout per run of one embedding level (left to right for an even
 * level, right to left for an odd one, fontkit reversing it), the runs then reordered by rule L2 of the algorithm.
 */
function bidiLayout(font: EmbeddedFont, text: string, features: unknown, onlyWidth: boolean) {
  const levels = Uint8Array.from(bidi.getEmbeddingLevels(text, "auto").levels);
  let shaped = text;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  if (mirrored.size > 0) shaped = text.split("").map((c, i) => mirrored.get(i) ?? c).join(""); // code units, as the map
  // Rule L1 with pdfkit's left-to-right lines: the whitespace ending the line stays at its right end.
  for (let i = text.length - 1; i >= 0 && /\s/.test(text[i]!); i--) levels[i] = 0;
  const runs: { level: number; run: Run }[] = [];
  for (let start = 0; start < text.length; ) {
    let end = start + 1;
    while (end < text.length && levels[end] === levels[start]) end++;
    const level = levels[start]!;
    const run = font.font.layout(shaped.slice(start, end), features, undefined, undefined, level % 2 ? "rtl" : "ltr");
    for (let i = 0; i < run.positions.length; i++) {
      const position = run.positions[i]!;
      position.xAdvance *= font.scale;
      position.yAdvance *= font.scale;
      position.xOffset *= font.scale;
      position.yOffset *= font.scale;
      position.advanceWidth = run.glyphs[i]!.advanceWidth * font.scale;
    }
    runs.push({ level, run });
    start = end;
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or higher.
  const max = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1));
  for (let level = max; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  let advanceWidth = 0;
  const glyphs: Glyph[] = [];
  const positions: Position[] = [];
  for (const { run } of runs) {
    for (const p of run.positions) advanceWidth += p.xAdvance;
    if (!onlyWidth) {
      glyphs.push(...run.glyphs);
      positions.push(...run.positions);
    }
  }
  return { glyphs: onlyWidth ? null : glyphs, positions: onlyWidth ? null : positions, advanceWidth };
}

const BIDI = Symbol("bidi layout");

/** Lines with right-to-left text go through `bidiLayout`; any other text keeps pdfkit's (word-cached) layout. */
function withBidiLayout(font: EmbeddedFont & { [BIDI]?: true }): void {
  if (font[BIDI]) return;
  const layout = font.layout.bind(font);
  font.layout = (text, features, onlyWidth) => (RTL.test(text) ? bidiLayout(font, text, features, onlyWidth ?? false) : layout(text, features, onlyWidth));
  font[BIDI] = true;
}

/**
 * One fontkit font per weight for the process. pdfkit parses a font anew for every document, and the shaping tables
 * of a font this size (GSUB, GPOS of four scripts) cost more than the rest of a report; fontkit's font is read-only
 * but for its caches, so documents share it, each with its own subset (the glyphs that document embeds).
 */
const shared = new Map<string, FontkitFont>();

/**
 * pdfkit shapes each word once per document (its layout cache); this cache is the process's, per weight, so the
 * words every report has (labels, dates, numbers) are shaped once. Bounded: emptied when full.
 */
const WORD_CACHE_SIZE = 20_000;
const words = new Map<string, Map<string, Run>>();

function withSharedWordCache(font: EmbeddedFont, cache: Map<string, Run>): void {
  font.layoutCached = (text) => {
    let run = cache.get(text);
    if (!run) {
      run = font.layoutRun(text);
      if (cache.size >= WORD_CACHE_SIZE) cache.clear();
      cache.set(text, run);
    }
    return run;
  };
}

/**
 * Registers the PDF fonts with the document (regular, bold: `PDF_FONT`), gives them the bidirectional layout and
 * makes the regular one current. Call it once, right after `new PDFDocument(…)`.
 */
export function embedUnicodeFonts(doc: Doc): void {
  const bytes = pdfFontBytes();
  for (const name of [PDF_FONT.bold, PDF_FONT.regular]) {
    doc.registerFont(name, bytes[name]!);
    doc.font(name);
    const embedded = (doc as unknown as { _font: EmbeddedFont })._font;
    const font = shared.get(name);
    if (font) {
      embedded.font = font;
      embedded.subset = font.createSubset();
    } else {
      withGlyphCharacters(embedded.font);
      shared.set(name, embedded.font);
    }
    if (!words.has(name)) words.set(name, new Map());
    withSharedWordCache(embedded, words.get(name)!);
    withBidiLayout(embedded);
  }
}
