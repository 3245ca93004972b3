import type { RequestBody, Schema } from "../../core/contract.js";
import { artifact, beginTable, cell, headingText, PDF_FONT, tableRow, type Letterhead, type Pdf } from "../../../../app/media/pdf/pdf-document.server.js";
import { CATEGORY_LABEL } from "../../../../app/domain/scan-display.js";
import { renderPdf } from "../health/pdf.js";

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
const NO_RESULT_DATA = "No result data found for session.";

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

/** 'Left: Mild · Right: Slight': each hand's outcome, as the dialog lists them (a rule read on each hand). */
export function sidesText(sides: readonly { side: string; title: string }[] | undefined): string | null {
  return sides && sides.length > 0 ? sides.map((s) => `${s.side}: ${s.title}`).join(" · ") : null;
}

/**
 * Renders the ASSESSMENT_OUTCOMES_PDF document through the product's PDF layer (the shared letterhead with the
 * organization, 'Page n of m', tagged PDF/UA: ADR 046): session, results, outcome box (each hand's outcome for a
 * rule read on both), risk slider (the result with its hand) and factor table.
 */
export function renderOutcomesPdf(body: RenderPdfRequest, letterhead: Pick<Letterhead, "organizationName" | "logo"> = { organizationName: "", logo: null }): Promise<Buffer> {
  const { sessionData, outcomeBoxData, outcomeSliderData, outcomeFactorTableData } = body.pdfDocumentData;
  return renderPdf(body.pdfName, (doc) => draw(doc), { letterhead: { ...letterhead, title: "Assessment Outcome Report", details: [body.pdfName] } });

  function draw(doc: Pdf) {
    const left = doc.page.margins.left;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const bottom = () => doc.page.height - doc.page.margins.bottom - 16; // room for 'Page n of m'
    const ensureSpace = (h: number) => {
      if (doc.y + h > bottom()) doc.addPage();
    };
    const section = (title: string, room: number) => {
      ensureSpace(room);
      doc.font(PDF_FONT.bold).fontSize(12).fillColor("#111111");
      headingText(doc, 2, title, left, doc.y, { width });
      doc.moveDown(0.3);
    };

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
    const session = beginTable(doc);
    for (const [k, v] of details) {
      const y = doc.y;
      const row = tableRow(doc, session);
      doc.font(PDF_FONT.bold).fontSize(10).fillColor("#111111");
      cell(doc, row, true, k, left, y, { width: 110 });
      const below = doc.y;
      doc.font(PDF_FONT.regular);
      cell(doc, row, false, v, left + 115, y, { width: width - 115 });
      doc.y = Math.max(doc.y, below);
      doc.moveDown(0.2);
    }
    doc.moveDown(0.6);

    // Results
    section("Results", 40);
    if (sessionData.assessment.results.length === 0) doc.font(PDF_FONT.regular).fontSize(10).text(NO_RESULT_DATA, left, doc.y, { width });
    else {
      const results = beginTable(doc);
      for (const r of sessionData.assessment.results) {
        ensureSpace(16);
        const y = doc.y;
        const row = tableRow(doc, results);
        doc.font(PDF_FONT.regular).fontSize(10).fillColor("#111111");
        cell(doc, row, true, r.name, left, y, { width: width - 160 });
        const below = doc.y;
        cell(doc, row, false, formatResult(r.value, r.units), left + width - 150, y, { width: 150, align: "right" });
        doc.y = Math.max(doc.y, below);
        doc.moveDown(0.2);
      }
    }
    doc.moveDown(0.8);

    // Outcome box: the outcome (the more severe hand's for a rule read on both), each hand's outcome under it.
    const sides = sidesText(outcomeBoxData.sides);
    doc.font(PDF_FONT.regular).fontSize(10);
    const descHeight = outcomeBoxData.description ? doc.heightOfString(outcomeBoxData.description, { width: width - 24 }) + 2 : 0;
    const sidesHeight = sides ? doc.font(PDF_FONT.bold).fontSize(11).heightOfString(sides, { width: width - 24 }) + 4 : 0;
    const boxHeight = 40 + descHeight + sidesHeight;
    section("Outcome", boxHeight + 30);
    const boxY = doc.y;
    const boxColour = CATEGORY_COLOURS[outcomeBoxData.category];
    artifact(doc, "Layout", () => doc.save().roundedRect(left, boxY, width, boxHeight, 6).fillAndStroke(boxColour, boxColour).restore());
    const boxText = DARK_TEXT_ON.has(outcomeBoxData.category) ? "#111111" : "#ffffff";
    doc.font(PDF_FONT.bold).fontSize(14).fillColor(boxText);
    headingText(doc, 3, outcomeBoxData.title, left + 12, boxY + 10, { width: width - 24 });
    if (outcomeBoxData.description) doc.font(PDF_FONT.regular).fontSize(10).text(outcomeBoxData.description, left + 12, doc.y + 2, { width: width - 24 });
    if (sides) doc.font(PDF_FONT.bold).fontSize(11).text(sides, left + 12, doc.y + 4, { width: width - 24 });
    doc.fillColor("#111111");
    doc.y = boxY + boxHeight + 16;

    // Risk slider
    const segments = outcomeSliderData.segments;
    if (segments.length > 0) {
      section("Risk scale", 80);
      const barY = doc.y + 10;
      const segW = width / segments.length;
      const at = segments.findIndex((s) => s.category === outcomeBoxData.category);
      artifact(doc, "Layout", () => {
        segments.forEach((s, i) => doc.save().rect(left + i * segW, barY, segW, 12).fill(CATEGORY_COLOURS[s.category]).restore());
        if (at >= 0) {
          const cx = left + at * segW + segW / 2;
          doc.save().moveTo(cx - 6, barY - 9).lineTo(cx + 6, barY - 9).lineTo(cx, barY - 1).fill("#111111").restore();
        }
      });
      segments.forEach((s, i) => {
        doc.font(PDF_FONT.regular).fontSize(8).fillColor("#111111").text(i === at ? `${s.label} (this result)` : s.label, left + i * segW, barY + 16, { width: segW, align: "center" });
      });
      doc.y = barY + 34;
      if (outcomeSliderData.value !== null) {
        const hand = outcomeSliderData.side ? ` (${outcomeSliderData.side})` : "";
        doc.font(PDF_FONT.regular).fontSize(9).fillColor("#333333")
          .text(`Result${hand}: ${formatResult(outcomeSliderData.value, outcomeSliderData.units ?? "")}`, left, doc.y, { width });
      }
      doc.moveDown(0.8);
    }

    // Factor table
    const rows = outcomeFactorTableData.rows;
    if (rows.length > 0) {
      section("Risk factors", 40);
      const colCat = 80;
      const colCrit = 140;
      const colDesc = width - colCat - colCrit;
      const factors = beginTable(doc);
      const header = doc.y;
      const head = tableRow(doc, factors);
      doc.font(PDF_FONT.bold).fontSize(9);
      cell(doc, head, true, "Category", left, header, { width: colCat });
      cell(doc, head, true, "Criteria", left + colCat, header, { width: colCrit });
      cell(doc, head, true, "Description", left + colCat + colCrit, header, { width: colDesc });
      doc.moveDown(0.3);
      for (const r of rows) {
        doc.font(PDF_FONT.regular).fontSize(9);
        const h = Math.max(doc.heightOfString(r.description, { width: colDesc }), doc.heightOfString(r.criteria, { width: colCrit }), 12);
        ensureSpace(h + 8);
        const y = doc.y;
        artifact(doc, "Layout", () => doc.save().rect(left, y + 1, 8, 8).fill(CATEGORY_COLOURS[r.category]).restore());
        const row = tableRow(doc, factors);
        doc.fillColor("#111111");
        cell(doc, row, false, label(r.category), left + 12, y, { width: colCat - 12 });
        cell(doc, row, false, r.criteria, left + colCat, y, { width: colCrit });
        cell(doc, row, false, r.description, left + colCat + colCrit, y, { width: colDesc });
        doc.y = y + h + 6;
      }
    }
  }
}
