import { beginTable, cell, drawLetterhead, finishPdf, headingText, PDF_FONT, startPdf, tableRow, type Letterhead, type Pdf } from "../../../../app/media/pdf/pdf-document.server.js";

export type { Pdf };
export { PDF_FONT };

const CREATOR = "Exer provider API";

/**
 * Renders a PDF and resolves with its bytes (starts with `%PDF`), through the product's one PDF layer
 * (app/media/pdf/pdf-document.server.ts): the embedded Unicode font (ADR 032), tagged PDF/UA with its title and
 * language (ADR 046), 'Page n of m' at the foot of every page and, when given, the shared letterhead.
 */
export async function renderPdf(title: string, draw: (doc: Pdf) => void, options: { letterhead?: Letterhead } = {}): Promise<Buffer> {
  const started = startPdf({ title, margin: 50, creator: CREATOR });
  if (options.letterhead) drawLetterhead(started.doc, options.letterhead);
  draw(started.doc);
  return finishPdf(started);
}

/** A heading (H2 of the tagged PDF) followed by a thin rule. */
export function heading(doc: Pdf, text: string, size = 13): void {
  doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(size).fillColor("#1b2a41");
  headingText(doc, 2, text, doc.page.margins.left, doc.y);
  const y = doc.y + 2;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.5).strokeColor("#9aa5b1").stroke();
  doc.moveDown(0.4).font(PDF_FONT.regular).fontSize(10).fillColor("#000000");
}

/** "Label: value" lines. */
export function fields(doc: Pdf, rows: [string, string][]): void {
  for (const [label, value] of rows) {
    doc.font(PDF_FONT.bold).fontSize(10).text(`${label}: `, { continued: true }).font(PDF_FONT.regular).text(value);
  }
}

/** A simple table: fixed column widths (points), header row in bold, new page when the page is full. */
export function table(doc: Pdf, columns: { title: string; width: number }[], rows: string[][]): void {
  const left = doc.page.margins.left;
  // Room for 'Page n of m' under the last row.
  const bottom = () => doc.page.height - doc.page.margins.bottom - 12;
  const tagged = beginTable(doc);
  const drawRow = (cells: string[], bold: boolean) => {
    const heights = cells.map((c, i) => doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(9).heightOfString(c, { width: columns[i]!.width - 6 }));
    const h = Math.max(12, ...heights) + 4;
    if (doc.y + h > bottom()) {
      doc.addPage();
      if (!bold) drawRow(columns.map((c) => c.title), true);
    }
    const y = doc.y;
    let x = left;
    const row = tableRow(doc, tagged);
    cells.forEach((c, i) => {
      doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(9).fillColor("#000000");
      cell(doc, row, bold, c, x + 3, y + 2, { width: columns[i]!.width - 6 });
      x += columns[i]!.width;
    });
    doc.x = left;
    doc.y = y + h;
    doc.moveTo(left, doc.y).lineTo(x, doc.y).lineWidth(0.3).strokeColor("#c8ced6").stroke();
  };
  drawRow(columns.map((c) => c.title), true);
  for (const r of rows) drawRow(r, false);
  doc.x = left;
  doc.moveDown(0.5);
}

/** YYYY-MM-DD → MM/dd/yyyy (the product's date format). */
export function usDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

/** An instant shown in a time zone as MM/dd/yyyy, h:mm AM/PM MST: the time with its zone (ADR 046). */
export function usDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(new Date(iso));
}
