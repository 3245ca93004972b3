/**
 * vitest global setup of the unit tests: nothing on the embedded PGlite (the default); with
 * TEST_DATABASE=postgres it starts a private PostgreSQL server (scripts/testing/postgres-server.ts), migrates a
 * template database the test APIs clone, and stops and removes the server when the run ends.
 */
import { startPostgres } from "../../../scripts/testing/postgres-server.js";
import { migrate, openDb } from "../db/db.js";
import { MIGRATED_TEMPLATE, usePostgres } from "./postgres.js";

export default async function setup() {
  if (!usePostgres()) return;
  const started = Date.now();
  const server = await startPostgres();
  try {
    // Test workers are forked after the global setup and inherit its environment.
    process.env.TEST_POSTGRES_ADMIN_URL = server.adminUrl;
    const pg = (await import("pg")).default;
    const c = new pg.Client({ connectionString: server.adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${MIGRATED_TEMPLATE}`);
    await c.end();
    const db = await openDb({ databaseUrl: server.urlOf(MIGRATED_TEMPLATE), dataDir: "" });
    await migrate(db);
    await db.close();
    console.log(`PostgreSQL test mode: server on port ${server.port}, migrated template ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    await server.stop();
    throw e;
  }
  return () => server.stop();
}
