/**
 * What every PDF the portal produces shares (the patient report, the scan reports): a pdfkit document with its
 * title and language set (selectable text), the letterhead — the organization's print logo (`logoUrl`, ADR 010)
 * and name, the document's title and its detail lines — and 'Page n of m' at the foot of every page. Text is
 * drawn in the embedded Unicode font (`PDF_FONT`, ADR 032): names in any script print as they are.
 */
import PDFDocument from "pdfkit";
import { PDF_FONT, embedUnicodeFonts } from "./pdf-fonts.server";

export { PDF_FONT };

export type Pdf = InstanceType<typeof PDFDocument>;

export const PDF_LANGUAGE = "en-US";
const CREATOR = "Exer provider portal";

export interface StartedPdf {
  doc: Pdf;
  /** The document's bytes once `doc.end()` was called. */
  done: Promise<Buffer>;
}

/** A new document (pages buffered, so the footer can number them at the end). */
export function startPdf(options: { title: string; layout?: "portrait" | "landscape"; margin?: number }): StartedPdf {
  const doc = new PDFDocument({
    size: "LETTER",
    layout: options.layout ?? "portrait",
    margin: options.margin ?? 40,
    bufferPages: true,
    lang: PDF_LANGUAGE,
    displayTitle: true,
    info: { Title: options.title, Creator: CREATOR, Producer: CREATOR },
  });
  embedUnicodeFonts(doc);
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
    try {
      doc.image(Buffer.from(head.logo), left, top, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
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
  doc.font(PDF_FONT.bold).fontSize(16).fillColor("#111111").text(head.title, { width: left + width - textLeft });
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
    doc.font(PDF_FONT.regular).fontSize(9).fillColor("#555555").text(text, left, doc.page.height - margin + 10, { width, align: "right", lineBreak: false });
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

/** A section's bold title over a rule, not alone at the foot of a page: `room` points must fit below it. */
export function sectionHeading(doc: Pdf, text: string, { room, fontSize }: { room: number; fontSize: number }): void {
  ensureRoom(doc, room);
  doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(fontSize).fillColor("#111111").text(text, leftOf(doc), doc.y, { width: widthOf(doc) });
  const y = doc.y + 2;
  doc.moveTo(leftOf(doc), y).lineTo(leftOf(doc) + widthOf(doc), y).lineWidth(0.5).strokeColor("#888888").stroke();
  doc.y = y + 6;
}
