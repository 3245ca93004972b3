/**
 * A small RFC 4180 CSV reader: comma-separated, fields optionally in double quotes (a quote inside a quoted
 * field is written twice), CRLF or LF line ends, a UTF-8 byte-order mark ignored. Quoted fields may span lines.
 * Returns the records with the line number each starts on (1-based); blank lines are skipped.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {}

export function parseCsv(text: string): CsvRecord[] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let startLine = 1;
  let i = 0;
  let quotedField = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "" && !quotedField)) records.push({ line: startLine, fields });
    fields = [];
    field = "";
    quotedField = false;
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"' && field === "" && !quotedField) {
      // A quoted field: read to the closing quote.
      quotedField = true;
      i++;
      for (;;) {
        if (i >= s.length) throw new CsvError(`Line ${startLine}: a quoted field is not closed`);
        const d = s[i]!;
        if (d === '"') {
          if (s[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (d === "\n") line++;
        field += d;
        i++;
      }
      const next = s[i];
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
        throw new CsvError(`Line ${line}: unexpected text after a closing quote`);
      }
      continue;
    }
    if (c === ",") {
      fields.push(field);
      field = "";
      quotedField = false;
      i++;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && s[i + 1] === "\n" ? 2 : 1;
      line++;
      startLine = line;
      continue;
    }
    if (c === '"') throw new CsvError(`Line ${line}: a quote inside an unquoted field`);
    field += c;
    i++;
  }
  if (field !== "" || fields.length > 0 || quotedField) endRecord();
  return records;
}

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
