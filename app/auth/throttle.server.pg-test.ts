/**
 * The throttle's PostgreSQL store (ADR 022) on a real PostgreSQL server: run by `npm run test:unit:pg`
 * (TEST_DATABASE=postgres; the global setup starts the server). Two throttles with a pool each stand for two
 * portal replicas sharing the counters.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountKey, createLimiterFactory, createThrottle, THROTTLE_TABLE } from "./throttle.server";

const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
const DB = "portal_throttle_test";
let url: string;

beforeAll(async () => {
  if (!adminUrl) throw new Error("TEST_POSTGRES_ADMIN_URL is not set: run with TEST_DATABASE=postgres (npm run test:unit:pg)");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB}`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${DB}`;
  url = u.toString();
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.end();
});

const settings = { keyPrefix: "pg-test", windowSeconds: 900, delayMs: 0, limits: { signInAccount: 3, signInAddress: 100, resetAccount: 5, resetAddress: 30, inviteAddress: 20 } };

describe("PostgreSQL store", () => {
  it("creates its table; failures counted by one replica refuse at another; a success clears them everywhere; no e-mail is stored", async () => {
    const storeA = createLimiterFactory({ kind: "postgres", url });
    const storeB = createLimiterFactory({ kind: "postgres", url });
    const a = createThrottle(settings, storeA);
    const b = createThrottle(settings, storeB);
    await Promise.all([storeA.ready(), storeB.ready()]);

    await a.signInFailed("Maya@Clinic.example", "203.0.113.7");
    await b.signInFailed("maya@clinic.example", "203.0.113.8");
    expect(await a.checkSignIn("maya@clinic.example", "203.0.113.9")).toMatchObject({ allowed: true });
    await a.signInSucceeded("maya@clinic.example");
    for (let i = 0; i < 3; i++) await (i % 2 ? a : b).signInFailed("maya@clinic.example", "203.0.113.7");
    expect(await b.checkSignIn("MAYA@clinic.example", "203.0.113.9")).toMatchObject({ allowed: false, message: "Too many sign-in attempts. Please wait 15 minutes and try again." });
    expect(await a.checkSignIn("maya@clinic.example", "203.0.113.9")).toMatchObject({ allowed: false });

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ key: string; points: number }>(`SELECT key, points FROM ${THROTTLE_TABLE} ORDER BY key`);
    await c.end();
    expect(rows.map((r) => r.key)).toContain(`pg-test:sign-in-account:${accountKey("maya@clinic.example")}`);
    expect(rows.some((r) => r.key.includes("@"))).toBe(false);
  });
});
