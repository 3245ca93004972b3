/**
 * The RTM audit packet as a PDF (ADR 033), drawn by the portal from the packet's shape (rules/audit-packet.ts): the
 * shared letterhead (print logo, organization name, 'Page n of m', the embedded Unicode font of ADR 032), then the
 * month's codes, the set-up, each device interval with its days of data and their dates, each management month
 * with its time entries (each with how its minutes were entered, its call, whether it is the live interaction and
 * who entered it), and the live interactions. All text is real text (selectable, extractable).
 */
import { beginTable, bottomOf, cell, drawLetterhead, ensureRoom, finishPdf, headingText, leftOf, PDF_FONT, sectionHeading, startPdf, tableRow, widthOf, type Pdf } from "../../media/pdf/pdf-document.server";
import { LIVE_RULE, PACKET_HEADING, SOURCE_NOTE, type AuditPacket } from "./rules/audit-packet";

function heading(doc: Pdf, text: string) {
  sectionHeading(doc, text, { room: 80, fontSize: 13 });
}

function subHeading(doc: Pdf, text: string) {
  ensureRoom(doc, 50);
  // A part of a section: H3 of the tagged PDF (ADR 046).
  doc.moveDown(0.4).font(PDF_FONT.bold).fontSize(10.5).fillColor("#111111");
  headingText(doc, 3, text, leftOf(doc), doc.y, { width: widthOf(doc) });
}

function line(doc: Pdf, text: string, options: { bold?: boolean; size?: number; color?: string } = {}) {
  doc.font(options.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(options.size ?? 9.5).fillColor(options.color ?? "#222222");
  ensureRoom(doc, doc.heightOfString(text, { width: widthOf(doc) }));
  doc.text(text, leftOf(doc), doc.y, { width: widthOf(doc) });
}

/**
 * A table whose cells wrap: each row as tall as its tallest cell, the header repeated at the top of a new page.
 * `widths` are fractions of the text width. A tagged table (ADR 046): Table, TR, TH for the header's cells, TD for
 * the others — the shared layer's `beginTable` / `tableRow` / `cell`.
 */
function table(doc: Pdf, header: readonly string[], widths: readonly number[], rows: readonly (readonly string[])[]) {
  if (rows.length === 0) return;
  const total = widthOf(doc);
  const cols = widths.map((w) => w * total);
  const pad = 3;
  const size = 8.5;
  const heightOf = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(size);
    return Math.max(...cells.map((c, i) => doc.heightOfString(c || " ", { width: cols[i]! - 2 * pad }))) + 2 * pad;
  };
  const tagged = beginTable(doc);
  const draw = (cells: readonly string[], bold: boolean) => {
    const h = heightOf(cells, bold);
    const top = doc.y;
    let x = leftOf(doc);
    const row = tableRow(doc, tagged);
    cells.forEach((c, i) => {
      doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(size).fillColor("#111111");
      cell(doc, row, bold, c, x + pad, top + pad, { width: cols[i]! - 2 * pad });
      x += cols[i]!;
    });
    doc.moveTo(leftOf(doc), top + h).lineTo(leftOf(doc) + total, top + h).lineWidth(bold ? 0.75 : 0.25).strokeColor(bold ? "#333333" : "#bbbbbb").stroke();
    doc.x = leftOf(doc);
    doc.y = top + h;
  };
  ensureRoom(doc, heightOf(header, true) + heightOf(rows[0]!, false));
  draw(header, true);
  for (const row of rows) {
    if (doc.y + heightOf(row, false) > bottomOf(doc)) {
      doc.addPage();
      draw(header, true);
    }
    draw(row, false);
  }
  doc.moveDown(0.4);
}

/** A device interval's or a management month's title, its facts with the code reached, and its projection while it runs. */
function periodHeader(doc: Pdf, title: string, period: { facts: string; code: string; projection: string | null }): void {
  subHeading(doc, title);
  line(doc, `${period.facts} — ${period.code}`);
  if (period.projection) line(doc, period.projection, { color: "#444444" });
  doc.moveDown(0.2);
}

