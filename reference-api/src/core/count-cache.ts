import type { Db } from "../db/db.js";

/**
 * Exact counts of large lists without counting on every page view. A count is cached under its query and
 * the table's version (migration 071: bumped by every statement that writes the table); it is reused only
 * while the version read in the caller's own snapshot is unchanged, so the answer is always exact.
 */
export class CountCache {
  private entries = new Map<string, { version: string; n: number }>();

  constructor(private maxEntries = 2000) {}

  /** SQL selecting a table's current version, to add as a column to a query of the same snapshot. */
  static versionSql(table: string): string {
    return `(SELECT version::text FROM table_versions WHERE name = '${table.replace(/'/g, "")}')`;
  }

  /**
   * The count of `countSql` (which must select `n`), reusing the cached value when `version` (read with the
   * page in the same statement) matches. `today` and other inputs of the query belong in `params`.
   */
  async count(db: Db, table: string, version: string | undefined, countSql: string, params: unknown[]): Promise<number> {
    const key = `${countSql}\u0000${JSON.stringify(params)}`;
    const hit = this.entries.get(key);
    if (version !== undefined && hit && hit.version === version) return hit.n;
    const row = await db.one<{ n: string | number; v: string }>(`SELECT (${countSql}) AS n, ${CountCache.versionSql(table)} AS v`, params);
    const n = Number(row?.n ?? 0);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version: row!.v, n });
    return n;
  }
}

/** One cache per process; entries are keyed by query and validated by version, so sharing is safe. */
export const countCache = new CountCache();
