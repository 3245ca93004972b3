/**
 * Text the portal hands to spreadsheets — CSV files, and text made to be pasted (the RTM cycle's copy) — written
 * so that no cell runs as a formula (OWASP "CSV Injection"; ASVS 5.3.10 is its Level 2 neighbour). A cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel, LibreOffice and Google Sheets as a
 * formula (`=HYPERLINK(…)` in a gait comment, a practitioner's name): it gets a leading apostrophe, which the
 * spreadsheet shows as text and does not display. Numbers stay numbers (`-5.2`, `+3`). Names typed into uploads are
 * stored as typed; they are neutralised here, on the way out. Browser-safe (the Copy text is made in the page);
 * CSV files are written on the server by `csv-file.server.ts` with these cells.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type Cell = string | number | null | undefined;

/** One cell as text a spreadsheet shows and never runs. */
export function spreadsheetCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : value;
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * Text made to be pasted — the clipboard's every write goes through it (`copyToClipboard`). A spreadsheet splits
 * pasted text into rows at line breaks and into cells at tabs, so every such piece is a cell that must not start a
 * formula: a name holding a line break or a tab cannot smuggle a second, live cell. A single value (an e-mail, a
 * UUID, a link) is one cell and comes back unchanged unless it starts like a formula.
 */
export function pasteableText(text: string): string {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.split("\t").map(spreadsheetCell).join("\t"))
    .join("\n");
}

/** Lines of text made to be pasted (one cell per line in a spreadsheet). */
export function pasteableLines(lines: readonly string[]): string {
  return pasteableText(lines.join("\n"));
}
