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

/** An element of a tagged PDF's structure tree as a reader gets it: its role, its text and its children. */
export interface PdfElement {
  role: string;
  /** Its own marked content's text (not its children's). */
  text: string;
  alt?: string;
  children: PdfElement[];
}

interface JsNode {
  role: string;
  alt?: string;
  children?: (JsNode | { type: string; id: string })[];
}
interface JsPage {
  getStructTree(): Promise<JsNode | null>;
  getTextContent(o: { includeMarkedContent: boolean }): Promise<{ items: ({ str: string } | { type: string; id?: string })[] }>;
}

/**
 * The structure tree of a tagged PDF, per page, as pdf.js (the reader of pdf-parse, Firefox's) reads it: null for a
 * page without one (an untagged PDF). Each element's text is that of its marked content on the page.
 */
export async function readStructure(pdf: Uint8Array): Promise<{ pages: (PdfElement | null)[]; lang: string | null; markInfo: boolean }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { total } = await parser.getText();
    const doc = (parser as unknown as { doc: { getPage(n: number): Promise<JsPage>; getMarkInfo(): Promise<{ Marked?: boolean } | null> } }).doc;
    const pages: (PdfElement | null)[] = [];
    for (let n = 1; n <= total; n++) {
      const page = await doc.getPage(n);
      const tree = await page.getStructTree();
      const content = await page.getTextContent({ includeMarkedContent: true });
      const texts = new Map<string, string>();
      let open: string | null = null;
      for (const item of content.items) {
        if ("str" in item) {
          if (open) texts.set(open, (texts.get(open) ?? "") + item.str);
        } else if (item.type === "beginMarkedContentProps" && item.id) open = item.id;
        else if (item.type === "endMarkedContent") open = null;
      }
      const convert = (node: JsNode): PdfElement => {
        const children: PdfElement[] = [];
        let text = "";
        for (const child of node.children ?? []) {
          if ("role" in child) children.push(convert(child));
          else if (child.type === "content") text += texts.get(child.id) ?? "";
        }
        return { role: node.role, text: text.trim(), ...(node.alt ? { alt: node.alt } : {}), children };
      };
      // pdf.js answers the tree under a node of its own ('Root'): the document's top element is its child.
      const top = tree?.role === "Root" && tree.children?.length === 1 && "role" in tree.children[0]! ? tree.children[0] : tree;
      pages.push(top ? convert(top) : null);
    }
    const raw = Buffer.from(pdf).toString("latin1");
    const lang = /\/Lang \(([^)]*)\)/.exec(raw)?.[1] ?? null;
    return { pages, lang, markInfo: Boolean((await doc.getMarkInfo())?.Marked) };
  } finally {
    await parser.destroy();
  }
}

/** The elements of a structure tree, depth first, with the text of each (its own and its descendants', spaced). */
export function flatten(element: PdfElement | null): { role: string; text: string }[] {
  if (!element) return [];
  const all = (e: PdfElement): string => [e.text, ...e.children.map(all)].filter(Boolean).join(" ");
  return [{ role: element.role, text: all(element) }, ...element.children.flatMap(flatten)];
}
