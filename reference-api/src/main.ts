/**
 * Starts the reference API: configuration → database (PGlite data directory, or DATABASE_URL) →
 * migrations → the demo world when the database is empty → the HTTP server. Stops gracefully on SIGTERM/SIGINT.
 */
import { loadConfig } from "./config.js";
import { createFileStore } from "./core/files.js";
import { migrate, openDb } from "./db/db.js";
import { seedWorld } from "./seed/index.js";
import { buildServer } from "./server.js";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    console.error(`reference-api: configuration error: ${(e as Error).message}`);
    process.exit(2);
  }
  const t0 = Date.now();
  const db = await openDb(config);
  const { app } = await buildServer({ config, db });
  // Migrations and the first seed under one advisory lock (db.ts `migrate`): two instances starting together on
  // one PostgreSQL take turns; the second finds the schema and the seeded world in place.
  const applied = await migrate(db, {
    afterMigrations: async () => {
      app.log.info({ ms: Date.now() - t0, database: config.databaseUrl ? "postgres" : "pglite" }, "database migrated");
      const empty = !(await db.one("SELECT 1 FROM organizations LIMIT 1"));
      if (!empty || config.seedWorld === "none") return;
      const t = Date.now();
      await seedWorld({ db, files: createFileStore(db), world: config.seedWorld, log: (m) => app.log.info(m) });
      app.log.info({ ms: Date.now() - t, world: config.seedWorld }, "seeded a fresh database");
    },
  });
  app.log.info({ ms: Date.now() - t0, migrations: applied.length, database: config.databaseUrl ? "postgres" : "pglite" }, "database ready");
  await app.listen({ port: config.port, host: config.host });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e) => {
  console.error("reference-api: failed to start:", e);
  process.exit(1);
});
