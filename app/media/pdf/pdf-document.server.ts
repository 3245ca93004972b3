/**
 * What every PDF the product makes shares (the portal's patient report, scan reports and RTM audit packet; the
 * reference API's activity report, RTM PDFs and analysis PDF): a pdfkit document with its title and language set
 * (selectable text), the letterhead — the organization's print logo (`logoUrl`, ADR 010) and name, the document's
 * title and its detail lines — and 'Page n of m' at the foot of every page. Text is drawn in the embedded Unicode
 * font (`PDF_FONT`, ADR 032): names in any script print as they are.
 *
 * Tagged (PDF/UA, ADR 046): every document has a structure tree under one Document element. Every `doc.text` call
 * becomes a paragraph (P) unless it says otherwise (`structType: "H1"`, a table cell through `tableRow`/`cell`);
 * what is drawn between texts (rules, boxes, backgrounds) is marked as an artifact, the page footer as pagination,
 * charts as figures with their text alternative. The producers call the helpers here; none tags by hand.
 *
 * This file imports no other project file but its font setup, so the reference API (NodeNext) uses it as the portal does.
 */
import PDFDocument from "pdfkit";
import { PDF_FONT, embedUnicodeFonts } from "./pdf-fonts.server.js";

export { PDF_FONT };

export type Pdf = InstanceType<typeof PDFDocument>;
/** A structure element of the tagged PDF (Document, H1, P, Table, TR, TH, TD, Figure). */
export type PdfStruct = ReturnType<Pdf["struct"]>;

export const PDF_LANGUAGE = "en-US";
const CREATOR = "Exer provider portal";

// --- Tagging (PDF/UA) -------------------------------------------------------------------------------------------

interface Marking {
  tag: string;
  structContent?: unknown;
}
interface Tagging {
  /** The Document element: every paragraph, heading, table and figure is its child. */
  root: PdfStruct;
  /** Inside an artifact or a figure: text is drawn as it is, not tagged. */
  raw: number;
}
const TAGGING = new WeakMap<Pdf, Tagging>();
const markingsOf = (doc: Pdf) => (doc.page as unknown as { markings: Marking[] }).markings;

/** Ends a paragraph's (cell's, heading's) marked content once its text is drawn, and marks what follows as an artifact. */
function afterContent(doc: Pdf): void {
  const markings = markingsOf(doc);
  while (markings.length > 0 && markings[markings.length - 1]!.structContent) doc.endMarkedContent();
  openArtifact(doc);
}

/** Whatever is drawn next, until the next text, is an artifact (rules, boxes, shading: no content of its own). */
function openArtifact(doc: Pdf): void {
  const markings = markingsOf(doc);
  if (markings.length === 0) doc.markContent("Artifact");
}

type TextOptions = PDFKit.Mixins.TextOptions & { structParent?: PdfStruct; structType?: string };

/**
 * Makes the document tagged: a Document element at the root, `doc.text` drawing a paragraph by default, and the
 * space between texts an artifact. Called by `startPdf` only.
 */
function tag(doc: Pdf): void {
  const root = doc.struct("Document");
  doc.addStructure(root);
  const tagging: Tagging = { root, raw: 0 };
  TAGGING.set(doc, tagging);
  const text = doc.text.bind(doc) as (text: string, x?: unknown, y?: unknown, options?: TextOptions) => Pdf;
  (doc as unknown as { text: typeof text }).text = (value, x, y, options) => {
    if (tagging.raw > 0) return text(value, x, y, options);
    // doc.text(value, options) and doc.text(value, x, y, options): the options are the last object given.
    const given = (typeof x === "object" && x !== null ? x : (options ?? {})) as TextOptions;
    const tagged: TextOptions = given.structParent ? given : { ...given, structParent: root, structType: given.structType ?? "P" };
    // pdfkit takes an x of undefined for its options (a default parameter of {}): pass the options alone then.
    if (x === undefined && typeof y === "number") doc.y = y;
    if (x === undefined || (typeof x === "object" && x !== null)) text(value, tagged);
    else text(value, x, y, tagged);
    if (!tagged.continued) afterContent(doc);
    return doc;
  };
  // pdfkit closes an open artifact before marked content with an MCID — except MCID 0 (a falsy check), the first
  // content of every page, which would land inside the artifact: close it here for every MCID.
  const markContent = doc.markContent.bind(doc);
  doc.markContent = (tag: string, options?: PDFKit.Mixins.MarkingOptions) => {
    if (options && typeof (options as { mcid?: unknown }).mcid === "number") {
      const markings = markingsOf(doc);
      while (markings.length > 0 && markings[markings.length - 1]!.tag === "Artifact") doc.endMarkedContent();
    }
    return markContent(tag, options);
  };
  doc.on("pageAdded", () => openArtifact(doc));
  openArtifact(doc);
}

