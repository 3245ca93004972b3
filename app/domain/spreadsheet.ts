/**
 * Text the portal hands to spreadsheets — CSV files, and text made to be pasted (the RTM cycle's copy) — written
 * so that no cell runs as a formula (OWASP "CSV Injection"; ASVS 5.3.10 is its Level 2 neighbour). A cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel, LibreOffice and Google Sheets as a
 * formula (`=HYPERLINK(…)` in a gait comment, a practitioner's name): it gets a leading apostrophe, which the
 * spreadsheet shows as text and does not display. Numbers stay numbers (`-5.2`, `+3`). Names typed into uploads are
 * stored as typed; they are neutralised here, on the way out.
 */
import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type Cell = string | number | null | undefined;

/** One cell as text a spreadsheet shows and never runs. */
export function spreadsheetCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : value;
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A CSV file (RFC 4180 quoting by csv-stringify) whose every cell went through spreadsheetCell. */
export function csvFile(rows: readonly (readonly Cell[])[]): string {
  return stringify(rows.map((row) => row.map(spreadsheetCell)));
}

/** Lines of text made to be pasted (one cell per line in a spreadsheet): each line as a cell. */
export function pasteableLines(lines: readonly string[]): string {
  return lines.map(spreadsheetCell).join("\n");
}
