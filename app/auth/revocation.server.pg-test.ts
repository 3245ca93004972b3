/**
 * The session revocations' PostgreSQL store (ADR 025) on a real PostgreSQL server: run by `npm run test:unit:pg`
 * (TEST_DATABASE=postgres; the global setup starts the server). Two stores with a pool each stand for two portal
 * replicas: a revocation written by one holds at the other on its next check. Also measures a check (one
 * primary-key lookup).
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../testing/pg-database";
import { PostgresRevocations, REVOCATION_TABLE, revocationKey, SessionRevocations } from "./revocation.server";

const db = testDatabase("portal_revocation_test");

const HOUR = 3_600_000;

describe("PostgreSQL store", () => {
  it("creates its table (two replicas at once); a revocation by one replica holds at the other; no identifier is stored", async () => {
    const storeA = new PostgresRevocations(db.url());
    const storeB = new PostgresRevocations(db.url());
    try {
      await Promise.all([storeA.ready(), storeB.ready()]);
      const a = new SessionRevocations(storeA, { keyPrefix: "pg-test", keepMs: 12 * HOUR });
      const b = new SessionRevocations(storeB, { keyPrefix: "pg-test", keepMs: 12 * HOUR });
      const session = { sid: "8d0c6f5e-sid", username: "user-7f3a", organizationId: "org-51b2", signedInAt: Date.now() - HOUR };

      expect(await b.check(session)).toBeUndefined();
      await a.revokeSession(session.sid);
      expect(await b.check(session)).toBe("session");
      expect(await b.check({ ...session, sid: "another-sid" })).toBeUndefined();

      await b.revokeUser("user-7f3a");
      expect(await a.check({ ...session, sid: "third-sid" })).toBe("user");
      await a.revokeOrganization("org-99");
      expect(await b.check({ sid: "x", username: "someone", organizationId: "org-99", signedInAt: Date.now() - 1000 })).toBe("organization");
      // A sign-in after the revocation is not refused.
      await new Promise((r) => setTimeout(r, 5));
      expect(await b.check({ sid: "y", username: "user-7f3a", organizationId: "org-99", signedInAt: Date.now() })).toBeUndefined();

      const c = new pg.Client({ connectionString: db.url() });
      await c.connect();
      const { rows } = await c.query<{ key: string }>(`SELECT key FROM ${REVOCATION_TABLE} ORDER BY key`);
      await c.end();
      expect(rows.map((r) => r.key)).toContain(revocationKey("pg-test", "session", session.sid));
      expect(rows.some((r) => /sid|user-7f3a|org-/.test(r.key))).toBe(false);

      // The per-request cost: one lookup of three keys, measured over 500 checks after a warm-up.
      const probe = { sid: "probe-sid", username: "probe-user", organizationId: "probe-org", signedInAt: Date.now() };
      for (let i = 0; i < 50; i++) await b.check(probe);
      const started = process.hrtime.bigint();
      for (let i = 0; i < 500; i++) await b.check(probe);
      const perCheckMs = Number(process.hrtime.bigint() - started) / 1e6 / 500;
      // A figure, not a pass mark (a loaded CI machine is no benchmark).
      console.log(`session revocation check on PostgreSQL: ${perCheckMs.toFixed(3)} ms per check (500 sequential)`);
    } finally {
      await Promise.all([storeA.close(), storeB.close()]);
    }
  });
});