function taggingOf(doc: Pdf): Tagging {
  const tagging = TAGGING.get(doc);
  if (!tagging) throw new Error("Not a document of startPdf: it is not tagged");
  return tagging;
}

/** Draws `draw` as an artifact (`type`: Pagination for the footer, Layout otherwise): its text is not read. */
export function artifact(doc: Pdf, type: "Pagination" | "Layout", draw: () => void): void {
  const tagging = taggingOf(doc);
  doc.markContent("Artifact", { type });
  tagging.raw++;
  try {
    draw();
  } finally {
    tagging.raw--;
    while (markingsOf(doc).length > 0) doc.endMarkedContent();
    openArtifact(doc);
  }
}

/** Draws `draw` (a chart, an image) as a figure read as `alt`. */
export function figure(doc: Pdf, alt: string, draw: () => void): void {
  const tagging = taggingOf(doc);
  const element = doc.struct("Figure", { alt });
  tagging.root.add(element);
  tagging.raw++;
  try {
    element.add(draw);
  } finally {
    tagging.raw--;
    element.end();
    openArtifact(doc);
  }
}

/** A heading (H1 the document's title, H2 a section, H3 a part of one) drawn with `doc.text`'s arguments. */
export function headingText(doc: Pdf, level: 1 | 2 | 3, text: string, x?: number, y?: number, options: TextOptions = {}): Pdf {
  return doc.text(text, x, y, { ...options, structType: `H${level}` } as TextOptions);
}

/** A table of the document: its rows are `tableRow(doc, table)`, their cells drawn with `cell`. */
export function beginTable(doc: Pdf): PdfStruct {
  const table = doc.struct("Table");
  taggingOf(doc).root.add(table);
  return table;
}

export function tableRow(doc: Pdf, table: PdfStruct): PdfStruct {
  const row = doc.struct("TR");
  table.add(row);
  return row;
}

/** One cell's text (a header cell when `header`), drawn with `doc.text`'s arguments; an empty cell is kept empty. */
export function cell(doc: Pdf, row: PdfStruct, header: boolean, text: string, x: number, y: number, options: TextOptions = {}): void {
  const type = header ? "TH" : "TD";
  if (text === "") {
    row.add(doc.struct(type, [] as unknown as PDFKit.Mixins.StructureElementOptions));
    return;
  }
  doc.text(text, x, y, { ...options, structParent: row, structType: type } as TextOptions);
}

export interface StartedPdf {
  doc: Pdf;
  /** The document's bytes once `doc.end()` was called. */
  done: Promise<Buffer>;
}

