import { defineConfig } from "vitest/config";

// Unit and integration tests next to the code (reference API areas, scripts). The contract suite has its
// own config (tests/contract/vitest.config.ts) because it runs against a whole deployment.
// TEST_DATABASE=postgres (npm run test:unit:pg) runs the reference API's tests again on a private PostgreSQL
// server the global setup starts (ADR 016), with the portal's PostgreSQL throttle store (app/**/*.pg-test.ts,
// ADR 022); the other tests do not touch a database and run once.
const onPostgres = process.env.TEST_DATABASE === "postgres";

export default defineConfig({
  test: {
    include: onPostgres ? ["reference-api/**/*.test.ts", "reference-api/**/*.pg-test.ts", "app/**/*.pg-test.ts"] : ["reference-api/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
    globalSetup: ["reference-api/src/testing/postgres-global-setup.ts"],
    exclude: ["**/node_modules/**", "data/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
