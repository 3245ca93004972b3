import type { Db } from "../db/db.js";

/**
 * Exact counts of large lists without counting on every page view. A count is cached under its query and
 * the table's version (migration 071: bumped by every statement that writes the table); it is reused only
 * while the version read in the caller's own snapshot is unchanged, so the answer is always exact.
 */
export class CountCache {
  /** Per database (a process may hold several, e.g. tests): versions are only comparable within one. */
  private byDb = new WeakMap<Db, Map<string, { version: string; n: number }>>();

  constructor(private maxEntries = 2000) {}

  /**
   * SQL selecting a table's current version, to add as a column to a query of the same snapshot. A count that
   * reads several tables (a join) passes them all: the version is then the list of their versions.
   */
  static versionSql(table: string | readonly string[]): string {
    const tables = (typeof table === "string" ? [table] : [...table]).map((t) => t.replace(/'/g, ""));
    if (tables.length === 1) return `(SELECT version::text FROM table_versions WHERE name = '${tables[0]}')`;
    // NULL unless every table has a version row (count() then never reuses a cached value).
    return `(SELECT CASE WHEN count(*) = ${new Set(tables).size} THEN string_agg(version::text, '.' ORDER BY name) END
               FROM table_versions WHERE name IN (${tables.map((t) => `'${t}'`).join(", ")}))`;
  }

  /**
   * The count of `countSql` (which must select `n`), reusing the cached value when `version` (read with the
   * page in the same statement) matches. `today` and other inputs of the query belong in `params`.
   */
  async count(db: Db, table: string | readonly string[], version: string | null | undefined, countSql: string, params: unknown[]): Promise<number> {
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    const key = `${String(table)}\u0000${countSql}\u0000${JSON.stringify(params)}`;
    const hit = entries.get(key);
    // A missing version (no version row, or no page row to read it with) never matches: count afresh.
    if (version != null && hit && hit.version === version) return hit.n;
    const row = await db.one<{ n: string | number; v: string | null }>(`SELECT (${countSql}) AS n, ${CountCache.versionSql(table)} AS v`, params);
    const n = Number(row?.n ?? 0);
    if (row?.v == null) return n;
    if (entries.size >= this.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { version: row.v, n });
    return n;
  }
}

/** One cache per process; entries are kept per database, keyed by query and validated by version. */
export const countCache = new CountCache();