/** A new document (pages buffered, so the footer can number them at the end). */
export function startPdf(options: { title: string; layout?: "portrait" | "landscape"; margin?: number; creator?: string }): StartedPdf {
  const creator = options.creator ?? CREATOR;
  const doc = new PDFDocument({
    size: "LETTER",
    layout: options.layout ?? "portrait",
    margin: options.margin ?? 40,
    bufferPages: true,
    lang: PDF_LANGUAGE,
    displayTitle: true,
    // Tagged PDF/UA (ADR 046): structure tree, marked content, the PDF/UA identification in the metadata.
    pdfVersion: "1.7",
    tagged: true,
    subset: "PDF/UA",
    info: { Title: options.title, Creator: creator, Producer: creator },
    // @types/pdfkit knows the PDF/A subsets only; pdfkit 0.20 has PDF/UA.
  } as unknown as PDFKit.PDFDocumentOptions);
  embedUnicodeFonts(doc);
  tag(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

export interface Letterhead {
  /** The print logo's bytes (PNG or JPEG), or null: the organization's name stands alone. */
  logo: Uint8Array | null;
  organizationName: string;
  title: string;
  /** Lines under the title ('Date: 11/20/2026', …). */
  details?: string[];
}

/** The logo's box on the page (the logo is 250×140, ADR 010: half size). */
export const LOGO_BOX = { width: 125, height: 70 } as const;

/** Draws the letterhead at the top of the current page and leaves `doc.y` below it. */
export function drawLetterhead(doc: Pdf, head: Letterhead): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.page.margins.top;
  let textLeft = left;
  if (head.logo) {
    const logo = Buffer.from(head.logo);
    try {
      // The logo is the organization's name as an image: an artifact (the name is written beside it).
      artifact(doc, "Layout", () => doc.image(logo, left, top, { fit: [LOGO_BOX.width, LOGO_BOX.height] }));
      textLeft = left + LOGO_BOX.width + 16;
    } catch {
      // An image pdfkit cannot read: the name alone, as without a logo.
    }
  }
  doc.x = textLeft;
  doc.y = top;
  if (head.organizationName) {
    doc.font(PDF_FONT.bold).fontSize(11).fillColor("#333333").text(head.organizationName, textLeft, top, { width: left + width - textLeft });
    doc.moveDown(0.2);
  }
  doc.font(PDF_FONT.bold).fontSize(16).fillColor("#111111");
  headingText(doc, 1, head.title, doc.x, doc.y, { width: left + width - textLeft });
  doc.moveDown(0.2);
  doc.font(PDF_FONT.regular).fontSize(10).fillColor("#444444");
  for (const line of head.details ?? []) doc.text(line, { width: left + width - textLeft });
  const bottom = Math.max(doc.y, head.logo && textLeft > left ? top + LOGO_BOX.height : 0) + 8;
  doc.moveTo(left, bottom).lineTo(left + width, bottom).lineWidth(0.75).strokeColor("#666666").stroke();
  doc.x = left;
  doc.y = bottom + 10;
}

/** 'Page n of m' at the foot of every page, then ends the document. */
export function finishPdf({ doc, done }: StartedPdf): Promise<Buffer> {
  const range = doc.bufferedPageRange();
  const left = doc.page.margins.left;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const text = `Page ${i - range.start + 1} of ${range.count}`;
    // Writing inside the bottom margin must not add a page: lift the margin while writing the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    artifact(doc, "Pagination", () =>
      doc.font(PDF_FONT.regular).fontSize(9).fillColor("#555555").text(text, left, doc.page.height - margin + 10, { width, align: "right", lineBreak: false }),
    );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}

/** Room kept above the footer ('Page n of m') by the flowing documents (the patient report, the RTM audit packet). */
const FOOTER_ROOM = 24;
export const bottomOf = (doc: Pdf) => doc.page.height - doc.page.margins.bottom - FOOTER_ROOM;
export const leftOf = (doc: Pdf) => doc.page.margins.left;
export const widthOf = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** A new page unless `height` points still fit above the footer. */
export function ensureRoom(doc: Pdf, height: number): void {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

/** A section's bold title (H2) over a rule, not alone at the foot of a page: `room` points must fit below it. */
export function sectionHeading(doc: Pdf, text: string, { room, fontSize }: { room: number; fontSize: number }): void {
  ensureRoom(doc, room);
  doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(fontSize).fillColor("#111111");
  headingText(doc, 2, text, leftOf(doc), doc.y, { width: widthOf(doc) });
  const y = doc.y + 2;
  doc.moveTo(leftOf(doc), y).lineTo(leftOf(doc) + widthOf(doc), y).lineWidth(0.5).strokeColor("#888888").stroke();
  doc.y = y + 6;
}
