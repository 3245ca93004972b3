/**
 * A table the portal keeps in the shared PostgreSQL database (the throttle's counters, the session revocations):
 * created on first use by whichever replica gets there first. `CREATE TABLE IF NOT EXISTS` alone is not safe when
 * replicas start together — the loser fails with "type … already exists" or a unique violation on the catalogue —
 * so the creation holds a transaction-level advisory lock named after the table, and every replica waits its turn.
 * A failure is not remembered: the next call tries again.
 */
import type pg from "pg";

export function tableOnce(pool: pg.Pool, table: string, columns: string): () => Promise<void> {
  let created: Promise<void> | undefined;
  const create = async () => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`exer-portal-table:${table}`]);
      await client.query(`CREATE TABLE IF NOT EXISTS ${table} (${columns})`);
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
  return () =>
    (created ??= create().catch((err: unknown) => {
      created = undefined;
      throw err;
    }));
}