export interface AuditPacketPdfInput {
  packet: AuditPacket;
  organizationName: string;
  logo: Uint8Array | null;
}

export async function renderAuditPacketPdf({ packet, organizationName, logo }: AuditPacketPdfInput): Promise<Buffer> {
  const started = startPdf({ title: packet.title });
  const { doc } = started;
  drawLetterhead(doc, { logo, organizationName, title: PACKET_HEADING, details: packet.details });

  heading(doc, "Codes this month");
  if (packet.codes.length === 0) line(doc, "No RTM cycle of this patient ends in this month.");
  table(
    doc,
    ["Code", "Description", "Status", "Dates", "Basis", "Still needed / heading for"],
    [0.1, 0.2, 0.12, 0.18, 0.1, 0.3],
    packet.codes.map((c) => [c.code, c.description, c.status, c.dates, c.basis, c.note]),
  );

  // Who each code is billed under, its modifiers, who marked it billed and when (issue 32, ADR 044).
  heading(doc, "Claim lines");
  table(
    doc,
    ["Code", "Rendering practitioner", "NPI", "Credential", "Modifiers", "Billed on", "Billed by"],
    [0.1, 0.2, 0.14, 0.11, 0.1, 0.17, 0.18],
    packet.claims.map((c) => [c.code, c.rendering, c.npi, c.credential, c.modifiers, c.billedOn, c.billedBy]),
  );

  heading(doc, "Set-up (98975) and consent");
  for (const l of packet.setup) line(doc, l);

  heading(doc, "Device supply (98985, 98977): days of data");
  if (packet.intervals.length === 0) line(doc, "No device-supply interval ends in this month.");
  for (const interval of packet.intervals) {
    periodHeader(doc, `Interval ${interval.period}`, interval);
    if (interval.days.length === 0) line(doc, "No days of data in this interval.");
    table(
      doc,
      ["#", "Date", "Data"],
      [0.06, 0.2, 0.74],
      interval.days.map((d, i) => [String(i + 1), d.date, d.what]),
    );
  }

  heading(doc, "Care management (98979, 98980, 98981): time entries");
  if (packet.months.length === 0) line(doc, "No care-management month ends in this month.");
  for (const month of packet.months) {
    periodHeader(doc, month.period, month);
    if (month.entries.length === 0) line(doc, "No care notes in this month.");
    // Per care note: its date, minutes, how they were entered (timer or typed), its call and whether it is the live
    // interaction, and who entered it (ADR 033, "The audit packet"); the cells wrap within the page's width.
    table(
      doc,
      ["Date", "Minutes", "Entered", "Interaction", "Live interaction", "Entered by"],
      [0.13, 0.15, 0.09, 0.31, 0.11, 0.21],
      month.entries.map((e) => [e.date, e.minutes, e.entered, e.interaction, e.live ? "Yes" : "No", e.by]),
    );
  }

  heading(doc, "Live interactions");
  line(doc, LIVE_RULE, { color: "#444444" });
  doc.moveDown(0.3);
  for (const month of packet.months) {
    subHeading(doc, month.period);
    if (month.live.length === 0) line(doc, `No live interaction is logged in ${month.period}: 98979, 98980 and 98981 need one.`);
    else table(doc, ["Date", "Minutes", "Entered", "Interaction", "Entered by"], [0.13, 0.15, 0.09, 0.31, 0.32], month.live.map((e) => [e.date, e.minutes, e.entered, e.interaction, e.by]));
  }
  if (packet.months.length === 0) line(doc, "No care-management month ends in this month.");

  doc.moveDown(1);
  line(doc, SOURCE_NOTE, { size: 8.5, color: "#555555" });
  return finishPdf(started);
}
