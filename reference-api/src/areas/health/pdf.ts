import PDFDocument from "pdfkit";
import { PDF_FONT, embedUnicodeFonts } from "../../../../app/media/pdf/pdf-fonts.server.js";

export type Pdf = InstanceType<typeof PDFDocument>;
export { PDF_FONT };

/**
 * Renders a PDF with pdfkit and resolves with its bytes (starts with `%PDF`). Its text is in the product's embedded
 * Unicode font (the portal's PDF font setup, ADR 032): names in any script print as they are.
 */
export function renderPdf(title: string, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 50, info: { Title: title, Producer: "Exer provider API", Creator: "Exer provider API" } });
    embedUnicodeFonts(doc);
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      doc.end();
    } catch (e) {
      reject(e);
    }
  });
}

/** A heading followed by a thin rule. */
export function heading(doc: Pdf, text: string, size = 13): void {
  doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(size).fillColor("#1b2a41").text(text);
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
  const drawRow = (cells: string[], bold: boolean) => {
    const heights = cells.map((c, i) => doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(9).heightOfString(c, { width: columns[i]!.width - 6 }));
    const h = Math.max(12, ...heights) + 4;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold) drawRow(columns.map((c) => c.title), true);
    }
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(9).fillColor("#000000").text(c, x + 3, y + 2, { width: columns[i]!.width - 6 });
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

/** An instant shown in a time zone as MM/dd/yyyy h:mm AM/PM. */
export function usDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}
