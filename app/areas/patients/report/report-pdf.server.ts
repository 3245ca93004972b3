/**
 * The patient report as a PDF (000 §2.8 Download Patient Report), drawn by the portal from the report data:
 * the letterhead (print logo, organization name) and the first page's summary — patient, provider, location,
 * involved side and body part, programs, the period and the day counts — then per exercise (and side) the
 * trend chart and the table of values, then the PRO answers charted over time with their table. Charts are
 * ECharts SVG placed as vector graphics; all text is real text (selectable), in the embedded Unicode font (ADR 032);
 * 'Page n of m' on every page.
 */
import SVGtoPDF from "svg-to-pdfkit";
import { beginTable, bottomOf, cell, drawLetterhead, ensureRoom, figure, finishPdf, headingText, leftOf, PDF_FONT, sectionHeading, startPdf, tableRow, widthOf, type Pdf } from "../../../media/pdf/pdf-document.server";
import { CHART_SIZE, exerciseChartSvg, proChartSvg, type Period } from "./report-charts.server";
import { NO_ACTIVITY, NO_EXERCISE_DATA, NO_PRO_DATA, type ReportModel } from "./report-data";

export const REPORT_HEADING = "Patient Activity Report";

function heading(doc: Pdf, text: string) {
  // Not alone at the foot of a page: with room for the first section's title and chart.
  sectionHeading(doc, text, { room: CHART_SIZE.height + 110, fontSize: 14 });
}

function subHeading(doc: Pdf, title: string, lines: (string | null)[], needed: number) {
  ensureRoom(doc, needed);
  doc.moveDown(0.5).font(PDF_FONT.bold).fontSize(11).fillColor("#111111");
  headingText(doc, 3, title, leftOf(doc), doc.y, { width: widthOf(doc) });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor("#333333");
  for (const line of lines) if (line) doc.text(line, { width: widthOf(doc) });
  doc.moveDown(0.3);
}

/** A chart: a figure of the tagged PDF read as `alt` (its values are in the table that follows it). */
function chart(doc: Pdf, svg: string, alt: string) {
  ensureRoom(doc, CHART_SIZE.height + 4);
  const y = doc.y;
  // The charts' text (axis labels, legend: a survey's title) in the PDF's Unicode font, not a standard one.
  figure(doc, alt, () =>
    SVGtoPDF(doc, svg, leftOf(doc), y, { width: CHART_SIZE.width, height: CHART_SIZE.height, assumePt: true, fontCallback: (_family, bold) => (bold ? PDF_FONT.bold : PDF_FONT.regular) }),
  );
  doc.y = y;
  doc.x = leftOf(doc);
  doc.y += CHART_SIZE.height + 4;
}

/**
 * A compact table flowing in two column blocks per page (left block first, then the right one), its
 * header repeated at the top of each block.
 */
function table(doc: Pdf, header: string[], rows: string[][]) {
  if (rows.length === 0) return;
  const rowH = 12;
  const gap = 16;
  const blockW = (widthOf(doc) - gap) / 2;
  const colW = blockW / header.length;
  const drawRow = (cells: string[], x: number, y: number, bold: boolean) => {
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(8).fillColor("#111111");
    const row = tableRow(doc, tagged);
    cells.forEach((c, i) => cell(doc, row, bold, c, x + i * colW + 2, y + 2, { width: colW - 4, height: rowH, lineBreak: false, ellipsis: true }));
    doc.moveTo(x, y + rowH).lineTo(x + blockW, y + rowH).lineWidth(bold ? 0.75 : 0.25).strokeColor(bold ? "#333333" : "#bbbbbb").stroke();
  };
  // One table of the tagged PDF; its header row is repeated at the top of each block.
  const tagged = beginTable(doc);
  let i = 0;
  while (i < rows.length) {
    ensureRoom(doc, rowH * 3);
    const top = doc.y;
    const fit = Math.max(1, Math.floor((bottomOf(doc) - top) / rowH) - 1);
    const perBlock = Math.min(fit, Math.ceil((rows.length - i) / 2));
    let usedRows = 0;
    for (let block = 0; block < 2 && i < rows.length; block++) {
      const x = leftOf(doc) + block * (blockW + gap);
      drawRow(header, x, top, true);
      const chunk = rows.slice(i, i + perBlock);
      chunk.forEach((cells, r) => drawRow(cells, x, top + (r + 1) * rowH, false));
      usedRows = Math.max(usedRows, chunk.length + 1);
      i += chunk.length;
    }
    doc.x = leftOf(doc);
    doc.y = top + usedRows * rowH + 6;
    if (i < rows.length) doc.addPage();
  }
}

