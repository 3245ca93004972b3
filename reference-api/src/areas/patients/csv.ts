/**
 * CSV in (RFC 4180) through csv-parse: comma-separated, fields optionally in double quotes (a quote inside a
 * quoted field is written twice), CRLF or LF line ends, a UTF-8 byte-order mark ignored, quoted fields may span
 * lines, rows of any width (the header mapping checks columns). Returns the records with the line number each
 * starts on (1-based); blank lines are skipped. A malformed file is a CsvError naming the line.
 */
import { CsvError as ParseError, parse } from "csv-parse/sync";

export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {}

/** csv-parse's codes in the words the import's 400 uses. */
const PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted field is not closed",
  CSV_INVALID_CLOSING_QUOTE: "unexpected text after a closing quote",
  INVALID_OPENING_QUOTE: "a quote inside an unquoted field",
};

export function parseCsv(text: string): CsvRecord[] {
  try {
    const rows = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, record_delimiter: ["\r\n", "\n", "\r"] }) as unknown as { record: string[]; info: { lines: number } }[];
    // `info.lines` is the line the record ends on; a record spanning lines started that many newlines earlier.
    return rows.map(({ record, info }) => ({ line: info.lines - countNewlines(record), fields: record }));
  } catch (e) {
    if (e instanceof ParseError) {
      const line = (e as ParseError & { lines?: number }).lines ?? 0;
      throw new CsvError(`Line ${line}: ${PROBLEMS[e.code] ?? "the file is not valid CSV"}`);
    }
    throw e;
  }
}

const countNewlines = (fields: readonly string[]) => fields.reduce((n, f) => n + (f.match(/\r\n|\n|\r/g)?.length ?? 0), 0);

/** Looks like binary (NUL bytes or many control characters): not a CSV file. */
export function looksBinary(buf: Buffer): boolean {
  const n = Math.min(buf.length, 4096);
  let ctrl = 0;
  for (let i = 0; i < n; i++) {
    const b = buf[i]!;
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) ctrl++;
  }
  return ctrl > n / 20;
}

/**
 * Maps a header to column indexes: names are matched case-insensitively (spaces and underscores ignored).
 * Unknown columns are an error; `required` must all be present, `oneOf` groups need at least one.
 */
export function mapHeader(header: string[], known: string[], required: string[], oneOf: string[][] = []): Map<string, number> {
  const key = (s: string) => s.trim().toLowerCase().replace(/[\s_]/g, "");
  const byKey = new Map(known.map((k) => [key(k), k]));
  const cols = new Map<string, number>();
  header.forEach((h, i) => {
    if (h.trim() === "") return;
    const name = byKey.get(key(h));
    if (!name) throw new CsvError(`Unknown column "${h.trim().slice(0, 60)}"; the template's columns are ${known.join(", ")}`);
    if (cols.has(name)) throw new CsvError(`Column ${name} appears twice`);
    cols.set(name, i);
  });
  const missing = required.filter((r) => !cols.has(r));
  if (missing.length) throw new CsvError(`Missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  for (const group of oneOf) {
    if (!group.some((g) => cols.has(g))) throw new CsvError(`Missing column ${group.join(" or ")}`);
  }
  return cols;
}

/** Joins row problems into one message: at most `max` listed, then "and N more". */
export function summarizeProblems(problems: string[], max = 20): string {
  const shown = problems.slice(0, max).join("; ");
  return problems.length > max ? `${shown}; and ${problems.length - max} more` : shown;
}
