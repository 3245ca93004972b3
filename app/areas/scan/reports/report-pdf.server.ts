/**
 * A report table as a PDF (pdfkit, the library the API renders its PDFs with): the portal's shared letterhead
 * (the organization's print logo and name, the title, the date, location and organization — media/pdf/), the
 * table (its header repeated on every page, long cells wrapped) and 'Page n of m' at the foot of every page.
 * Letter, landscape. Text in the embedded Unicode font (ADR 032).
 */
import { beginTable, cell, drawLetterhead, finishPdf, PDF_FONT, startPdf, tableRow, type PdfStruct } from "../../../media/pdf/pdf-document.server";
import type { ExportTable } from "./report";

export interface PdfReport {
  title: string;
  /** Lines under the title ('Date: 11/20/2026', 'Location: …', 'Organization: …'). */
  details: string[];
  table: ExportTable;
  /** Relative column widths (default: equal). */
  weights?: number[];
  empty: string;
  /** The letterhead: the organization's name and print logo (null: the name alone). */
  organizationName?: string;
  logo?: Uint8Array | null;
}

export function renderReportPdf(report: PdfReport): Promise<Buffer> {
  const started = startPdf({ title: report.title, layout: "landscape" });
  const { doc } = started;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20; // room for the page number

  drawLetterhead(doc, { logo: report.logo ?? null, organizationName: report.organizationName ?? "", title: report.title, details: report.details });

  const { header, rows } = report.table;
  const weights = report.weights ?? header.map(() => 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / total) * width);
  const pad = 4;
  const fontSize = 9;

  const rowHeight = (cells: string[], bold: boolean) => {
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(fontSize);
    return Math.max(...cells.map((c, i) => doc.heightOfString(c || " ", { width: widths[i]! - 2 * pad }))) + 2 * pad;
  };
  let table: PdfStruct | null = null;
  const drawRow = (cells: string[], bold: boolean, shade: boolean) => {
    const h = rowHeight(cells, bold);
    const y = doc.y;
    if (shade) doc.rect(left, y, width, h).fill(bold ? "#e3e8ef" : "#f6f7f9");
    doc.fillColor("#111111").font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(fontSize);
    let x = left;
    table ??= beginTable(doc);
    const row = tableRow(doc, table);
    cells.forEach((c, i) => {
      cell(doc, row, bold, c, x + pad, y + pad, { width: widths[i]! - 2 * pad });
      x += widths[i]!;
    });
    doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.5).strokeColor("#c8ced8").stroke();
    doc.x = left;
    doc.y = y + h;
  };

  if (rows.length === 0) {
    doc.font(PDF_FONT.regular).fontSize(11).fillColor("#111111").text(report.empty, left, doc.y, { width });
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

  return finishPdf(started);
}
