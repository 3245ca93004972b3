/**
 * Starts the reference API: configuration → database (PGlite data directory, or DATABASE_URL) →
 * migrations → the demo world when the database is empty → the HTTP server. Stops gracefully on SIGTERM/SIGINT.
 * With an OTLP endpoint configured, traces start first (telemetry.ts, ADR 030): the server and the database are
 * imported after them, so that the instrumentations see them load.
 */
import { ConfigError, loadConfig } from "./config.js";
import { startApiTracing } from "./telemetry.js";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    // One line per problem, exit 1 (as the portal's server/index.ts does).
    const problems = e instanceof ConfigError ? e.problems : [(e as Error).message];
    for (const line of problems) console.error(`config: ${line}`);
    console.error(`config: ${problems.length} setting(s) missing or invalid; the reference API did not start.`);
    process.exit(1);
  }
  for (const line of config.warnings) console.error(`config: ${line}`);
  const tracing = await startApiTracing();
  const [{ createFileStore }, { migrate, openDb }, { seedWorld }, { buildServer }] = await Promise.all([
    import("./core/files.js"),
    import("./db/db.js"),
    import("./seed/index.js"),
    import("./server.js"),
  ]);
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
    await tracing?.shutdown().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e) => {
  console.error("reference-api: failed to start:", e);
  process.exit(1);
});
