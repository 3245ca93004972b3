import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { beginTable, cell, drawLetterhead, finishPdf, PDF_FONT, sectionHeading, startPdf, tableRow } from "./pdf-document.server";
import { flatten, pdfFonts, readPdf, readStructure, WORLD_NAMES } from "./test-fixture";
import { fetchPrintLogo } from "./print-logo.server";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const answer = (body: Uint8Array | string, status = 200) => (async () => new Response(body as BodyInit, { status })) as unknown as typeof fetch;

describe("the print logo", () => {
  it("is the print logo's bytes, PNG or JPEG by their signature", async () => {
    expect(await fetchPrintLogo({ logoUrl: "http://api.test/files/a", webLogoUrl: null }, { fetch: answer(PNG) })).toEqual(new Uint8Array(PNG));
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(await fetchPrintLogo({ logoUrl: null, webLogoUrl: "http://api.test/files/w" }, { fetch: answer(jpeg) })).toEqual(jpeg);
  });

  it("is null without a URL, on an error status, for other bytes or a failed fetch", async () => {
    expect(await fetchPrintLogo({ logoUrl: null, webLogoUrl: null })).toBeNull();
    expect(await fetchPrintLogo({ logoUrl: "javascript:alert(1)" })).toBeNull();
    expect(await fetchPrintLogo({ logoUrl: "http://api.test/x" }, { fetch: answer(PNG, 404) })).toBeNull();
    expect(await fetchPrintLogo({ logoUrl: "http://api.test/x" }, { fetch: answer("<svg/>") })).toBeNull();
    const failing = (async () => Promise.reject(new TypeError("fetch failed"))) as unknown as typeof fetch;
    expect(await fetchPrintLogo({ logoUrl: "http://api.test/x" }, { fetch: failing })).toBeNull();
  });
});

describe("the shared letterhead and footer", () => {
  it("show the organization, the title, the details and 'Page n of m'; title and language are set", async () => {
    const started = startPdf({ title: "Scan – Report" });
    drawLetterhead(started.doc, { logo: PNG, organizationName: "Front Range PT", title: "Scan Report", details: ["Date: 11/20/2026"] });
    started.doc.addPage().text("second");
    const pdf = await finishPdf(started);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const { text, total } = await parser.getText();
    const { info } = await parser.getInfo();
    await parser.destroy();
    expect(total).toBe(2);
    for (const s of ["Front Range PT", "Scan Report", "Date: 11/20/2026", "Page 1 of 2", "Page 2 of 2"]) expect(text).toContain(s);
    expect(info).toMatchObject({ Title: "Scan – Report", Language: "en-US" });
  });

  it("print names in any script as they are, in embedded subsets of the Unicode font (ADR 032)", async () => {
    const started = startPdf({ title: `Report: ${WORLD_NAMES.chinese}` });
    drawLetterhead(started.doc, { logo: null, organizationName: WORLD_NAMES.vietnamese, title: WORLD_NAMES.greek, details: [`Patient: ${WORLD_NAMES.polish}`, WORLD_NAMES.arabic, "Quotes ‘’ “” – — × ≥ ≤ °"] });
    const pdf = await finishPdf(started);
    const { text, info } = await readPdf(pdf);
    for (const line of [WORLD_NAMES.vietnamese, WORLD_NAMES.greek, `Patient: ${WORLD_NAMES.polish}`, WORLD_NAMES.arabic, "Quotes ‘’ “” – — × ≥ ≤ °", "Page 1 of 1"]) expect(text).toContain(`${line}\n`);
    expect(info.Title).toBe(`Report: ${WORLD_NAMES.chinese}`);
    expect(pdfFonts(pdf)).toEqual({ baseFonts: [expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Bold$/), expect.stringMatching(/^[A-Z]{6}\+ExerPdfSans-Regular$/)], embeddedFiles: 2 });
    expect(pdf.length).toBeLessThan(30_000);
  });

  it("lay a line with right-to-left text out in visual order, each run shaped whole, brackets mirrored", async () => {
    const started = startPdf({ title: "t" });
    // The glyphs pdfkit draws, left to right, by the characters they stand for.
    const font = (started.doc as unknown as { _font: { layout(text: string): { glyphs: { codePoints: number[] }[] } } })._font;
    const drawn = (text: string) => font.layout(text).glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join("");
    expect(drawn("محمد عبد")).toBe("دبع دمحم");
    expect(drawn("Name: محمد عبد")).toBe("Name: دبع دمحم");
    expect(drawn("محمد عبد ")).toBe("دبع دمحم "); // the line's trailing space stays at its right end
    expect(drawn("(محمد) 12")).toBe("12 (دمحم)");
    expect(drawn(WORLD_NAMES.vietnamese)).toBe(WORLD_NAMES.vietnamese);
    await finishPdf(started);
  });

  it("space lines by the Latin part's metrics (about 1.36 x the font size), not the tallest script's (ADR 032)", async () => {
    const started = startPdf({ title: "t" });
    const { doc } = started;
    for (const font of [PDF_FONT.regular, PDF_FONT.bold]) {
      for (const size of [8.5, 10, 18]) {
        doc.font(font).fontSize(size);
        const ratio = doc.currentLineHeight(true) / size;
        expect(ratio, `${font} ${size} pt`).toBeGreaterThan(1.1);
        expect(ratio, `${font} ${size} pt`).toBeLessThan(1.5);
      }
    }
    // A paragraph of N wrapped lines, in every script the font covers, takes N lines' height and moves the cursor by it.
    doc.font(PDF_FONT.regular).fontSize(10);
    const line = doc.currentLineHeight(true);
    const words = `Ǻ Ýñ ${WORLD_NAMES.arabic} 日本語 ${WORLD_NAMES.vietnamese} ${WORLD_NAMES.chinese}`;
    const paragraph = Array.from({ length: 12 }, () => words).join(" ");
    const width = 200;
    const lines = doc.heightOfString(paragraph, { width }) / line;
    expect(lines, "a whole number of lines").toBeCloseTo(Math.round(lines), 3);
    expect(lines).toBeGreaterThanOrEqual(8);
    const top = doc.y;
    doc.text(paragraph, doc.page.margins.left, top, { width });
    expect(doc.y - top).toBeCloseTo(lines * line, 3);
    expect((doc.y - top) / lines / 10).toBeLessThan(1.5);
    await finishPdf(started);
  });
});

