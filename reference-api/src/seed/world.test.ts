/**
 * The whole demo world is a function of the seed and its day, never of the wall clock: two seeds of the same day,
 * made at different instants, hold the same rows in every column of every table. A timestamp the database fills
 * with now() at insert time, or one clamped to Date.now(), differs between them — and where a list orders by it
 * (care notes by date, created_at), PGlite and PostgreSQL answered two rows in different orders (the parity test
 * caught one). The day is tomorrow, so every instant the seed places "later today" lies in the future of the run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStore } from "../core/files.js";
import type { Db } from "../db/db.js";
import { migrate } from "../db/db.js";
import { createPgliteTestDb, createTestDb } from "../testing/harness.js";
import { usePostgres } from "../testing/postgres.js";
import { seedToday, seedWorld } from "./index.js";

/** Tables whose rows the seed does not write (bookkeeping of the running service). */
const NOT_SEEDED = new Set(["schema_migrations", "idempotency_keys"]);

/** A digest of every table (rows in a total order: their whole text). */
async function tableDigests(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const out: Record<string, string> = {};
  for (const { table_name: t } of tables.filter((x) => !NOT_SEEDED.has(x.table_name))) {
    const row = await db.one<{ n: string; d: string }>(`SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM "${t}" t`);
    out[t] = `${row!.n} rows, ${row!.d}`;
  }
  return out;
}

/** One digest per column of a table, to name what differs. */
async function columnDigests(db: Db, table: string): Promise<Record<string, string>> {
  const cols = (await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position", [table],
  )).map((c) => c.column_name);
  const select = cols.map((c, i) => `md5(coalesce(string_agg(coalesce(t."${c}"::text, '∅'), '|' ORDER BY t::text), '')) AS c${i}`).join(", ");
  const row = (await db.one<Record<string, string>>(`SELECT ${select} FROM "${table}" t`))!;
  return Object.fromEntries(cols.map((c, i) => [`${table}.${c}`, row[`c${i}`]!]));
}

let first: Db;
let second: Db;
const today = new Date(seedToday().getTime() + 86_400_000);

beforeAll(async () => {
  const seeded = async (db: Db) => {
    await migrate(db);
    await seedWorld({ db, files: createFileStore(db), world: "demo", today });
    return db;
  };
  // The PostgreSQL test mode compares PGlite's world with PostgreSQL's (serial numbers, insertion order too).
  first = await seeded(usePostgres() ? await createPgliteTestDb() : await createTestDb());
  second = await seeded(await createTestDb());
}, 300_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe("the demo world", () => {
  it(`is the same in every column of every table when seeded twice for the same day (${usePostgres() ? "PGlite and PostgreSQL" : "PGlite"})`, async () => {
    const [a, b] = [await tableDigests(first), await tableDigests(second)];
    expect(Object.keys(b)).toEqual(Object.keys(a));
    const differ: string[] = [];
    for (const t of Object.keys(a).filter((k) => a[k] !== b[k])) {
      const [ca, cb] = [await columnDigests(first, t), await columnDigests(second, t)];
      differ.push(...Object.keys(ca).filter((k) => ca[k] !== cb[k]));
    }
    expect(differ, `columns that differ between two seeds: ${differ.join(", ")}`).toEqual([]);
    expect(Number(a.interactions!.split(" ")[0])).toBeGreaterThan(100);
  });
});
