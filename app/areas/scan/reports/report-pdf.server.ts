/**
 * A report table as a PDF (pdfkit, the library the API renders its PDFs with): the title, the date, location and
 * organization, the table (its header repeated on every page, long cells wrapped) and 'Page n of m' at the foot
 * of every page. Letter, landscape. The standard fonts only encode WinAnsi: other characters become '?'.
 */
import PDFDocument from "pdfkit";
import type { ExportTable } from "./report";

export interface PdfReport {
  title: string;
  /** Lines under the title ('Date: 11/20/2026', 'Location: …', 'Organization: …'). */
  details: string[];
  table: ExportTable;
  /** Relative column widths (default: equal). */
  weights?: number[];
  empty: string;
}

const safe = (s: string) => s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, "-").replace(/[^\x20-\x7e\xa0-\xff\n]/g, "?");

export function renderReportPdf(report: PdfReport): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", layout: "landscape", margin: 40, bufferPages: true, info: { Title: safe(report.title), Creator: "Exer provider portal" } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20; // room for the page number

  doc.font("Helvetica-Bold").fontSize(16).fillColor("#111111").text(safe(report.title), left, doc.y, { width });
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(10).fillColor("#444444");
  for (const line of report.details) doc.text(safe(line), { width });
  doc.moveDown(0.8);

  const { header, rows } = report.table;
  const weights = report.weights ?? header.map(() => 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / total) * width);
  const pad = 4;
  const fontSize = 9;

  const rowHeight = (cells: string[], bold: boolean) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
    return Math.max(...cells.map((c, i) => doc.heightOfString(safe(c) || " ", { width: widths[i]! - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (cells: string[], bold: boolean, shade: boolean) => {
    const h = rowHeight(cells, bold);
    const y = doc.y;
    if (shade) doc.rect(left, y, width, h).fill(bold ? "#e3e8ef" : "#f6f7f9");
    doc.fillColor("#111111").font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
    let x = left;
    cells.forEach((c, i) => {
      doc.text(safe(c), x + pad, y + pad, { width: widths[i]! - 2 * pad });
      x += widths[i]!;
    });
    doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.5).strokeColor("#c8ced8").stroke();
    doc.x = left;
    doc.y = y + h;
  };

  if (rows.length === 0) {
    doc.font("Helvetica").fontSize(11).fillColor("#111111").text(safe(report.empty), left, doc.y, { width });
  } else {
    drawRow(header, true, true);
    rows.forEach((cells, i) => {
      if (doc.y + rowHeight(cells, false) > bottom()) {
        doc.addPage();
        drawRow(header, true, true);
      }
      drawRow(cells, false, i % 2 === 1);
    });
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const text = `Page ${i - range.start + 1} of ${range.count}`;
    // Writing inside the bottom margin must not add a page: lift the margin while writing the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(9).fillColor("#555555").text(text, left, doc.page.height - margin + 10, { width, align: "right", lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
