/**
 * A database of its own for a PostgreSQL-lane test file (`*.pg-test.ts`, ADR 016): created fresh before the file's
 * tests on the lane's server (TEST_POSTGRES_ADMIN_URL, set by `npm run test:unit:pg`) and dropped after them.
 * `url()` is its connection string once the file's `beforeAll` has run.
 */
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

export function testDatabase(name: string): { url: () => string } {
  const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
  let url: string | undefined;
  const asAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  beforeAll(async () => {
    if (!adminUrl) throw new Error("TEST_POSTGRES_ADMIN_URL is not set: run with TEST_DATABASE=postgres (npm run test:unit:pg)");
    await asAdmin(`DROP DATABASE IF EXISTS ${name}`);
    await asAdmin(`CREATE DATABASE ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    if (adminUrl) await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return {
    url: () => {
      if (!url) throw new Error("the test database is made in beforeAll");
      return url;
    },
  };
}
