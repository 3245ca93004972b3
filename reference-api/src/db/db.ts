import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The one database interface of the reference API. Two implementations: PGlite (embedded, a data
 * directory on disk) and PostgreSQL (`DATABASE_URL`). Both speak the same SQL, so handlers are written once.
 * Parameters are positional ($1, $2 …); arrays and JSON objects are passed as JS values.
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs several statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in a transaction; it commits when `fn` resolves and rolls back when it throws. */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` holding the PostgreSQL session-level advisory lock `key` (on a connection of its own, released
   * after `fn`): another process asking for the same lock waits. PGlite is one process's database: it runs `fn`.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Querier = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>; exec?: (sql: string) => Promise<unknown> };

/** Wraps a querier; without `txImpl` the querier already is a transaction and nested `tx` calls join it. */
function wrap(q: Querier, txImpl?: Db["tx"], close: () => Promise<void> = async () => {}, withLock: Db["withLock"] = (_key, fn) => fn()): Db {
  const db: Db = {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await q.query(sql, params)).rows[0] as T | undefined;
    },
    async exec(sql: string) {
      if (q.exec) await q.exec(sql);
      else await q.query(sql);
    },
    tx: txImpl ?? ((fn) => fn(db)),
    withLock,
    close,
  };
  return db;
}

/** A Db over an open PGlite instance (embedded database; also used by the test harness). */
export function pgliteDb(pg: import("@electric-sql/pglite").PGlite): Db {
  return wrap(
    pg as unknown as Querier,
    (fn) => pg.transaction((tx) => fn(wrap(tx as unknown as Querier))),
    () => pg.close(),
  );
}

/**
 * Creates a PGlite instance with the extensions the migrations use (pg_trgm for text search): on disk
 * (`dataDir`), from a dumped image (`loadDataDir`) or in memory (neither).
 */
export async function createPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<import("@electric-sql/pglite").PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, extensions: { pg_trgm } });
}

async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  return pgliteDb(await createPglite({ dataDir: join(dataDir, "pgdata") }));
}

/**
 * Values come back from PostgreSQL as they do from PGlite, so handlers see one set of types whichever
 * database runs: bigint (count(*), sums) as a number when it is a safe integer, `date` as midnight UTC (pg's
 * default is midnight in the process's local zone). Everything else already matches (timestamptz → Date,
 * numeric → string, json → parsed, arrays → arrays).
 */
async function postgresTypes(): Promise<import("pg").CustomTypesConfig> {
  const { types } = (await import("pg")).default;
  const INT8 = 20;
  const DATE = 1082;
  const parseInt8 = (v: string) => {
    const n = BigInt(v);
    return n < BigInt(Number.MIN_SAFE_INTEGER) || n > BigInt(Number.MAX_SAFE_INTEGER) ? n : Number(n);
  };
  const parseDate = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v);
  return {
    getTypeParser: ((oid: number, format?: "text" | "binary") => {
      if (format !== "binary" && oid === INT8) return parseInt8;
      if (format !== "binary" && oid === DATE) return parseDate;
      return types.getTypeParser(oid, format as "text");
    }) as import("pg").CustomTypesConfig["getTypeParser"],
  };
}

async function openPostgres(url: string): Promise<Db> {
  const pgMod = await import("pg");
  // Sessions in UTC like PGlite: current_date, date_trunc and timestamptz::date must not depend on the
  // server's configured zone (a clinic's server is often in local time).
  const pool = new pgMod.default.Pool({ connectionString: url, max: 10, types: await postgresTypes(), options: "-c TimeZone=UTC" });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is reported on the pool; without
  // a listener Node treats it as an uncaught error and the whole API exits. The pool drops that connection and
  // the next query opens a fresh one. (The code only: a message may quote data.)
  pool.on("error", (err: Error & { code?: string }) => {
    process.stderr.write(`reference-api: an idle database connection was closed by the server (${err.code ?? err.name}); it will be replaced\n`);
  });
  const root: Db = wrap(
    pool as unknown as Querier,
    async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client as unknown as Querier));
        await client.query("COMMIT");
        return result;
      } catch (e) {
        await client.query("ROLLBACK");
        throw e;
      } finally {
        client.release();
      }
    },
    () => pool.end(),
    async (key, fn) => {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [key]);
        try {
          return await fn();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
  );
  return root;
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), "migrations");

/** The advisory lock the migrations and the first seed run under (any constant the API's tables do not use). */
export const MIGRATION_LOCK_KEY = 0x65786572; // "exer"

/**
 * Applies the versioned migrations (`migrations/NNN_name.sql`, in name order) not applied yet, then runs
 * `afterMigrations` (the first seed), all under the advisory lock MIGRATION_LOCK_KEY: instances starting together
 * on one database (replicas of a deployment) take turns, and the later ones find the schema (and the seed) in
 * place. Returns the names applied by this call.
 */
export async function migrate(db: Db, opts: { afterMigrations?: () => Promise<void> } = {}): Promise<string[]> {
  return db.withLock(MIGRATION_LOCK_KEY, async () => {
    const applied = await migrateUnlocked(db);
    await opts.afterMigrations?.();
    return applied;
  });
}

async function migrateUnlocked(db: Db): Promise<string[]> {
  await db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
  const done = new Set((await db.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
  const files = readdirSync(migrationsDir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const f of files) {
    if (done.has(f)) continue;
    const sql = readFileSync(join(migrationsDir, f), "utf8");
    await db.tx(async (tx) => {
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [f]);
    });
    applied.push(f);
  }
  return applied;
}

/**
 * Inserts many rows at once (chunked multi-row VALUES). `rows` are arrays in `columns` order.
 * Use for seeding; handlers insert one row with a plain INSERT.
 */
export async function bulkInsert(db: Db, table: string, columns: string[], rows: unknown[][], chunk = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const params: unknown[] = [];
    const values = part.map((row) => `(${row.map((v) => { params.push(v); return `$${params.length}`; }).join(",")})`);
    await db.query(`INSERT INTO ${table} (${columns.join(",")}) VALUES ${values.join(",")}`, params);
  }
}
