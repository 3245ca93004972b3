import PDFDocument from "pdfkit";
import type { RequestBody, Schema } from "../../core/contract.js";
import { PDF_FONT, embedUnicodeFonts } from "../../../../app/media/pdf/pdf-fonts.server.js";
import { CATEGORY_LABEL } from "../../../../app/domain/scan-display.js";

type RenderPdfRequest = RequestBody<"renderPdf">;
type Category = Schema<"FactorCategory">;

/** Risk colours: low green, medium yellow, high red, and graded colours for the tremor scale. */
export const CATEGORY_COLOURS: Record<Category, string> = {
  LOW: "#2e7d32",
  MEDIUM: "#f9a825",
  HIGH: "#c62828",
  NORMAL: "#2e7d32",
  SLIGHT: "#9ccc65",
  MILD: "#fdd835",
  MODERATE: "#fb8c00",
  SEVERE: "#e53935",
  MARKED: "#b71c1c",
  NONE: "#9e9e9e",
};
const DARK_TEXT_ON = new Set<Category>(["MEDIUM", "SLIGHT", "MILD"]);

/** The category in the dialog's words ('Low Risk', not 'Low'): one set of words (app/domain/fall-risk.ts). */
const label = (c: Category) => CATEGORY_LABEL[c];

/** Display decimals: 0 for degrees, otherwise 2. */
export function formatResult(value: number, units: string): string {
  const deg = /^(deg|degrees?|°)$/i.test(units.trim());
  return `${value.toFixed(deg ? 0 : 2)} ${units}`.trim();
}

