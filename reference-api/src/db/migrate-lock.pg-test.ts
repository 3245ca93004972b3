/**
 * Two reference APIs starting together on one fresh PostgreSQL database (two replicas of a deployment, issue 24):
 * the migrations and the first seed run under a PostgreSQL advisory lock, so one instance migrates and seeds and
 * the other waits, then finds the schema and the data in place. Without the lock both run `001_core.sql` at once
 * and one fails (a relation or a schema_migrations row that already exists), or both seed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate, openDb, type Db } from "./db.js";
import { createTestDatabase, usePostgres } from "../testing/postgres.js";

const migrationFiles = readdirSync(join(dirname(fileURLToPath(import.meta.url)), "migrations")).filter((f) => /^\d{3}_.+\.sql$/.test(f));
const open: Db[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const drop of drops.splice(0)) await drop();
});

describe("migrations under an advisory lock (PostgreSQL)", () => {
  it("two instances migrating one fresh database at once: one applies every migration, the other none, neither fails", async () => {
    if (!usePostgres()) throw new Error("migrate-lock.pg-test.ts runs in the PostgreSQL test mode (TEST_DATABASE=postgres)");
    const database = await createTestDatabase({ prefix: "lock" });
    drops.push(database.drop);
    const [a, b] = await Promise.all([openDb({ databaseUrl: database.url, dataDir: "" }), openDb({ databaseUrl: database.url, dataDir: "" })]);
    open.push(a!, b!);
    const seeded: string[] = [];
    // The first seed runs under the same lock: the second instance sees the first one's organizations.
    const seedIfEmpty = (name: string, db: Db) => async () => {
      const empty = !(await db.one("SELECT 1 FROM organizations LIMIT 1"));
      if (!empty) return;
      seeded.push(name);
      await new Promise((r) => setTimeout(r, 300));
      await db.query("INSERT INTO organizations (id, name) VALUES (gen_random_uuid(), $1)", [`Org ${name}`]);
    };
    const results = await Promise.allSettled([migrate(a!, { afterMigrations: seedIfEmpty("a", a!) }), migrate(b!, { afterMigrations: seedIfEmpty("b", b!) })]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const applied = results.map((r) => (r.status === "fulfilled" ? r.value : []));
    expect(applied.map((x) => x.length).sort((x, y) => x - y)).toEqual([0, migrationFiles.length]);
    const rows = await a!.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(rows.map((r) => r.name)).toEqual([...migrationFiles].sort());
    expect(seeded).toHaveLength(1);
  }, 120_000);
});
