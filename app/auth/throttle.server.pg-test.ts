/**
 * The throttle's PostgreSQL store (ADR 022) on a real PostgreSQL server: run by `npm run test:unit:pg`
 * (TEST_DATABASE=postgres; the global setup starts the server). Two throttles with a pool each stand for two
 * portal replicas sharing the counters.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../testing/pg-database";
import { accountKey, createLimiterFactory, createThrottle, pairKey, THROTTLE_TABLE } from "./throttle.server";

const db = testDatabase("portal_throttle_test");

const settings = {
  keyPrefix: "pg-test",
  windowSeconds: 900,
  backoff: { free: 2, firstSeconds: 60, maxSeconds: 3600 },
  accountWindowSeconds: 24 * 3600,
  knownSeconds: 14 * 24 * 3600,
  limits: { signInAccount: 4, signInAddress: 100, resetAccount: 5, resetAddress: 20, resetCodeAccount: 10, resetCodeAddress: 30, inviteAddress: 20 },
};

describe("PostgreSQL store", () => {
  it("makes its table once when many replicas start together (none falls back to memory)", async () => {
    // CREATE TABLE IF NOT EXISTS alone races ("type … already exists"); a limiter that lost stayed on memory for good.
    const stores = Array.from({ length: 8 }, () => createLimiterFactory({ kind: "postgres", url: db.url() }));
    await Promise.all(stores.map((s) => s.ready()));
    const throttles = stores.map((s) => createThrottle({ ...settings, keyPrefix: "race" }, s));
    await Promise.all(throttles.map((t) => t.signInFailed("race@clinic.example", "198.51.100.1")));
    for (const t of throttles) expect(await t.checkSignIn("race@clinic.example", "198.51.100.1")).toMatchObject({ allowed: false });
  });

  it("creates its table; a pair's back-off, the account's ceiling and known addresses are seen by every replica; no e-mail is stored", async () => {
    const storeA = createLimiterFactory({ kind: "postgres", url: db.url() });
    const storeB = createLimiterFactory({ kind: "postgres", url: db.url() });
    const a = createThrottle(settings, storeA);
    const b = createThrottle(settings, storeB);
    await Promise.all([storeA.ready(), storeB.ready()]);

    // The pair (maya, .7) fails once at each replica: it waits, at both; maya elsewhere does not.
    await a.signInFailed("Maya@Clinic.example", "203.0.113.7");
    await b.signInFailed("maya@clinic.example", "203.0.113.7");
    expect(await a.checkSignIn("maya@clinic.example", "203.0.113.7")).toMatchObject({ allowed: false, message: "Too many sign-in attempts. Please wait 1 minute and try again.", retryAfterSeconds: 60 });
    expect(await b.checkSignIn("MAYA@clinic.example", "203.0.113.7")).toMatchObject({ allowed: false });
    expect(await b.checkSignIn("maya@clinic.example", "203.0.113.9")).toMatchObject({ allowed: true });
    // A sign-in at .9 makes it known; two more failures elsewhere reach the ceiling of 4: refused at new addresses only.
    await a.signInSucceeded("maya@clinic.example", "203.0.113.9");
    for (let i = 0; i < 4; i++) await (i % 2 ? a : b).signInFailed("maya@clinic.example", `203.0.113.${20 + i}`);
    expect(await b.checkSignIn("maya@clinic.example", "203.0.113.50")).toMatchObject({ allowed: false, message: "Too many sign-in attempts. Please wait 24 hours and try again." });
    expect(await a.checkSignIn("maya@clinic.example", "203.0.113.9")).toMatchObject({ allowed: true });

    const c = new pg.Client({ connectionString: db.url() });
    await c.connect();
    const { rows } = await c.query<{ key: string; points: number }>(`SELECT key, points FROM ${THROTTLE_TABLE} ORDER BY key`);
    await c.end();
    expect(rows.map((r) => r.key)).toContain(`pg-test:sign-in-account:${accountKey("maya@clinic.example")}`);
    expect(rows.map((r) => r.key)).toContain(`pg-test:sign-in-known:${pairKey("maya@clinic.example", "203.0.113.9")}`);
    expect(rows.some((r) => r.key.includes("@"))).toBe(false);
  });
});