describe("the font shared by the process's documents", () => {
  it("keeps a glyph's characters when a subset first asked for it as a composite's component", async () => {
    const first = startPdf({ title: "t" });
    const font = (first.doc as unknown as { _font: { font: { glyphForCodePoint(c: number): { id: number }; getGlyph(id: number): unknown; _glyphs: Record<number, unknown> } } })._font.font;
    const id = font.glyphForCodePoint(0x175).id; // 'ŵ'
    // What a subset's encoding does for a composite's component: the glyph without its characters.
    delete font._glyphs[id];
    font.getGlyph(id);
    await finishPdf(first);
    const next = startPdf({ title: "t" });
    next.doc.text("Bowŵ");
    expect((await readPdf(await finishPdf(next))).text).toContain("Bowŵ");
  });
});

describe("tagged PDFs (PDF/UA, ADR 046)", () => {
  it("have a structure tree: the title a heading, sections headings, tables of header and data cells, text paragraphs; rules and the footer are artifacts", async () => {
    const started = startPdf({ title: "Scan – Report" });
    const { doc } = started;
    drawLetterhead(doc, { logo: PNG, organizationName: "Front Range PT", title: "Scan Report", details: ["Date: 11/20/2026"] });
    sectionHeading(doc, "Results", { room: 40, fontSize: 13 });
    const table = beginTable(doc);
    const head = tableRow(doc, table);
    cell(doc, head, true, "Patient", 40, doc.y, { width: 200 });
    cell(doc, head, true, "Sessions", 240, doc.y, { width: 100 });
    doc.moveDown();
    const row = tableRow(doc, table);
    const y = doc.y;
    cell(doc, row, false, WORLD_NAMES.polish, 40, y, { width: 200 });
    cell(doc, row, false, "12", 240, y, { width: 100 });
    doc.moveTo(40, doc.y).lineTo(300, doc.y).stroke();
    doc.addPage().text("second page");
    const pdf = await finishPdf(started);
    const { pages, lang, markInfo } = await readStructure(pdf);
    expect(markInfo).toBe(true);
    expect(lang).toBe("en-US");
    expect(pages).toHaveLength(2);
    expect(pages[0]!.role).toBe("Document");
    expect(flatten(pages[0]!).slice(1)).toEqual([
      { role: "P", text: "Front Range PT" },
      { role: "H1", text: "Scan Report" },
      { role: "P", text: "Date: 11/20/2026" },
      { role: "H2", text: "Results" },
      { role: "Table", text: `Patient Sessions ${WORLD_NAMES.polish} 12` },
      { role: "TR", text: "Patient Sessions" },
      { role: "TH", text: "Patient" },
      { role: "TH", text: "Sessions" },
      { role: "TR", text: `${WORLD_NAMES.polish} 12` },
      { role: "TD", text: WORLD_NAMES.polish },
      { role: "TD", text: "12" },
    ]);
    expect(flatten(pages[1]!).slice(1)).toEqual([{ role: "P", text: "second page" }]);
    // 'Page n of m' is still printed, outside the tree (pagination artifact).
    expect((await readPdf(pdf)).text).toContain("Page 2 of 2");
    expect(Buffer.from(pdf).toString("latin1")).toContain("pdfuaid:part>1<");
  });
});