/** MM/dd/yyyy of an instant (UTC). */
function formatDate(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** Renders the ASSESSMENT_OUTCOMES_PDF document: session, results, outcome box, risk slider and factor table. */
export function renderOutcomesPdf(body: RenderPdfRequest): Promise<Buffer> {
  const { sessionData, outcomeBoxData, outcomeSliderData, outcomeFactorTableData } = body.pdfDocumentData;
  const doc = new PDFDocument({ size: "LETTER", margin: 50, info: { Title: body.pdfName, Creator: "Exer provider API", Producer: "Exer provider API" } });
  // The product's embedded Unicode font (ADR 032): names and texts in any script print as they are.
  embedUnicodeFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const ensureSpace = (h: number) => {
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  // Title
  doc.font(PDF_FONT.bold).fontSize(18).fillColor("#111111").text("Assessment Outcome Report", left, doc.y, { width });
  doc.font(PDF_FONT.regular).fontSize(11).fillColor("#555555").text(body.pdfName, { width });
  doc.moveDown(0.8);

  // Session details
  const demographics = sessionData.demographics
    ? `Age ${sessionData.demographics.age}, ${sessionData.demographics.sex === "MALE" ? "Male" : "Female"}`
    : "Not required";
  const details: [string, string][] = [
    ["Participant", sessionData.participantUid],
    ["Date", formatDate(sessionData.createdDate)],
    ["Assessment", `${sessionData.assessmentName} (${sessionData.assessment.id})`],
    ["Practitioner", sessionData.practitionerName ?? "-"],
    ["Demographics", demographics],
  ];
  for (const [k, v] of details) {
    const y = doc.y;
    doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111111").text(k, left, y, { width: 110 });
    doc.font(PDF_FONT.regular).text(v, left + 115, y, { width: width - 115 });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.6);

  // Results
  doc.font(PDF_FONT.bold).fontSize(12).fillColor("#111111").text("Results", left, doc.y, { width });
  doc.moveDown(0.3);
  if (sessionData.assessment.results.length === 0) doc.font(PDF_FONT.regular).fontSize(10).text("No result data found for session.", { width });
  for (const r of sessionData.assessment.results) {
    ensureSpace(16);
    const y = doc.y;
    doc.font(PDF_FONT.regular).fontSize(10).fillColor("#111111").text(r.name, left, y, { width: width - 160 });
    doc.text(formatResult(r.value, r.units), left + width - 150, y, { width: 150, align: "right" });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.8);

  // Outcome box
  ensureSpace(90);
  const boxY = doc.y;
  const boxColour = CATEGORY_COLOURS[outcomeBoxData.category];
  doc.font(PDF_FONT.regular).fontSize(10);
  const descHeight = outcomeBoxData.description ? doc.heightOfString(outcomeBoxData.description, { width: width - 24 }) : 0;
  const boxHeight = 40 + descHeight;
  doc.save().roundedRect(left, boxY, width, boxHeight, 6).fillAndStroke(boxColour, boxColour).restore();
  const boxText = DARK_TEXT_ON.has(outcomeBoxData.category) ? "#111111" : "#ffffff";
  doc.font(PDF_FONT.bold).fontSize(14).fillColor(boxText).text(outcomeBoxData.title, left + 12, boxY + 10, { width: width - 24 });
  if (outcomeBoxData.description) doc.font(PDF_FONT.regular).fontSize(10).text(outcomeBoxData.description, left + 12, doc.y + 2, { width: width - 24 });
  doc.fillColor("#111111");
  doc.y = boxY + boxHeight + 16;

  // Risk slider
  const segments = outcomeSliderData.segments;
  if (segments.length > 0) {
    ensureSpace(70);
    doc.font(PDF_FONT.bold).fontSize(12).text("Risk scale", left, doc.y, { width });
    doc.moveDown(0.3);
    const barY = doc.y + 10;
    const segW = width / segments.length;
    segments.forEach((s, i) => {
      doc.save().rect(left + i * segW, barY, segW, 12).fill(CATEGORY_COLOURS[s.category]).restore();
      doc.font(PDF_FONT.regular).fontSize(8).fillColor("#111111").text(s.label, left + i * segW, barY + 16, { width: segW, align: "center" });
    });
    const at = segments.findIndex((s) => s.category === outcomeBoxData.category);
    if (at >= 0) {
      const cx = left + at * segW + segW / 2;
      doc.save().moveTo(cx - 6, barY - 9).lineTo(cx + 6, barY - 9).lineTo(cx, barY - 1).fill("#111111").restore();
    }
    doc.y = barY + 34;
    if (outcomeSliderData.value !== null) {
      doc.font(PDF_FONT.regular).fontSize(9).fillColor("#333333")
        .text(`Result: ${formatResult(outcomeSliderData.value, outcomeSliderData.units ?? "")}`, left, doc.y, { width });
    }
    doc.moveDown(0.8);
  }

  // Factor table
  const rows = outcomeFactorTableData.rows;
  if (rows.length > 0) {
    ensureSpace(40);
    doc.font(PDF_FONT.bold).fontSize(12).fillColor("#111111").text("Risk factors", left, doc.y, { width });
    doc.moveDown(0.3);
    const colCat = 80;
    const colCrit = 140;
    const colDesc = width - colCat - colCrit;
    const header = doc.y;
    doc.font(PDF_FONT.bold).fontSize(9).text("Category", left, header, { width: colCat });
    doc.text("Criteria", left + colCat, header, { width: colCrit });
    doc.text("Description", left + colCat + colCrit, header, { width: colDesc });
    doc.moveDown(0.3);
    for (const r of rows) {
      doc.font(PDF_FONT.regular).fontSize(9);
      const h = Math.max(doc.heightOfString(r.description, { width: colDesc }), doc.heightOfString(r.criteria, { width: colCrit }), 12);
      ensureSpace(h + 8);
      const y = doc.y;
      doc.save().rect(left, y + 1, 8, 8).fill(CATEGORY_COLOURS[r.category]).restore();
      doc.fillColor("#111111").text(label(r.category), left + 12, y, { width: colCat - 12 });
      doc.text(r.criteria, left + colCat, y, { width: colCrit });
      doc.text(r.description, left + colCat + colCrit, y, { width: colDesc });
      doc.y = y + h + 6;
    }
  }

  doc.end();
  return done;
}
