/**
 * For the tests of every PDF producer (the portal's and the reference API's, ADR 032): names in five scripts, the
 * text read back from a PDF (pdf-parse, i.e. pdf.js) and the fonts it embeds.
 */
import { PDFParse } from "pdf-parse";

/** Vietnamese, Polish, Greek, Chinese and Arabic names: none of them survives the standard fonts' WinAnsi. */
export const WORLD_NAMES = {
  vietnamese: "Nguyễn Thị Minh Khai",
  polish: "Łukasz Żółć",
  greek: "Αλέξανδρος Παπαδόπουλος",
  chinese: "王秀英",
  arabic: "محمد عبد الله",
} as const;

/** The PDF's text as pdf.js extracts it (pages joined), and its document information. */
export async function readPdf(pdf: Uint8Array): Promise<{ text: string; info: Record<string, unknown>; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return { text: text.text, info: (info.info ?? {}) as Record<string, unknown>, pages: text.total };
  } finally {
    await parser.destroy();
  }
}

/**
 * The fonts the PDF names (`/BaseFont`), and which of them are embedded: a subset is named with a six-letter tag
 * ('ABCDEF+ExerPdfSans-Regular') and has its glyphs in a /FontFile2 stream.
 */
export function pdfFonts(pdf: Uint8Array): { baseFonts: string[]; embeddedFiles: number } {
  const raw = Buffer.from(pdf).toString("latin1");
  const baseFonts = [...new Set([...raw.matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map((m) => m[1]!))].sort();
  return { baseFonts, embeddedFiles: raw.split("/FontFile2").length - 1 };
}
