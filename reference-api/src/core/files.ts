import type { Db } from "../db/db.js";

/** The file store: blobs in the database's `files` table, served by signed URL. */
export interface FileStore {
  /** `createdAt`: the seed's instant (seeds never stamp the wall clock); now() otherwise. */
  put(key: string, data: Buffer | string, contentType: string, opts?: { createdAt?: string }): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** Bytes of file contents a store keeps in memory at most (the least recently read go first). */
export const FILE_CACHE_BYTES = 96 * 1024 * 1024;

/**
 * The store over `db`. Reads are served from memory when the row has not changed since it was read (its `xmin`: a
 * new row version on every write, by any process), so a large file — a 10-minute pose log is 21 MB — starts at once,
 * as an object store's would, instead of after the database has encoded the whole of it again (~270 ms on the bench
 * machine before the first byte: the replay's first frame waits for it, ADR 048).
 */
export function createFileStore(db: Db, cacheBytes = FILE_CACHE_BYTES): FileStore {
  const cache = new Map<string, { version: string; data: Buffer; contentType: string }>();
  let cached = 0;
  const forget = (key: string) => {
    const hit = cache.get(key);
    if (hit) cached -= hit.data.length;
    cache.delete(key);
  };
  const remember = (key: string, file: { version: string; data: Buffer; contentType: string }) => {
    forget(key);
    if (file.data.length > cacheBytes) return;
    for (const [k] of cache) {
      if (cached + file.data.length <= cacheBytes) break;
      forget(k);
    }
    cache.set(key, file);
    cached += file.data.length;
  };
  return {
    async put(key, data, contentType, opts = {}) {
      const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
      await db.query(
        // Bytes travel as base64 text: PGlite's binary parameter path is ~10x slower for large files.
        `INSERT INTO files (key, content_type, data, created_at) VALUES ($1, $2, decode($3, 'base64'), coalesce($4::timestamptz, now()))
         ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data, created_at = EXCLUDED.created_at`,
        [key, contentType, buf.toString("base64"), opts.createdAt ?? null],
      );
      forget(key);
    },
    async get(key) {
      const hit = cache.get(key);
      if (hit) {
        // Read before: unchanged since (its row version), it is served from memory.
        const head = await db.one<{ version: string }>("SELECT xmin::text AS version FROM files WHERE key = $1", [key]);
        if (head?.version === hit.version) {
          // The most recently read last (the first evicted is the least recently read).
          cache.delete(key);
          cache.set(key, hit);
          return { data: hit.data, contentType: hit.contentType };
        }
      }
      const row = await db.one<{ version: string; data: string; content_type: string }>(
        "SELECT xmin::text AS version, encode(data, 'base64') AS data, content_type FROM files WHERE key = $1",
        [key],
      );
      if (!row) {
        forget(key);
        return undefined;
      }
      const data = Buffer.from(row.data, "base64");
      remember(key, { version: row.version, data, contentType: row.content_type });
      return { data, contentType: row.content_type };
    },
    async exists(key) {
      return !!(await db.one("SELECT 1 FROM files WHERE key = $1", [key]));
    },
    async remove(key) {
      await db.query("DELETE FROM files WHERE key = $1", [key]);
      forget(key);
    },
  };
}
