import type { Db } from "../db/db.js";

/** A column of a columnar insert: its name and the PostgreSQL type of its values. */
export interface ColumnSpec {
  name: string;
  /** Element type, e.g. "uuid", "text", "date", "timestamptz", "boolean"; "text[]" values are sent comma-joined. */
  type: string;
  /** Take the value of another column (by name) instead of sending it again, e.g. updated_at = created_at. */
  sameAs?: string;
  /**
   * Few distinct values (organization, location, provider ids): send the distinct values once and a small
   * integer per row (parsing 100k uuids costs more than 100k integers).
   */
  lookup?: boolean;
}

const SEP = "\x1f"; // unit separator between values
const NULL = "\x1e"; // record separator marks NULL

/**
 * Inserts many rows with one text parameter per column: each column travels as its values joined by a
 * control character and is split and cast on the server —
 * `INSERT … SELECT … FROM unnest(string_to_array($1, sep, null)::uuid[], …)`. About twice as fast as typed
 * array parameters and several times faster than multi-row VALUES (the 100k world); a handful of statements.
 * Array columns (`text[]`) travel comma-joined (values must not contain commas: product keys and similar codes).
 * Values must not contain the two control characters (names, e-mails, codes and dates do not).
 */
export async function insertColumns(db: Db, table: string, columns: ColumnSpec[], rows: unknown[][], chunk = 50_000): Promise<void> {
  const sent = columns.filter((c) => !c.sameAs);
  const isArray = (c: ColumnSpec) => c.type.endsWith("[]");
  const alias = (name: string) => `c${sent.findIndex((c) => c.name === name)}`;
  const indexes = sent.map((c) => columns.indexOf(c));
  // Parameters: one per sent column, then one distinct-values array per lookup column.
  const lookups = sent.filter((c) => c.lookup);
  const lookupParam = (c: ColumnSpec) => sent.length + lookups.indexOf(c) + 1;
  const select = columns.map((c) => {
    const src = c.sameAs ? sent.find((x) => x.name === c.sameAs)! : c;
    const a = alias(src.name);
    if (src.lookup) return `($${lookupParam(src)}::${src.type}[])[${a}]`;
    return isArray(c) ? `string_to_array(${a}, ',')::${c.type}` : a;
  });
  const unnest = sent.map((c, i) => `string_to_array($${i + 1}, E'\\x1f', E'\\x1e')::${c.lookup ? "int" : isArray(c) ? "text" : c.type}[]`);
  const sql = `INSERT INTO ${table} (${columns.map((c) => c.name).join(", ")})
    SELECT ${select.join(", ")} FROM unnest(${unnest.join(", ")}) AS t(${sent.map((_, i) => `c${i}`).join(", ")})`;
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const distinct = lookups.map(() => new Map<unknown, number>());
    const params: unknown[] = sent.map((c, j) => {
      const k = indexes[j]!;
      const seen = c.lookup ? distinct[lookups.indexOf(c)]! : undefined;
      return part.map((row) => {
        const v = row[k];
        if (v === null || v === undefined) return NULL;
        if (seen) {
          let n = seen.get(v);
          if (n === undefined) seen.set(v, (n = seen.size + 1));
          return String(n);
        }
        return isArray(c) && Array.isArray(v) ? v.join(",") : String(v);
      }).join(SEP);
    });
    for (const m of distinct) params.push([...m.keys()]);
    await db.query(sql, params);
  }
}
