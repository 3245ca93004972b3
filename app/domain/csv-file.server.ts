/** CSV files the portal sends: RFC 4180 quoting by csv-stringify, every cell through spreadsheetCell (no formulas). */
import { stringify } from "csv-stringify/sync";
import { spreadsheetCell, type Cell } from "./spreadsheet";

export function csvFile(rows: readonly (readonly Cell[])[]): string {
  return stringify(rows.map((row) => row.map(spreadsheetCell)));
}