function summary(doc: Pdf, model: ReportModel) {
  const left = leftOf(doc);
  for (const [label, value] of model.details) {
    doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111111").text(`${label}: `, left, doc.y, { continued: true, width: widthOf(doc) }).font(PDF_FONT.regular).text(value);
  }
  doc.moveDown(0.8);
  // The day counts: three boxes side by side.
  const gap = 10;
  const boxW = (widthOf(doc) - gap * (model.counts.length - 1)) / model.counts.length;
  const boxH = 48;
  const top = doc.y;
  model.counts.forEach((c, i) => {
    const x = left + i * (boxW + gap);
    doc.rect(x, top, boxW, boxH).lineWidth(0.75).strokeColor("#555555").stroke();
    doc.font(PDF_FONT.bold).fontSize(16).fillColor("#111111").text(c.value, x + 8, top + 7, { width: boxW - 16 });
    doc.font(PDF_FONT.regular).fontSize(9).fillColor("#333333").text(c.label, x + 8, top + 29, { width: boxW - 16 });
  });
  doc.x = left;
  doc.y = top + boxH + 10;
}

export interface ReportPdfInput {
  model: ReportModel;
  period: Period;
  logo: Uint8Array | null;
}

export async function renderPatientReportPdf({ model, period, logo }: ReportPdfInput): Promise<Buffer> {
  const started = startPdf({ title: model.title });
  const { doc } = started;
  drawLetterhead(doc, { logo, organizationName: model.organizationName, title: REPORT_HEADING, details: [`Period: ${model.period}`] });
  summary(doc, model);

  if (model.noActivity) {
    doc.font(PDF_FONT.regular).fontSize(11).fillColor("#111111").text(NO_ACTIVITY, leftOf(doc), doc.y, { width: widthOf(doc) });
    return finishPdf(started);
  }

  heading(doc, "Exercises");
  if (model.exercises.length === 0) doc.font(PDF_FONT.regular).fontSize(10).fillColor("#111111").text("No exercise sessions in this period.", leftOf(doc), doc.y);
  for (const section of model.exercises) {
    const svg = exerciseChartSvg(section, period);
    subHeading(doc, section.chartTitle, [section.goalLabel, section.note], svg ? CHART_SIZE.height + 60 : 60);
    if (svg) chart(doc, svg, `Chart: ${section.chartTitle}, by day (values in the table below)`);
    else doc.font(PDF_FONT.regular).fontSize(10).fillColor("#111111").text(NO_EXERCISE_DATA, leftOf(doc), doc.y).moveDown(0.3);
    table(doc, section.table.header, section.table.rows);
  }

  heading(doc, "Surveys (patient-reported outcomes)");
  if (model.pros.length === 0) doc.font(PDF_FONT.regular).fontSize(10).fillColor("#111111").text("No survey answers in this period.", leftOf(doc), doc.y);
  for (const section of model.pros) {
    const svg = proChartSvg(section, period);
    subHeading(doc, `${section.title}: answers over time`, [section.prompt !== section.title ? `Question: ${section.prompt}` : null], svg ? CHART_SIZE.height + 60 : 60);
    if (svg) chart(doc, svg, `Chart: ${section.title}, answers over time (values in the table below)`);
    else doc.font(PDF_FONT.regular).fontSize(10).fillColor("#111111").text(NO_PRO_DATA, leftOf(doc), doc.y).moveDown(0.3);
    table(doc, section.table.header, section.table.rows);
  }
  return finishPdf(started);
}
