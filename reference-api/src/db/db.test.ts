/**
 * The Db interface answers alike on PGlite and on PostgreSQL (run on both: npm run test:unit and
 * test:unit:pg, ADR 016): sessions in UTC whatever the server's zone (the test server runs in America/Denver),
 * bigint aggregates as numbers, `date` as midnight UTC, numeric as strings, timestamptz as Dates.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDb } from "../testing/harness.js";
import type { Db } from "./db.js";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db?.close());

it("runs its sessions in UTC", async () => {
  const r = await db.one<{ tz: string; today: string; same: boolean }>(
    "SELECT current_setting('TimeZone') AS tz, current_date::text AS today, (now()::date = (now() AT TIME ZONE 'UTC')::date) AS same",
  );
  expect(r).toEqual({ tz: "UTC", today: new Date().toISOString().slice(0, 10), same: true });
});

it("answers the same JavaScript types for the same SQL", async () => {
  const r = await db.one("SELECT count(*) AS n, sum(x)::bigint AS s, DATE '2026-03-01' AS d, 1.50::numeric AS num, TIMESTAMPTZ '2026-03-01 12:00:00+00' AS ts, ARRAY['A','B'] AS arr, '{\"a\":1}'::jsonb AS j FROM (VALUES (1), (2)) v(x)");
  expect(r).toEqual({ n: 2, s: 3, d: new Date("2026-03-01T00:00:00Z"), num: "1.50", ts: new Date("2026-03-01T12:00:00Z"), arr: ["A", "B"], j: { a: 1 } });
});
