import { defineConfig } from "vitest/config";

// Unit and integration tests next to the code (reference API areas, scripts). The contract suite has its
// own config (tests/contract/vitest.config.ts) because it runs against a whole deployment.
// TEST_DATABASE=postgres (npm run test:unit:pg) runs the reference API's tests again on a private PostgreSQL
// server the global setup starts (ADR 016), with the portal's PostgreSQL throttle store (app/**/*.pg-test.ts,
// ADR 022); the other tests do not touch a database and run once.
const onPostgres = process.env.TEST_DATABASE === "postgres";

/**
 * The reference API's files on PGlite: all of them (`npm run test:unit`), or with API_TESTS_ON_PGLITE=own (`npm test`,
 * whose PostgreSQL lane runs every one of them on PostgreSQL) only those about PGlite itself — the adapter's types and
 * time zone, and the embedded default's data directory kept across a restart. The rest of what PGlite answers is held
 * to PostgreSQL's by `db/parity.pg-test.ts` and `seed/world.test.ts` on that lane, and the E2E stack runs on it.
 * ADR 016.
 */
const PGLITE_OWN = ["reference-api/src/db/db.test.ts", "reference-api/src/main.test.ts"];
const apiOnPglite = process.env.API_TESTS_ON_PGLITE === "own" ? PGLITE_OWN : ["reference-api/**/*.test.ts"];

/**
 * Files that replace a module (`vi.mock`), or assert the state of a fresh process (no tracing started), need a module
 * graph of their own: a module another file of the same worker imported first would not be replaced, and the state
 * another file set (tracing.test starts tracing) would be there. Every other file shares its worker's modules (`isolate: false`): importing
 * each file's graph afresh was ~30 % of the lane's time (import 266 s of 880 s beside the E2E; 30 s shared). A file
 * must therefore leave no module state behind (the config's `setConfigForTesting`, timers, environment variables):
 * restore what it changes in `afterEach`/`afterAll`. ADR 016.
 */
const OWN_MODULES = ["app/auth/current-user.server.test.ts", "server/telemetry.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["reference-api/src/testing/postgres-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "shared-modules",
          isolate: false,
          include: onPostgres ? ["reference-api/**/*.test.ts", "reference-api/**/*.pg-test.ts", "app/**/*.pg-test.ts"] : [...apiOnPglite, "scripts/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
          exclude: ["**/node_modules/**", "data/**", ...OWN_MODULES],
        },
      },
      // On PostgreSQL only the reference API's files run, none of them with modules of their own.
      ...(onPostgres ? [] : [{ extends: true as const, test: { name: "own-modules", include: OWN_MODULES } }]),
    ],
  },
});
